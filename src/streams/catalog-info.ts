/**
 * What the streams need from the catalog about a market: `neg_risk` and creation time for book
 * snapshots (the same facts REST `/book` reads), outcome labels for user events, and the
 * question, slug, event and tags for `new_market` / `market_resolved`. These never change once
 * a market is listed (labels, slug, event) or change only through the catalog writer (question,
 * description), so each market is read once and kept; the cache is bounded.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export interface MarketInfo {
  conditionId: string;
  /** The token ids of outcome 0 and 1 (the wire's `asset_id`s). */
  tokenIds: readonly [string, string];
  /** The catalog's market id. */
  id: number;
  question: string;
  slug: string;
  description: string;
  negRisk: boolean;
  /** Creation time (ms): a book's timestamp until its first change, as REST `/book`. */
  createdAt: number;
  outcomes: [string, string];
  tags: string[];
  event: { id: number; ticker: string; slug: string; title: string; description: string } | null;
}

const MAX_ENTRIES = 50_000;

export class CatalogInfo {
  private readonly known = new Map<string, MarketInfo>();
  private readonly loading = new Map<string, Promise<MarketInfo | null>>();

  constructor(private readonly db: Kysely<Database>) {}

  peek(conditionId: string): MarketInfo | undefined {
    return this.known.get(conditionId);
  }

  /** Drops what is kept about a market (a named neg-risk placeholder's question changed). */
  forget(conditionId: string): void {
    this.known.delete(conditionId);
  }

  /** The market's facts, or null when the catalog has no such market. */
  get(conditionId: string): Promise<MarketInfo | null> {
    const hit = this.known.get(conditionId);
    if (hit) return Promise.resolve(hit);
    let p = this.loading.get(conditionId);
    if (p === undefined) {
      p = this.load(conditionId).finally(() => this.loading.delete(conditionId));
      this.loading.set(conditionId, p);
    }
    return p;
  }

  private async load(conditionId: string): Promise<MarketInfo | null> {
    const m = await this.db.selectFrom('markets')
      .select(['id', 'event_id', 'question', 'slug', 'description', 'neg_risk', 'created_at', 'token_id_0', 'token_id_1'])
      .where('condition_id', '=', conditionId).executeTakeFirst();
    if (!m) return null;
    const [tokens, event, tags] = await Promise.all([
      this.db.selectFrom('tokens').select(['outcome_index', 'outcome']).where('condition_id', '=', conditionId).execute(),
      this.db.selectFrom('events').select(['id', 'ticker', 'slug', 'title', 'description']).where('id', '=', m.event_id).executeTakeFirst(),
      this.db.selectFrom('event_tags').innerJoin('tags', 'tags.id', 'event_tags.tag_id').select('tags.label')
        .where('event_tags.event_id', '=', m.event_id).orderBy('event_tags.position').execute(),
    ]);
    const label = (i: number, def: string) => tokens.find((t) => Number(t.outcome_index) === i)?.outcome ?? def;
    const info: MarketInfo = {
      conditionId, tokenIds: [m.token_id_0, m.token_id_1], id: Number(m.id), question: m.question, slug: m.slug, description: m.description,
      negRisk: Number(m.neg_risk) === 1, createdAt: Number(m.created_at), outcomes: [label(0, 'Yes'), label(1, 'No')],
      tags: tags.map((t) => t.label),
      event: event ? { id: Number(event.id), ticker: event.ticker, slug: event.slug, title: event.title, description: event.description } : null,
    };
    if (this.known.size >= MAX_ENTRIES) this.known.clear();
    this.known.set(conditionId, info);
    return info;
  }
}
