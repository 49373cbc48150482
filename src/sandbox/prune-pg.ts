/**
 * Retention of the simulated accounts' history on PostgreSQL (docs/sandbox.md; the embedded
 * store's pruner, prune.ts, walks SQLite rowids). The same rows go: the simulated accounts'
 * closed orders, their wholly simulated trades (with their maker rows), their activity and
 * journal rows older than the retention — at most BATCH of each table a step, selected by their
 * `wallet` column (trades and their makers through `trades_wallet` / `trade_makers_wallet`,
 * activity through `activity_wallet_id`; orders and the journal lost theirs in migration 0010)
 * and deleted in one short transaction, concurrently with the writer.
 * A real client's rows are never touched.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

const BATCH = 500;

export class PgSimPruner {
  readonly deleted: Record<string, number> = {};

  constructor(private readonly db: Kysely<Database>, private readonly accounts: () => Set<string>) {}

  /** One batch per table; resolves with how many rows were deleted. */
  async step(cutoff: number): Promise<number> {
    const sim = [...this.accounts()];
    if (sim.length === 0) return 0;
    const counts: Record<string, number> = {};
    await this.db.transaction().execute(async (tx) => {
      const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
      counts.orders = n(await tx.deleteFrom('orders').where('id', 'in', tx.selectFrom('orders').select('id').where('wallet', 'in', sim)
        .where('status', '!=', 'LIVE').where('created_at', '<', cutoff).limit(BATCH)).executeTakeFirstOrThrow());
      // Only wholly simulated trades go: one with a real client as a maker is kept (and never fills the batch).
      const trades = (await tx.selectFrom('trades as t').select('t.id').where('t.wallet', 'in', sim).where('t.match_time', '<', cutoff)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('trade_makers as m').select('m.trade_id')
          .whereRef('m.trade_id', '=', 't.id').where('m.wallet', 'not in', sim))))
        .limit(BATCH).execute()).map((r) => r.id);
      if (trades.length) {
        await tx.deleteFrom('trade_makers').where('trade_id', 'in', trades).execute();
        await tx.deleteFrom('trades').where('id', 'in', trades).execute();
      }
      counts.trades = trades.length;
      counts.activity = n(await tx.deleteFrom('activity').where('id', 'in', tx.selectFrom('activity').select('id').where('wallet', 'in', sim)
        .where('timestamp', '<', cutoff).limit(BATCH)).executeTakeFirstOrThrow());
      counts.ledger_entries = n(await tx.deleteFrom('ledger_entries').where('id', 'in', tx.selectFrom('ledger_entries').select('id')
        .where('wallet', 'in', sim).where('created_at', '<', cutoff).limit(BATCH)).executeTakeFirstOrThrow());
    });
    let total = 0;
    for (const [table, n] of Object.entries(counts)) {
      this.deleted[table] = (this.deleted[table] ?? 0) + n;
      total += n;
    }
    return total;
  }
}
