/**
 * `GET /activity`: a wallet's ledger activity (trades, splits, merges, redemptions, deposits,
 * withdrawals), newest first by default: one indexed SQL page, catalog fields from the market
 * cache, the wallet's profile; served from a page cache while the wallet's activity and profile
 * are unchanged. Rows without a market (deposits, withdrawals) carry empty catalog fields; rows
 * that are not about one token have an empty asset and the ledger's outcomeIndex −1.
 */
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import { Direction, WalletParam, oneOf } from './query-schemas.js';
import type { Database } from '../store/schema.js';
import { errors } from '../errors/catalogue.js';
import { conditionIdsParam, dec, outcomeName, seconds, walletParam } from './params.js';
import { activityRows, activityVersion, type ActivityDbRow, type ActivityFilter } from './queries.js';
import { marketViews, marketsVersion, NO_MARKET } from './market-info.js';
import { profileFields, type ProfileFields } from './profiles.js';
import { PageCache } from '../store/page-cache.js';

/** Types a client may filter on: the ledger's, plus the real service's that we never record. */
export const ACTIVITY_TYPES = ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'REWARD', 'CONVERSION', 'DEPOSIT', 'WITHDRAWAL'] as const;
export const ACTIVITY_SORTS = ['TIMESTAMP', 'TOKENS', 'CASH'] as const;

/** The query of `GET /activity` (spec "Activity" and the compat.md §7 extensions), declared by the route. */
export const ActivityQuery = Type.Object({
  user: WalletParam,
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, default: 0 })),
  market: Type.Optional(Type.String({ description: 'extension: comma-separated condition ids' })),
  type: Type.Optional(Type.String({ description: `extension: comma-separated types (${ACTIVITY_TYPES.join(', ')})` })),
  start: Type.Optional(Type.Integer({ minimum: 0, description: 'extension: from this Unix second (inclusive)' })),
  end: Type.Optional(Type.Integer({ minimum: 0, description: 'extension: up to this Unix second (inclusive)' })),
  side: Type.Optional(oneOf(['BUY', 'SELL'] as const, { description: 'extension: trades of this side only' })),
  sortBy: Type.Optional(oneOf(ACTIVITY_SORTS, { default: 'TIMESTAMP', description: 'extension: sort key (default TIMESTAMP)' })),
  sortDirection: Type.Optional(Direction),
}, { additionalProperties: false });
export type ActivityQuery = Static<typeof ActivityQuery>;

function typesParam(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const parts = [...new Set(text.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
  if (parts.length === 0) return undefined;
  for (const p of parts) {
    if (!(ACTIVITY_TYPES as readonly string[]).includes(p)) throw errors.badRequest(`type must be comma-separated values of: ${ACTIVITY_TYPES.join(', ')}`);
  }
  return parts;
}

/** Serialised pages, 32 MB at most; an entry is valid while the wallet's last activity, its profile and the markets version are unchanged. */
const pages = new PageCache(32 * 1024 * 1024);

/**
 * A page of activity as the JSON bytes the route sends. Activity is append-only, so a page is
 * fully determined by the query, the wallet's last activity id, its profile and the catalog fields
 * of its markets (market-info.ts, under the `markets` version): a repeated query costs one
 * statement (two indexed lookups) instead of a page read.
 */
export async function activityPage(db: Kysely<Database>, q: ActivityQuery): Promise<Buffer> {
  const wallet = walletParam('user', q.user);
  const markets = conditionIdsParam('market', q.market);
  const types = typesParam(q.type);
  if (q.start !== undefined && q.end !== undefined && q.start > q.end) throw errors.badRequest('start must be <= end');
  const f: ActivityFilter = {
    wallet, markets, types, side: q.side,
    startMs: q.start === undefined ? undefined : q.start * 1000,
    endMs: q.end === undefined ? undefined : (q.end + 1) * 1000, // `end` is inclusive, in whole seconds
    sortBy: q.sortBy ?? 'TIMESTAMP', direction: q.sortDirection === 'ASC' ? 'asc' : 'desc',
    limit: q.limit ?? 100, offset: q.offset ?? 0,
  };
  const catalog = await marketsVersion(db);
  const v = await activityVersion(db, wallet);
  const profile = profileFields(v.profile);
  const key = JSON.stringify(f);
  const version = JSON.stringify([v.last, profile, catalog]);
  return pages.get(db, key, version) ?? pages.set(db, key, version, Buffer.from(JSON.stringify(await shapePage(db, wallet, await activityRows(db, f), profile, catalog))));
}

async function shapePage(db: Kysely<Database>, wallet: string, rows: ActivityDbRow[], profile: ProfileFields, catalog: string) {
  const views = await marketViews(db, new Set(rows.map((r) => r.condition_id)), catalog);
  return rows.map((r) => {
    const m = views.get(r.condition_id) ?? NO_MARKET;
    return {
      proxyWallet: wallet,
      timestamp: seconds(r.timestamp),
      conditionId: r.condition_id,
      type: r.type,
      size: dec(r.size),
      usdcSize: dec(r.usdc_size),
      transactionHash: r.transaction_hash,
      price: dec(r.price),
      asset: r.condition_id ? r.asset : '',
      side: r.side,
      outcomeIndex: r.outcome_index,
      title: m.title,
      slug: m.slug,
      icon: m.icon,
      eventSlug: m.eventSlug,
      outcome: r.outcome_index >= 0 ? outcomeName(m.outcomes, r.outcome_index) : '',
      name: profile.name,
      pseudonym: profile.pseudonym,
      bio: profile.bio,
      profileImage: profile.profileImage,
      profileImageOptimized: profile.profileImageOptimized,
    };
  });
}
