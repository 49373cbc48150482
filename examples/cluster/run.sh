#!/bin/sh
# Three instances on one PostgreSQL and Redis, behind HAProxy on :8080 (docs/deployment.md).
#   DATABASE_URL=postgres://sibyl@127.0.0.1/sibyl REDIS_URL=redis://127.0.0.1:6379 ./examples/cluster/run.sh
# Ctrl-C stops everything. Needs: node 20, a PostgreSQL with the database created, redis, haproxy.
set -eu
: "${DATABASE_URL:?set DATABASE_URL (PostgreSQL)}"
: "${REDIS_URL:?set REDIS_URL}"
cd "$(dirname "$0")/../.."
export SIBYL_ADMIN_TOKEN="${SIBYL_ADMIN_TOKEN:-$(openssl rand -hex 16)}"
export SIBYL_MASTER_KEY="${SIBYL_MASTER_KEY:-$(openssl rand -hex 32)}"   # the same on every instance
export SIBYL_TRUST_PROXY=127.0.0.1 SIBYL_DEMO=0 HOST=127.0.0.1
pids=""
trap 'kill $pids 2>/dev/null; wait' INT TERM EXIT
for n in 1 2 3; do
  port=808$n
  SIBYL_DATA_DIR="./data-$n" PORT=$port SIBYL_ADVERTISE_URL="http://127.0.0.1:$port" node bin/sibyl.js serve &
  pids="$pids $!"
  [ $n = 1 ] && sleep 5   # the first migrates the database; the others start as followers
done
haproxy -f examples/cluster/haproxy.cfg &
pids="$pids $!"
echo "admin token: $SIBYL_ADMIN_TOKEN — try: curl -s -H \"Authorization: Bearer \$SIBYL_ADMIN_TOKEN\" localhost:808{1,2,3}/admin/status"
wait
