/**
 * Gamma's cursor pages (`/events/keyset`, `/markets/keyset`; docs/venue.md §5): the cursor is
 * opaque to clients; here it is the offset of the next page, and the last page has no
 * `next_cursor`.
 */
import { errors } from '../../errors/catalogue.js';

/** The offset an `after_cursor` stands for; a 400 for anything this API did not give. */
export function cursorOffset(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^[0-9]{1,9}$/.test(cursor)) throw errors.badRequest('after_cursor: not a cursor this API gave');
  return Number(cursor);
}

/** `{next_cursor}` when the page is full, else nothing. */
export function nextCursor(count: number, limit: number, offset: number): { next_cursor?: string } {
  return count === limit ? { next_cursor: String(offset + limit) } : {};
}
