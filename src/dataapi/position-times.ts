/**
 * The last-change time (`timestamp`) of positions. The core keeps no time per position; the
 * database does (positions.updated_at, set when the change's batch is written). To keep SQL off
 * the /positions path, the times read from the database are remembered with the position's
 * (size, totalBought) at that time: every change to a position alters one of the two (a sell
 * lowers the size; getting back to it takes a buy, which raises totalBought), so a remembered
 * time is valid exactly while both still match the core. Rows that do not match are read again
 * in one query; a row the database does not have yet (its batch is being written) is "now".
 */
import type { Kysely } from 'kysely';
import type { PositionRow } from '../ledger/types.js';
import type { Database } from '../store/schema.js';

interface Known { size: number; totalBought: number; at: number }

/** Wallets remembered per database handle before the memory starts over. */
const MAX_WALLETS = 20_000;
const memory = new WeakMap<object, Map<string, Map<string, Known>>>();

function walletsOf(db: Kysely<Database>): Map<string, Map<string, Known>> {
  let m = memory.get(db);
  if (!m) memory.set(db, (m = new Map()));
  return m;
}

/**
 * ms of the last change of each of `rows` (one wallet's positions, as the core holds them);
 * `durable` is false when some row's change is not in the database yet (its time is `now`).
 */
export async function positionTimes(db: Kysely<Database>, wallet: string, rows: PositionRow[], now: number): Promise<{ times: Map<string, number>; durable: boolean }> {
  const wallets = walletsOf(db);
  let known = wallets.get(wallet);
  const out = new Map<string, number>();
  const stale: PositionRow[] = [];
  for (const p of rows) {
    const k = known?.get(p.asset);
    if (k && k.size === p.size && k.totalBought === p.totalBought) out.set(p.asset, k.at);
    else stale.push(p);
  }
  if (stale.length === 0) return { times: out, durable: true };
  const dbRows = await db.selectFrom('positions').select(['asset', 'size', 'total_bought', 'updated_at'])
    .where('wallet', '=', wallet).where('asset', 'in', stale.map((p) => p.asset)).execute();
  const byAsset = new Map(dbRows.map((r) => [r.asset, r]));
  if (!known) {
    if (wallets.size >= MAX_WALLETS) wallets.clear();
    wallets.set(wallet, (known = new Map()));
  }
  let durable = true;
  for (const p of stale) {
    const r = byAsset.get(p.asset);
    if (r && r.size === p.size && r.total_bought === p.totalBought) {
      known.set(p.asset, { size: r.size, totalBought: r.total_bought, at: r.updated_at });
      out.set(p.asset, r.updated_at);
    } else {
      out.set(p.asset, now);
      durable = false;
    }
  }
  return { times: out, durable };
}
