/**
 * Token ids on the market-data routes: `<condition_id>:<outcome_index>` (runtime.md). A text
 * that is not of that form is the real service's 400 `Invalid token id`; a well-formed id whose
 * market has no book in the exchange is its 404 `No orderbook exists for the requested token id`.
 * Also the one per-market fact the book snapshot needs from the catalog (`neg_risk`, fixed when
 * the market is created), cached for the life of the process.
 */
import { ApiError, errors } from '../errors/catalogue.js';
import { TOKEN_ID } from '../domain/ids.js';
import { TokenCodec, tokenCodec } from '../domain/token-codec.js';
import type { Db } from '../catalog/write.js';

export const MSG_INVALID_TOKEN = 'Invalid token id';
export const MSG_NO_BOOK = 'No orderbook exists for the requested token id';

export interface TokenRef {
  tokenId: string;
  conditionId: string;
  outcome: 0 | 1;
}

/** Parses a token id (hex digits in any case); throws 400 `Invalid token id`. */
export function parseToken(input: unknown): TokenRef {
  if (typeof input !== 'string' || input.length > 100) throw errors.badRequest(MSG_INVALID_TOKEN);
  let text = input;
  if (TokenCodec.isNumeric(text)) { // a CTF position id (docs/bots.md): accepted in both modes
    const internal = tokenCodec().internal(text);
    if (internal === undefined) throw noBook();
    text = internal;
  }
  const m = TOKEN_ID.exec(text) ?? TOKEN_ID.exec(text.toLowerCase());
  if (!m) throw errors.badRequest(MSG_INVALID_TOKEN);
  const conditionId = m[1]!;
  const outcome = m[2] === '0' ? 0 : 1;
  return { tokenId: `${conditionId}:${outcome}`, conditionId, outcome };
}

export const noBook = (): ApiError => errors.notFound(MSG_NO_BOOK);

export interface MarketStatics {
  negRisk: boolean;
  /** When the market was created (ms): the book's timestamp until its first change. */
  createdAt: number;
}

/** Catalog facts that never change after a market is created, loaded once per market. */
export class StaticsCache {
  private readonly known = new Map<string, MarketStatics>();

  constructor(private readonly db: Db) {}

  peek(conditionId: string): MarketStatics | undefined {
    return this.known.get(conditionId);
  }

  async get(conditionId: string): Promise<MarketStatics> {
    const hit = this.known.get(conditionId);
    if (hit) return hit;
    const row = await this.db.selectFrom('markets').select(['neg_risk', 'created_at']).where('condition_id', '=', conditionId).executeTakeFirst();
    const s: MarketStatics = { negRisk: Number(row?.neg_risk ?? 0) === 1, createdAt: Number(row?.created_at ?? 0) };
    if (row) this.known.set(conditionId, s);
    return s;
  }
}
