/**
 * Token ids on the market-data routes: the position id (a uint256 decimal), or the input alias
 * `<condition_id>:<outcome_index>` (src/domain/ids.ts). A text of neither form is the real
 * service's 400 `Invalid token id`; a well-formed id whose market has no book in the exchange is
 * its 404 `No orderbook exists for the requested token id`.
 * Also the per-market facts the book snapshot needs from the catalog (`neg_risk` and the creation
 * time, fixed when the market is created), held while the core's generation stands.
 */
import { ApiError, errors } from '../errors/catalogue.js';
import { isTokenId, parseTokenAlias, resolveToken, type TokenDirectory, type TokenRef } from '../domain/ids.js';
import type { Db } from '../store/db.js';
import type { CoreSource } from './versions.js';

export const MSG_INVALID_TOKEN = 'Invalid token id';
export const MSG_NO_BOOK = 'No orderbook exists for the requested token id';

export type { TokenRef };

/** Throws 400 `Invalid token id` unless `input` is a token id or its alias. */
function checkTokenText(input: unknown): string {
  if (typeof input !== 'string' || input.length > 100 || (!isTokenId(input) && parseTokenAlias(input) === undefined)) throw errors.badRequest(MSG_INVALID_TOKEN);
  return input;
}

/** A token id (either form) resolved to its market; 400 when malformed, undefined when no market has a book for it. */
export function parseToken(dir: TokenDirectory, input: unknown): TokenRef | undefined {
  return resolveToken(dir, checkTokenText(input));
}

/** As `parseToken`, but 404 `No orderbook exists…` when no market has a book for it. */
export function bookToken(dir: TokenDirectory, input: unknown): TokenRef {
  const t = parseToken(dir, input);
  if (t === undefined) throw noBook();
  return t;
}

/** The token id to filter stored rows by (400 when malformed; an unknown id is kept as given and matches nothing). */
export function tokenFilter(dir: TokenDirectory, input: unknown): string {
  return parseToken(dir, input)?.tokenId ?? checkTokenText(input);
}

export const noBook = (): ApiError => errors.notFound(MSG_NO_BOOK);

export interface MarketStatics {
  negRisk: boolean;
  /** When the market was created (ms): the book's timestamp until its first change. */
  createdAt: number;
}

/** Markets whose facts are held at once (beyond, they start over). */
const MAX_STATICS = 100_000;

/**
 * Catalog facts that never change after a market is created, loaded once per market: working
 * state, not an answer. A reset may create a market again under the same id (a new creation
 * time); it rebuilds the core, so everything here is forgotten when the core's generation moves.
 */
export class StaticsCache {
  private readonly known = new Map<string, MarketStatics>();
  private generation = -1;

  constructor(private readonly db: Db, private readonly core: CoreSource) {}

  peek(conditionId: string): MarketStatics | undefined {
    return this.current().get(conditionId);
  }

  async get(conditionId: string): Promise<MarketStatics> {
    const hit = this.current().get(conditionId);
    if (hit) return hit;
    const generation = this.generation;
    const row = await this.db.selectFrom('markets').select(['neg_risk', 'created_at']).where('condition_id', '=', conditionId).executeTakeFirst();
    const s: MarketStatics = { negRisk: Number(row?.neg_risk ?? 0) === 1, createdAt: Number(row?.created_at ?? 0) };
    const known = this.current();
    if (row && this.generation === generation) {
      if (known.size >= MAX_STATICS) known.clear();
      known.set(conditionId, s);
    }
    return s;
  }

  /** The facts held, forgotten first if the core's generation moved. */
  private current(): Map<string, MarketStatics> {
    const generation = this.core.coreGeneration;
    if (generation !== this.generation) {
      this.known.clear();
      this.generation = generation;
    }
    return this.known;
  }
}
