/**
 * Catalog fields of positions, activity rows and holders (title, slug, icon, event slug, end
 * date, neg-risk flag, outcome names), one cache entry per market in the data API's area
 * `dataapi:markets`, filled in one query per batch of unknown markets and kept under the
 * `markets` page version (migration 0024: bumped whenever one of these fields changes — the
 * operator naming a placeholder of a neg-risk event, an import, another process). The pages built
 * from them (`/activity`, `/positions`) carry the same version, so a renamed market shows at once.
 * Resolution state comes from the exchange core; the cached catalog payouts are only a fallback
 * for a market the core does not hold.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { CacheArea } from '../store/cache.js';
import { parseOutcomes } from './params.js';
import { isoTime } from '../domain/iso-time.js';
import { marketRows } from './queries.js';

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
  /** The token ids of outcome 0 and 1 ([] for a row without a market). */
  tokenIds: string[];
  /** The catalog's payouts (JSON) at the time of caching; only for markets the exchange does not know. */
  payouts: string | null;
}

/** What a row without a known market (a deposit, a withdrawal) shows. */
export const NO_MARKET: MarketView = {
  title: '', slug: '', icon: '', eventSlug: '', endMs: null, endDate: '', negativeRisk: false, outcomes: [], tokenIds: [], payouts: null,
};

const CHUNK = 500;

/** The bytes a view holds in the cache (UTF-16 strings plus the object), for its budget. */
export function viewBytes(v: MarketView): number {
  let chars = v.title.length + v.slug.length + v.icon.length + v.eventSlug.length + v.endDate.length + (v.payouts?.length ?? 0);
  for (const o of [...v.outcomes, ...v.tokenIds]) chars += o.length + 8;
  return 2 * chars + 160;
}

export class MarketViews {
  constructor(private readonly db: Kysely<Database>, private readonly area: CacheArea<MarketView>) {}

  /**
   * Catalog fields of each of `conditionIds` the catalog knows; unknown ids are absent. `version`
   * is the caller's `markets` page version, taken before anything its page reads (so a view is
   * never older than the version it is kept under, and a request reads the version once).
   */
  async of(conditionIds: Iterable<string>, version: string): Promise<Map<string, MarketView>> {
    const out = new Map<string, MarketView>();
    const missing: string[] = [];
    for (const id of conditionIds) {
      if (!id || out.has(id)) continue;
      const v = this.area.get(id, version);
      if (v) out.set(id, v);
      else if (!missing.includes(id)) missing.push(id);
    }
    for (let i = 0; i < missing.length; i += CHUNK) {
      for (const r of await marketRows(this.db, missing.slice(i, i + CHUNK))) {
        const endMs = r.end_date ?? r.event_end_date ?? null;
        const v: MarketView = {
          title: r.question, slug: r.slug, icon: r.icon || r.event_icon || '', eventSlug: r.event_slug ?? '',
          endMs, endDate: endMs === null ? '' : isoTime(endMs), negativeRisk: r.neg_risk === 1,
          outcomes: parseOutcomes(r.outcomes), tokenIds: [r.token_id_0, r.token_id_1], payouts: r.payouts,
        };
        out.set(r.condition_id, this.area.set(r.condition_id, version, v));
      }
    }
    return out;
  }
}
