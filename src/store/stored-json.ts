/**
 * Stored answers (JSON text kept in a column, e.g. `events.list_json`) read as they will be
 * sent. On SQLite the column is selected as its UTF-8 bytes (`cast(… as blob)`): the driver
 * copies them into a Buffer, where reading it as text would decode it into a JS string (a
 * two-byte one as soon as the answer holds one non-ASCII character, such as `…`) only for
 * the response to encode it back. Measured on the scale catalog, a `GET /events` page of 20
 * stored items read and joined: 47–55 µs as bytes, 82–96 µs as text; an event's stored detail
 * 5.4 µs against 9–12 µs. On PostgreSQL the column stays text (its driver decodes anyway).
 */
import { SqliteAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/** A JSON document as read from a stored answer or built here: bytes or text, sent as they are. */
export type JsonText = string | Buffer;

/** `column` (a reference such as `e.detail_json`) as JsonText, or null where it is null. */
export function storedJson(db: Kysely<Database>, column: string): RawBuilder<JsonText | null> {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<Buffer | null>`cast(${sql.ref(column)} as blob)`
    : sql<string | null>`${sql.ref(column)}`;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A JSON array of these JSON documents: one Buffer if any of them is bytes, else a string. */
export function jsonArrayOf(items: JsonText[]): JsonText {
  if (!items.some(Buffer.isBuffer)) return `[${items.join(',')}]`;
  const parts: Buffer[] = [OPEN];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(typeof item === 'string' ? Buffer.from(item) : item);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
