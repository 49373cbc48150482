/**
 * A market's two token ids as the venue stores and answers them: the Conditional Tokens position
 * ids (or an imported market's source ids), read from the market's catalog row
 * (`markets.token_id_0/1`). Tests expect these ids in answers; `<condition_id>:<index>` is only an
 * input alias and never appears in an answer.
 *
 *   const [yes, no] = await tokenIdsOf(svc, conditionId);
 */
import type { Store } from '../../src/store/db.js';

export async function tokenIdsOf(svc: { store: Store }, conditionId: string): Promise<[string, string]> {
  const row = await svc.store.db.selectFrom('markets').select(['token_id_0', 'token_id_1'])
    .where('condition_id', '=', conditionId.toLowerCase()).executeTakeFirst();
  if (!row || !row.token_id_0 || !row.token_id_1) throw new Error(`no market ${conditionId} with token ids`);
  return [row.token_id_0, row.token_id_1];
}
