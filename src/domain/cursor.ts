/**
 * Offset cursors of every paginated list (docs/venue.md §5): `next_cursor` is the base64
 * of the decimal offset (`MA==` = 0, `MTAw` = 100) and `LTE=` (base64 of "-1") marks the end.
 * Anything else — bad base64, a non-decimal, a negative or absurd offset — is the real
 * service's 400 `Invalid next_cursor`.
 */
import { errors } from '../errors/catalogue.js';

export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';
/** Offsets beyond this are refused: no list we serve is that long, and it keeps SQL offsets sane. */
const MAX_OFFSET = 1_000_000_000;

export function encodeCursor(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64');
}

/**
 * The offset a cursor names; `null` for the end cursor (the caller answers an empty page).
 * An absent or empty cursor is the first page.
 */
export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return 0;
  if (cursor === END_CURSOR) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cursor) || cursor.length % 4 !== 0) throw errors.invalidCursor();
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  if (!/^(0|[1-9]\d{0,9})$/.test(text)) throw errors.invalidCursor();
  const offset = Number(text);
  if (offset > MAX_OFFSET) throw errors.invalidCursor();
  return offset;
}

export interface Page<T> {
  data: T[];
  next_cursor: string;
  limit: number;
  count: number;
}

/** The envelope of one page, given the rows fetched with one extra row to see whether more follow. */
export function pageOf<T>(rows: T[], offset: number, limit: number): Page<T> {
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  return { data, next_cursor: more ? encodeCursor(offset + limit) : END_CURSOR, limit, count: data.length };
}

export function endPage<T>(limit: number): Page<T> {
  return { data: [], next_cursor: END_CURSOR, limit, count: 0 };
}
