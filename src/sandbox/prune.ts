/**
 * Retention of the simulated accounts' history (docs/sandbox.md): their closed orders, their
 * trades (taker and every maker simulated), their activity and journal rows older than the
 * retention are deleted, a small batch at a time, so a venue left running for weeks does not
 * fill the disk. Each table is walked by rowid from a cursor (cheap reads in insertion order,
 * no index on the write path); a step reads at most BATCH rows of each table and deletes what
 * qualifies in one short transaction. The cursor stops at the first row young enough to keep
 * for that reason (time order), and starts over from the beginning after a restart. A real
 * client's rows are never touched. Embedded store only; PostgreSQL has prune-pg.ts.
 */
import type SqliteDatabase from 'better-sqlite3';

const BATCH = 500;

interface TableRule {
  table: string;
  /** Columns read per row: the time column first. */
  time: string;
  /** Whether a row older than the cutoff may go (its wallet columns are simulated, it is closed). */
  select: string;
}

const RULES: TableRule[] = [
  { table: 'orders', time: 'created_at', select: 'wallet as a, status as st' },
  { table: 'trades', time: 'match_time', select: 'wallet as a, id as tid' },
  { table: 'activity', time: 'timestamp', select: 'wallet as a' },
  { table: 'ledger_entries', time: 'created_at', select: 'wallet as a' },
];

export class SimPruner {
  private readonly cursors = new Map<string, number>();
  readonly deleted: Record<string, number> = {};

  constructor(private readonly db: SqliteDatabase.Database, private readonly accounts: () => Set<string>) {}

  /** One batch per table; returns how many rows were deleted. */
  step(cutoff: number): number {
    const sim = this.accounts();
    let total = 0;
    for (const rule of RULES) {
      const from = this.cursors.get(rule.table) ?? 0;
      const rows = this.db.prepare(`select rowid as r, ${rule.time} as t, ${rule.select} from ${rule.table} where rowid > ? order by rowid limit ${BATCH}`)
        .all(from) as Array<{ r: number; t: number; a: string; st?: string; tid?: string }>;
      const gone: Array<{ r: number; tid?: string }> = [];
      let cursor = from;
      for (const row of rows) {
        if (Number(row.t) >= cutoff) break; // insertion order is time order: the rest are younger
        cursor = row.r;
        if (!sim.has(row.a)) continue;
        if (rule.table === 'orders' && row.st === 'LIVE') continue;
        gone.push(row);
      }
      if (rule.table === 'trades') this.keepMixed(gone, sim);
      this.db.transaction(() => {
        const del = this.db.prepare(`delete from ${rule.table} where rowid = ?`);
        const makers = this.db.prepare('delete from trade_makers where trade_id = ?');
        for (const g of gone) {
          del.run(g.r);
          if (g.tid !== undefined) makers.run(g.tid);
        }
      })();
      this.cursors.set(rule.table, cursor);
      this.deleted[rule.table] = (this.deleted[rule.table] ?? 0) + gone.length;
      total += gone.length;
    }
    return total;
  }

  /** Keeps the trades a real client made (as a maker): only wholly simulated trades go. */
  private keepMixed(gone: Array<{ r: number; tid?: string }>, sim: Set<string>): void {
    const wallets = this.db.prepare('select wallet from trade_makers where trade_id = ?').pluck();
    for (let i = gone.length - 1; i >= 0; i--) {
      if ((wallets.all(gone[i]!.tid) as string[]).some((o) => !sim.has(o))) gone.splice(i, 1);
    }
  }
}
