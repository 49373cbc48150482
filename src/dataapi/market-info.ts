/**
 * Catalog fields of positions, activity rows and holders (title, slug, icon, event slug, end
 * date, neg-risk flag, outcome names), from a cache per store filled in one query per batch of
 * unknown markets, kept under the `markets` page version (migration 0024: bumped whenever one of
 * these fields changes — the operator naming a placeholder of a neg-risk event, an import,
 * another process). The pages built from them (`/activity`, `/positions`) carry the same
 * version (`marketsVersion`), so a renamed market shows at once. Resolution state comes from the
 * exchange core; the cached catalog payouts are only a fallback for a market the core does not
 * hold. The cache is bounded: past MAX_ENTRIES it starts over.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { parseOutcomes } from './params.js';
import { isoTime } from '../domain/iso-time.js';
import { pageVersions } from '../store/page-versions.js';

export interface MarketView {
  title: string;
  slug: string;
  /** The market's icon, else its event's. */
  icon: string;
  eventSlug: string;
  /** The market's end date, else its event's: ms, or null when neither has one. */
  endMs: number | null;
  /** ISO 8601, or "" when there is no end date. */
  endDate: string;
  negativeRisk: boolean;
  outcomes: string[];
  /** The catalog's payouts (JSON) at the time of caching; only for markets the exchange does not know. */
  payouts: string | null;
}

/** What a row without a known market (a deposit, a withdrawal) shows. */
export const NO_MARKET: MarketView = {
  title: '', slug: '', icon: '', eventSlug: '', endMs: null, endDate: '', negativeRisk: false, outcomes: [], payouts: null,
};

const MAX_ENTRIES = 100_000;
const CHUNK = 500;
const caches = new WeakMap<object, { version: string; views: Map<string, MarketView> }>();

/** The version the market views are kept under: take it before reading what a kept page shows. */
export function marketsVersion(db: Kysely<Database>): Promise<string> {
  return pageVersions(db, ['markets']);
}

/**
 * Catalog fields of each of `conditionIds` the catalog knows; unknown ids are absent. `version`
 * is the caller's `marketsVersion`, taken before anything its page reads (so a view is never
 * older than the version it is kept under, and a request reads the version once).
 */
export async function marketViews(db: Kysely<Database>, conditionIds: Iterable<string>, version: string): Promise<Map<string, MarketView>> {
  let kept = caches.get(db);
  if (kept === undefined || kept.version !== version) caches.set(db, (kept = { version, views: new Map() }));
  const cache = kept.views;
  const out = new Map<string, MarketView>();
  const missing: string[] = [];
  for (const id of conditionIds) {
    if (!id || out.has(id)) continue;
    const v = cache.get(id);
    if (v) out.set(id, v);
    else if (!missing.includes(id)) missing.push(id);
  }
  for (let i = 0; i < missing.length; i += CHUNK) {
    const rows = await db.selectFrom('markets as m').leftJoin('events as e', 'e.id', 'm.event_id')
      .select([
        'm.condition_id', 'm.question', 'm.slug', 'm.icon', 'm.end_date', 'm.neg_risk', 'm.outcomes', 'm.payouts',
        'e.slug as event_slug', 'e.icon as event_icon', 'e.end_date as event_end_date',
      ])
      .where('m.condition_id', 'in', missing.slice(i, i + CHUNK)).execute();
    if (cache.size + rows.length > MAX_ENTRIES) cache.clear();
    for (const r of rows) {
      const endMs = r.end_date ?? r.event_end_date ?? null;
      const v: MarketView = {
        title: r.question, slug: r.slug, icon: r.icon || r.event_icon || '', eventSlug: r.event_slug ?? '',
        endMs, endDate: endMs === null ? '' : isoTime(endMs), negativeRisk: r.neg_risk === 1,
        outcomes: parseOutcomes(r.outcomes), payouts: r.payouts,
      };
      cache.set(r.condition_id, v);
      out.set(r.condition_id, v);
    }
  }
  return out;
}
