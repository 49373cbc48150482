/**
 * `GET /events/creators` and `GET /tags`: the two small catalog lists. Creator name and handle
 * filters are exact, case-insensitive matches on the shown value, which falls back to the
 * creator's wallet when the name or handle is empty (format.ts creatorOut).
 */
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { creatorOut, tagOut, type CreatorRow, type TagRow } from './format.js';
import { CREATOR_ORDER, orderTerms, parseOrder } from './order.js';
import { literal } from '../store/prepared.js';
import type { WireCreator, WireTag } from './schemas.js';

export interface CreatorListQuery {
  limit: number; offset: number; order?: string; ascending?: boolean; creator_name?: string; creator_handle?: string;
}

export async function listCreators(db: Db, q: CreatorListQuery): Promise<WireCreator[]> {
  const order = parseOrder(q.order, CREATOR_ORDER, q.ascending, 'id');
  let query = db.selectFrom('event_creators as c').selectAll('c');
  const shown = (col: 'creator_name' | 'creator_handle') =>
    sql<string>`lower(case when ${sql.ref(`c.${col}`)} = '' then coalesce(c.wallet, '') else ${sql.ref(`c.${col}`)} end)`;
  if (q.creator_name !== undefined) query = query.where(shown('creator_name'), '=', q.creator_name.toLowerCase());
  if (q.creator_handle !== undefined) query = query.where(shown('creator_handle'), '=', q.creator_handle.toLowerCase());
  for (const term of orderTerms(order, 'c')) query = query.orderBy(term);
  const rows: CreatorRow[] = await query.limit(literal(q.limit)).offset(q.offset).execute();
  return rows.map(creatorOut);
}

export async function listTags(db: Db, q: { limit: number; offset: number }): Promise<WireTag[]> {
  const rows: TagRow[] = await db.selectFrom('tags').selectAll().orderBy('id', 'asc').limit(literal(q.limit)).offset(q.offset).execute();
  return rows.map(tagOut);
}
