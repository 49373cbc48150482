/**
 * `GET /activity`: a wallet's ledger activity (trades, splits, merges, redemptions, deposits,
 * withdrawals), newest first by default: one indexed SQL page, catalog fields from the market
 * views, the wallet's profile. Rows without a market (deposits, withdrawals) carry empty catalog
 * fields; rows that are not about one token have an empty asset and the ledger's outcomeIndex −1.
 * The service (service.ts) keeps the answers; this file parses the query and shapes the items.
 */
import { errors } from '../errors/catalogue.js';
import { conditionIdsParam, dec, outcomeName, seconds, walletParam } from './params.js';
import type { ActivityDbRow, ActivityFilter } from './queries.js';
import { NO_MARKET, type MarketView } from './market-info.js';
import type { ProfileFields } from './profiles.js';
import { ACTIVITY_TYPES, type ActivityItem, type ActivityQuery } from './schemas.js';

function typesParam(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const parts = [...new Set(text.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
  if (parts.length === 0) return undefined;
  for (const p of parts) {
    if (!(ACTIVITY_TYPES as readonly string[]).includes(p)) throw errors.badRequest(`type must be comma-separated values of: ${ACTIVITY_TYPES.join(', ')}`);
  }
  return parts;
}

/** The query as the SQL filter (a 400 for what the schema cannot check); also the kept page's key. */
export function activityFilter(q: ActivityQuery): ActivityFilter {
  const wallet = walletParam('user', q.user);
  const markets = conditionIdsParam('market', q.market);
  const types = typesParam(q.type);
  if (q.start !== undefined && q.end !== undefined && q.start > q.end) throw errors.badRequest('start must be <= end');
  return {
    wallet, markets, types, side: q.side,
    startMs: q.start === undefined ? undefined : q.start * 1000,
    endMs: q.end === undefined ? undefined : (q.end + 1) * 1000, // `end` is inclusive, in whole seconds
    sortBy: q.sortBy ?? 'TIMESTAMP', direction: q.sortDirection === 'ASC' ? 'asc' : 'desc',
    limit: q.limit ?? 100, offset: q.offset ?? 0,
  };
}

export function activityItems(wallet: string, rows: ActivityDbRow[], profile: ProfileFields, views: Map<string, MarketView>): ActivityItem[] {
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
