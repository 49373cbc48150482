/** The operator's own SQL: the status counts and the per-market book-history setting. */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export type Counted = 'events' | 'markets' | 'comments' | 'profiles';

export async function countRows(db: Kysely<Database>, table: Counted): Promise<number> {
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** `book_history_markets` (migration 0021) is not in the store's schema type: its one row shape here. */
interface BookHistoryMarkets { book_history_markets: { condition_id: string; every_trade: number; updated_at: number } }

/** Whether a market's books are also recorded on every trade (docs/sandbox.md). */
export async function setEveryTrade(db: Kysely<Database>, conditionId: string, everyTrade: boolean, now: number): Promise<void> {
  const every = everyTrade ? 1 : 0;
  await (db as unknown as Kysely<BookHistoryMarkets>).insertInto('book_history_markets')
    .values({ condition_id: conditionId, every_trade: every, updated_at: now })
    .onConflict((oc) => oc.column('condition_id').doUpdateSet({ every_trade: every, updated_at: now })).execute();
}
