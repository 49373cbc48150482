/**
 * One vocabulary (issue #26): inside the code the account is the `wallet`; `owner` is the spec's
 * word for the API key on the wire only. The exchange tables named the account `owner`, so
 * `orders.owner`, `trades.owner` and `trade_makers.owner` become `wallet` (as in balances,
 * positions, activity and the journal), and the two indexes leading with it are named after it:
 * `trades_owner` → `trades_wallet (wallet, seq)`, `trade_makers_owner` → `trade_makers_wallet
 * (wallet, trade_id)`. No trigger or view reads these columns (the triggers of 0005/0018/0024 are
 * on catalog tables); both dialects rewrite the indexes on a column rename.
 *
 * PostgreSQL renames an index in place; SQLite cannot, so there the two indexes are built again
 * (once, O(rows)). Kysely runs SQLite migrations outside a transaction: this one opens its own so
 * a crash leaves either the old names or the new ones.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const TABLES = ['orders', 'trades', 'trade_makers'];
const INDEXES: Array<[from: string, to: string, table: string, columns: string]> = [
  ['trades_owner', 'trades_wallet', 'trades', 'wallet, seq'],
  ['trade_makers_owner', 'trade_makers_wallet', 'trade_makers', 'wallet, trade_id'],
];

async function rename(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  for (const table of TABLES) await sql.raw(`alter table ${table} rename column owner to wallet`).execute(db);
  for (const [from, to, table, columns] of INDEXES) {
    if (ctx.dialect === 'postgres') {
      await sql.raw(`alter index ${from} rename to ${to}`).execute(db);
    } else {
      await sql.raw(`drop index ${from}`).execute(db);
      await sql.raw(`create index ${to} on ${table} (${columns})`).execute(db);
    }
  }
}

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  // PostgreSQL: the migrator already runs this in a transaction (transactional DDL).
  if (ctx.dialect === 'postgres') await rename(db, ctx);
  else await db.transaction().execute((tx) => rename(tx, ctx));
}
