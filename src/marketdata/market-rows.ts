/**
 * The catalog rows an order-book market object is built from: the `markets` row, its two
 * tokens, its tag labels (the market's own tags, then its event's in the event's order, without
 * duplicates — the catalog's rule) and its event. Lists are ordered by market id (creation order),
 * so offsets are stable while markets are only added.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../store/db.js';
import type { EventsTable, MarketsTable, TokensTable } from '../store/schema.js';
import { literal } from '../store/prepared.js';

export type MarketRowDb = Selectable<MarketsTable>;
export type TokenRowDb = Selectable<TokensTable>;
export type EventRowDb = Pick<Selectable<EventsTable>, 'id' | 'slug' | 'title' | 'ticker' | 'description'>;

export interface MarketBundle {
  m: MarketRowDb;
  tokens: TokenRowDb[];
  tags: string[];
  event: EventRowDb | undefined;
}

/** `all`: every market. `sampling`: markets in the rewards (sampling) programme, see README. */
export type ListKind = 'all' | 'sampling';

/** One page of markets; fetches `limit + 1` rows so the caller sees whether more follow. */
export async function loadMarketPage(db: Db, kind: ListKind, offset: number, limit: number): Promise<MarketBundle[]> {
  let q = db.selectFrom('markets').selectAll();
  if (kind === 'sampling') {
    q = q.where('enable_order_book', '=', 1).where('active', '=', 1).where('closed', '=', 0).where('archived', '=', 0)
      .where('accepting_orders', '=', 1).where('payouts', 'is', null).where('rewards_daily_rate', '>', 0);
  }
  const rows = await q.orderBy('id').limit(literal(limit + 1)).offset(offset).execute();
  return bundle(db, rows);
}

export async function loadMarket(db: Db, conditionId: string): Promise<MarketBundle | undefined> {
  const row = await db.selectFrom('markets').selectAll().where('condition_id', '=', conditionId).executeTakeFirst();
  return row ? (await bundle(db, [row]))[0] : undefined;
}

async function bundle(db: Db, rows: MarketRowDb[]): Promise<MarketBundle[]> {
  if (rows.length === 0) return [];
  const cids = rows.map((r) => r.condition_id);
  const marketIds = rows.map((r) => r.id);
  const eventIds = [...new Set(rows.map((r) => r.event_id))];
  const [tokens, ownTags, eventTags, events] = await Promise.all([
    db.selectFrom('tokens').selectAll().where('condition_id', 'in', cids).orderBy('condition_id').orderBy('outcome_index').execute(),
    db.selectFrom('market_tags as mt').innerJoin('tags as t', 't.id', 'mt.tag_id').select(['mt.market_id as tagged', 't.label'])
      .where('mt.market_id', 'in', marketIds).orderBy('mt.market_id').orderBy('t.id').execute(),
    db.selectFrom('event_tags as et').innerJoin('tags as t', 't.id', 'et.tag_id').select(['et.event_id as tagged', 't.label'])
      .where('et.event_id', 'in', eventIds).orderBy('et.event_id').orderBy('et.position').execute(),
    db.selectFrom('events').select(['id', 'slug', 'title', 'ticker', 'description']).where('id', 'in', eventIds).execute(),
  ]);
  const tokensOf = group(tokens, (t) => t.condition_id);
  const ownOf = group(ownTags, (t) => Number(t.tagged));
  const evTagsOf = group(eventTags, (t) => Number(t.tagged));
  const eventOf = new Map(events.map((e) => [Number(e.id), e]));
  return rows.map((m) => {
    const labels = [...(ownOf.get(m.id) ?? []), ...(evTagsOf.get(m.event_id) ?? [])].map((t) => t.label);
    return { m, tokens: tokensOf.get(m.condition_id) ?? [], tags: [...new Set(labels)], event: eventOf.get(Number(m.event_id)) };
  });
}

function group<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
