/**
 * The `order` parameter of the catalog lists: comma-separated camelCase field names of the
 * response (docs/venue.md §6), each mapped to an indexed column. An unknown name is a 400 that lists
 * the valid ones. `ascending` applies to every named column; the row id always breaks ties in the
 * same direction so pages are stable.
 */
import { sql } from 'kysely';
import { errors } from '../errors/catalogue.js';

export type SortColumns = Readonly<Record<string, string>>;

/** Sortable fields of `GET /events`. */
export const EVENT_ORDER: SortColumns = {
  id: 'id', slug: 'slug', title: 'title', ticker: 'ticker', startDate: 'start_date', endDate: 'end_date',
  creationDate: 'creation_date', createdAt: 'created_at', updatedAt: 'updated_at', volume: 'volume', liquidity: 'liquidity',
};

/** Sortable fields of `GET /events/creators`. */
export const CREATOR_ORDER: SortColumns = {
  id: 'id', creatorName: 'creator_name', creatorHandle: 'creator_handle', createdAt: 'created_at', updatedAt: 'updated_at',
};

/** Sortable fields of `GET /comments`. */
export const COMMENT_ORDER: SortColumns = {
  id: 'id', createdAt: 'created_at', updatedAt: 'updated_at', reactionCount: 'reaction_count', replyCount: 'reply_count',
};

export interface OrderBy { columns: string[]; direction: 'asc' | 'desc' }

/** Columns that may be NULL (dates a record never had). */
const NULLABLE = new Set(['start_date', 'end_date', 'creation_date']);

/**
 * The ORDER BY terms of a parsed order for table alias `alias`. Missing dates sort as if later
 * than every date (PostgreSQL's native rule, spelled out so SQLite agrees).
 */
export function orderTerms(order: OrderBy, alias: string) {
  return order.columns.map((col) => {
    const ref = sql.ref(`${alias}.${col}`);
    if (!NULLABLE.has(col)) return order.direction === 'asc' ? sql`${ref} asc` : sql`${ref} desc`;
    return order.direction === 'asc' ? sql`${ref} asc nulls last` : sql`${ref} desc nulls first`;
  });
}

export function parseOrder(order: string | undefined, allowed: SortColumns, ascending: boolean | undefined, fallback: string): OrderBy {
  const names = (order ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) names.push(fallback);
  const columns = names.map((n) => {
    const col = Object.hasOwn(allowed, n) ? allowed[n] : undefined; // never Object.prototype's keys
    if (!col) throw errors.badRequest(`order: unknown field ${n}; valid fields: ${Object.keys(allowed).join(', ')}`);
    return col;
  });
  if (!columns.includes('id')) columns.push('id');
  return { columns, direction: ascending ? 'asc' : 'desc' };
}
