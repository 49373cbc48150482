/**
 * `GET /orderbook-history` (docs/sandbox.md): a token's stored book snapshots (book-history.ts)
 * whose `timestamp` lies in [startTs, endTs] (Unix milliseconds, both optional, inclusive), in
 * time order, `limit` (1–1000, default 100) from `offset` (0–1,000,000), as `{count, data}`:
 * `count` is how many snapshots the range holds in all, `data` the page, each entry exactly the
 * JSON `/book` answered at that time. The body is assembled from the stored JSON texts.
 */
import { inflateRawSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { errors } from '../errors/catalogue.js';
import { tokenFilter } from './tokens.js';
import type { TokenDirectory } from '../domain/ids.js';

export const HISTORY_LIMIT_DEFAULT = 100;
export const HISTORY_LIMIT_MAX = 1000;
export const HISTORY_OFFSET_MAX = 1_000_000;

export interface BookHistoryQuery {
  asset_id?: string | undefined;
  startTs?: string | undefined;
  endTs?: string | undefined;
  limit?: string | undefined;
  offset?: string | undefined;
}

function int(name: string, text: string | undefined, def: number | undefined, min: number, max: number, what: string): number | undefined {
  if (text === undefined || text === '') return def;
  if (!/^\d{1,16}$/.test(text) || Number(text) < min || Number(text) > max) throw errors.badRequest(`${name} must be ${what}`);
  return Number(text);
}

export async function bookHistory(db: Kysely<any>, tokens: TokenDirectory, q: BookHistoryQuery): Promise<Buffer> {
  if (q.asset_id === undefined || q.asset_id === '') throw errors.badRequest('asset_id is required');
  const token = { tokenId: tokenFilter(tokens, q.asset_id) };
  const ms = 'a Unix timestamp in milliseconds';
  const start = int('startTs', q.startTs, undefined, 0, Number.MAX_SAFE_INTEGER, ms);
  const end = int('endTs', q.endTs, undefined, 0, Number.MAX_SAFE_INTEGER, ms);
  if (start !== undefined && end !== undefined && start > end) throw errors.badRequest('startTs must not be after endTs');
  const limit = int('limit', q.limit, HISTORY_LIMIT_DEFAULT, 1, HISTORY_LIMIT_MAX, `an integer from 1 to ${HISTORY_LIMIT_MAX}`)!;
  const offset = int('offset', q.offset, 0, 0, HISTORY_OFFSET_MAX, `an integer from 0 to ${HISTORY_OFFSET_MAX}`)!;

  let base = db.selectFrom('book_history').where('asset_id', '=', token.tokenId);
  if (start !== undefined) base = base.where('ts', '>=', start);
  if (end !== undefined) base = base.where('ts', '<=', end);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['body']).orderBy('ts').orderBy('id').limit(limit).offset(offset).execute();
  const parts = rows.map((r: { body: Uint8Array }) => inflateRawSync(r.body).toString('utf8'));
  return Buffer.from(`{"count":${Number(counted.n)},"data":[${parts.join(',')}]}`);
}
