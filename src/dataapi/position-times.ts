/**
 * The last-change time (`timestamp`) of positions. The core keeps no time per position; the
 * database does (positions.updated_at, set when the change's batch is written). To keep SQL off
 * the /positions path, a wallet's times are read in one query and kept in the data API's area
 * `dataapi:position-times` under the wallet's version from the event sequence (stamps.ts: the
 * core generation and the wallet's stamp, which moves when its positions change and again when
 * that change is durable). They are kept only when every stored row is the state the core holds
 * (same size and totalBought: every change alters one of the two — a sell lowers the size; getting
 * back to it takes a buy, which raises totalBought); a row the database does not have yet (its
 * batch is being written) is "now", and a page showing one is not kept.
 */
import type { Kysely } from 'kysely';
import type { PositionRow } from '../ledger/types.js';
import type { Database } from '../store/schema.js';
import type { CacheArea, Version } from '../store/cache.js';
import { positionTimeRows } from './queries.js';

/** The bytes a wallet's times hold in the cache (map slots, keys of ~80 characters), for its budget. */
export const timesBytes = (m: Map<string, number>): number => 64 + m.size * 240;

export class PositionTimes {
  constructor(private readonly db: Kysely<Database>, private readonly area: CacheArea<Map<string, number>>) {}

  /**
   * ms of the last change of each of `page` (some of the wallet's positions), given `all` its
   * positions as the core holds them at `version`; `durable` is false when some row of `page` is
   * not in the database yet (its time is `now`).
   */
  async of(wallet: string, version: Version, all: PositionRow[], page: PositionRow[], now: number): Promise<{ times: Map<string, number>; durable: boolean }> {
    let times = this.area.get(wallet, version);
    if (times === undefined) {
      const stored = new Map((await positionTimeRows(this.db, wallet)).map((r) => [r.asset, r]));
      times = new Map();
      for (const p of all) {
        const r = stored.get(p.asset);
        if (r && r.size === p.size && r.total_bought === p.totalBought) times.set(p.asset, r.updated_at);
      }
      if (times.size === all.length) this.area.set(wallet, version, times);
    }
    const out = new Map<string, number>();
    let durable = true;
    for (const p of page) {
      const at = times.get(p.asset);
      if (at === undefined) durable = false;
      out.set(p.asset, at ?? now);
    }
    return { times: out, durable };
  }
}
