/**
 * Account reads behind `GET /data/orders`, `GET /data/order/{id}`, `GET /data/trades` and
 * `GET /builder/trades`. Open orders come from the in-memory exchange (it owns the truth);
 * closed orders and trades from the database. Every query is scoped to the caller's account:
 * the key holder's address and the deposit wallets it trades through with signature type 3
 * (`walletsOf`, src/trading/signed/deposit-wallets.ts) — as the venue lists a key's orders
 * whatever wallet made them (docs/venue.md §10).
 */
import type { Kysely } from 'kysely';
import { inMarket, type OrderRow } from '../core/index.js';
import type { ExchangeService } from '../exchange/service.js';
import { orderFromRow } from '../exchange/order-rows.js';
import type { Database } from '../store/schema.js';
import type { TradeMakersTable, TradesTable } from '../store/schema-exchange.js';
import { OrderJson, pageJson, SPEC_ORDER, VENUE_ORDER } from './order-json.js';
import type { Cache, CacheArea } from '../store/cache.js';
import { encodeCursor, END_CURSOR } from '../domain/cursor.js';
import { tokenKey } from '../domain/ids.js';
import { wireTrade, type TradeContext, type VenueOrder, type WireOrder, type WireTrade } from './format.js';
import { literal } from '../store/prepared.js';
import { WalletStamps } from './wallet-stamps.js';

export const ORDERS_PAGE = 100;
export const TRADES_PAGE = 100;
export const BUILDER_TRADES_PAGE = 300;
const OUTCOMES_CACHE_MAX = 100_000;

export interface OrderFilters { id?: string; market?: string; asset_id?: string }

/**
 * Whose order shape an answer takes: the spec's (camelCase, ISO times; the last page's cursor
 * "") or the venue's on the /clob mount (snake_case, Unix seconds; the last page's cursor
 * `LTE=`, docs/venue.md §5). The same rows either way.
 */
export type OrderDialect = 'spec' | 'venue';

export interface TradeFilters {
  id?: string; taker?: string; maker?: string; market?: string; asset_id?: string;
  before?: number; after?: number;
}

export class AccountReads {
  private readonly outcomes = new Map<string, string>();
  private readonly json = { spec: new OrderJson(SPEC_ORDER), venue: new OrderJson(VENUE_ORDER) };
  /** Open-order pages (a page of 100 orders is about 52 KB), in the process's cache. */
  private readonly pages: CacheArea<Buffer>;
  private readonly stamps = new WalletStamps();

  private readonly walletsOf: (holder: string) => readonly string[];

  /** `walletsOf`: the deposit wallets of a key holder (none when not given). */
  constructor(private readonly db: Kysely<Database>, private readonly exchange: ExchangeService, cache: Cache,
    opts: { walletsOf?: (holder: string) => readonly string[] } = {}) {
    this.walletsOf = opts.walletsOf ?? (() => []);
    this.pages = cache.area('account:open-orders');
    // The stamps follow the exchange's event sequence: a change in memory, its commit, a rebuild.
    exchange.subscribe({
      applied: (e) => this.stamps.touch(e.orders),
      committed: (b) => this.stamps.touch(b.orders),
      rebuilt: () => this.stamps.forgetAll(),
    });
  }

  /** The stamp `wallet`'s kept open-order pages are checked by (wallet-stamps.ts). */
  ordersStamp(wallet: string): number {
    return this.stamps.of(wallet);
  }

  /**
   * The `GET /data/orders` answer (UTF-8 JSON): one page of `wallet`'s open orders from `offset`,
   * `next_cursor` empty on the last page (docs/venue.md §5). Kept until the wallet's orders stamp
   * changes (wallet-stamps.ts: a change in memory, its commit, a rebuild of the core); the stamp
   * is read before the page is built, so a change made while it is built is never hidden.
   */
  async openOrdersPage(holder: string, filters: OrderFilters, offset: number, dialect: OrderDialect = 'spec'): Promise<Buffer> {
    const f = { ...filters, asset_id: tokenKey(this.exchange.core, filters.asset_id) }; // either form of a token id
    const wallets = this.accountOf(holder);
    const stamp = wallets.map((w) => this.stamps.of(w)).join(':');
    const key = JSON.stringify([holder, f.id, f.market, f.asset_id, offset, dialect]);
    const kept = this.pages.get(key, stamp);
    if (kept !== undefined) return kept;
    const page = await this.openOrderTexts(wallets, f, offset, this.json[dialect]);
    const json = pageJson(page.data, page.more ? encodeCursor(offset + ORDERS_PAGE) : dialect === 'venue' ? END_CURSOR : '', ORDERS_PAGE);
    return this.pages.set(key, stamp, Buffer.from(json));
  }

  /** The key holder's address, then its deposit wallets. */
  private accountOf(holder: string): string[] {
    return [holder, ...this.walletsOf(holder)];
  }

  /**
   * Open orders of the account's wallets, oldest first, `limit` of them from `offset`. A holder
   * trades through one wallet as a rule: that wallet's list is read as it is; orders in several
   * are merged by creation time (then id).
   */
  private openRows(wallets: string[], f: OrderFilters, offset: number, limit: number): OrderRow[] {
    const core = this.exchange.core;
    const used = wallets.filter((w) => core.openOrders(w, f.market, f.asset_id, 0, 1).length > 0);
    if (used.length <= 1) return core.openOrders(used[0] ?? wallets[0]!, f.market, f.asset_id, offset, limit);
    const all = used.flatMap((w) => core.openOrders(w, f.market, f.asset_id, 0, offset + limit));
    all.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return all.slice(offset, offset + limit);
  }

  /** Open orders of the account as JSON texts (order-json.ts), oldest first, one page from `offset`; `more` tells if a next page exists. */
  private async openOrderTexts(wallets: string[], f: OrderFilters, offset: number, json: OrderJson): Promise<{ data: string[]; more: boolean }> {
    // One more than a page tells whether another follows.
    const rows = f.id === undefined ? this.openRows(wallets, f, offset, ORDERS_PAGE + 1) : this.openOrder(wallets, f, offset);
    const page = rows.length > ORDERS_PAGE ? rows.slice(0, ORDERS_PAGE) : rows;
    const { labels, trades } = await this.orderContext(page);
    const data = page.map((o) => json.text(o, labels.get(o.tokenId) ?? '', trades.get(o.id) ?? []));
    return { data, more: rows.length > ORDERS_PAGE };
  }

  /** The page of an `id` filter: that live order, if it is the account's and matches the other filters. */
  private openOrder(wallets: string[], f: OrderFilters, offset: number): OrderRow[] {
    const o = this.exchange.core.order(f.id!);
    return o !== undefined && wallets.includes(o.wallet) && inMarket(o, f.market, f.asset_id) && offset === 0 ? [o] : [];
  }

  /** One order of `wallet`, open or closed; undefined when absent or another account's. */
  async order(holder: string, id: string, dialect: OrderDialect = 'spec'): Promise<WireOrder | VenueOrder | undefined> {
    const wallets = this.accountOf(holder);
    const live = this.exchange.core.order(id);
    let row: OrderRow | undefined = live && wallets.includes(live.wallet) ? live : undefined;
    if (!row && !live) {
      const stored = await this.db.selectFrom('orders').selectAll().where('id', '=', id).where('wallet', 'in', wallets).executeTakeFirst();
      row = stored && orderFromRow(stored);
    }
    if (!row) return undefined;
    const { labels, trades } = await this.orderContext([row]);
    return (dialect === 'venue' ? VENUE_ORDER : SPEC_ORDER).write(row, labels.get(row.tokenId) ?? '', trades.get(row.id) ?? []) as WireOrder | VenueOrder;
  }

  /** The outcome labels of the orders' tokens and each order's trade ids (as taker by time, then as maker). */
  private async orderContext(rows: OrderRow[]): Promise<{ labels: Map<string, string>; trades: Map<string, string[]> }> {
    const trades = new Map<string, string[]>();
    if (rows.length === 0) return { labels: new Map(), trades };
    // Every fill is a positive size: an order with nothing matched has no trades to look up.
    const ids = rows.filter((o) => o.sizeMatched > 0).map((o) => o.id);
    const [asTaker, asMaker, labels] = await Promise.all([
      ids.length === 0 ? [] : this.db.selectFrom('trades').select(['id', 'taker_order_id']).where('taker_order_id', 'in', ids).orderBy('seq').execute(),
      ids.length === 0 ? [] : this.db.selectFrom('trade_makers').select(['trade_id', 'order_id']).where('order_id', 'in', ids).execute(),
      this.outcomeLabels(rows.map((o) => o.tokenId)),
    ]);
    const push = (order: string, trade: string) => (trades.get(order) ?? trades.set(order, []).get(order)!).push(trade);
    for (const t of asTaker) push(t.taker_order_id, t.id);
    for (const m of asMaker) push(m.order_id, m.trade_id);
    return { labels, trades };
  }

  /** Trades the account took part in (as taker or maker), newest first. */
  async trades(holder: string, f: TradeFilters, offset: number): Promise<{ data: WireTrade[]; more: boolean }> {
    const wallets = this.accountOf(holder);
    const mine = this.db.selectFrom('trades').select('id').where('wallet', 'in', wallets)
      .union(this.db.selectFrom('trade_makers').select('trade_id as id').where('wallet', 'in', wallets));
    let q = this.db.selectFrom('trades').selectAll().where('id', 'in', mine);
    q = this.filter(q, f);
    const rows = await q.orderBy('seq', 'desc').limit(literal(TRADES_PAGE + 1)).offset(offset).execute();
    return { data: await this.wireTrades(rows.slice(0, TRADES_PAGE), new Set(wallets)), more: rows.length > TRADES_PAGE };
  }

  /** Trades attributed to a builder (their API key on the taker order), newest first. */
  async builderTrades(builderKey: string, f: TradeFilters & { maker_address?: string }, offset: number): Promise<{ data: WireTrade[]; more: boolean }> {
    let q = this.db.selectFrom('trades').selectAll().where('builder', '=', builderKey);
    q = this.filter(q, { ...f, maker: f.maker_address ?? f.maker });
    const rows = await q.orderBy('seq', 'desc').limit(literal(BUILDER_TRADES_PAGE + 1)).offset(offset).execute();
    return { data: await this.wireTrades(rows.slice(0, BUILDER_TRADES_PAGE), null), more: rows.length > BUILDER_TRADES_PAGE };
  }

  private filter<Q extends { where: (...a: any[]) => Q }>(q: Q, f: TradeFilters): Q {
    if (f.id !== undefined) q = q.where('id', '=', f.id);
    if (f.taker !== undefined) q = q.where('wallet', '=', f.taker);
    if (f.maker !== undefined) {
      const maker = f.maker;
      q = q.where('id', 'in', this.db.selectFrom('trade_makers').select('trade_id').where('wallet', '=', maker));
    }
    if (f.market !== undefined) q = q.where('market', '=', f.market);
    if (f.asset_id !== undefined) q = q.where('asset', '=', tokenKey(this.exchange.core, f.asset_id));
    if (f.before !== undefined) q = q.where('match_time', '<', f.before * 1000);
    if (f.after !== undefined) q = q.where('match_time', '>=', (f.after + 1) * 1000);
    return q;
  }

  /** `viewers`: the account's wallets (a trade is shown from the side one of them took), or null for a builder's view. */
  private async wireTrades(rows: TradesTable[], viewers: Set<string> | null): Promise<WireTrade[]> {
    if (rows.length === 0) return [];
    const makers = await this.db.selectFrom('trade_makers').selectAll().where('trade_id', 'in', rows.map((t) => t.id)).orderBy('idx').execute();
    const byTrade = new Map<string, TradeMakersTable[]>();
    for (const m of makers) (byTrade.get(m.trade_id) ?? byTrade.set(m.trade_id, []).get(m.trade_id)!).push(m);
    const orderIds = [...new Set([...rows.map((t) => t.taker_order_id), ...makers.map((m) => m.order_id)])];
    const [keys, labels] = await Promise.all([
      this.db.selectFrom('orders').select(['id', 'api_key']).where('id', 'in', orderIds).execute(),
      this.outcomeLabels([...rows.map((t) => t.asset), ...makers.map((m) => m.asset)]),
    ]);
    const apiKeys = new Map(keys.map((k) => [k.id, k.api_key ?? '']));
    const ctx: TradeContext = { outcomeOf: (a) => labels.get(a) ?? '', apiKeyOf: (id) => apiKeys.get(id) ?? '' };
    const viewerOf = (t: TradesTable, makers: TradeMakersTable[]): string | null => viewers === null ? null
      : viewers.has(t.wallet) ? t.wallet : makers.find((m) => viewers.has(m.wallet))?.wallet ?? t.wallet;
    return rows.map((t) => wireTrade(t, byTrade.get(t.id) ?? [], viewerOf(t, byTrade.get(t.id) ?? []), ctx));
  }

  /** Outcome labels of tokens. A token's label never changes once listed, so known ones are remembered. */
  private async outcomeLabels(tokens: string[]): Promise<Map<string, string>> {
    const labels = new Map<string, string>();
    const missing: string[] = [];
    for (const t of new Set(tokens)) {
      const label = this.outcomes.get(t);
      if (label === undefined) missing.push(t);
      else labels.set(t, label);
    }
    if (missing.length === 0) return labels;
    const rows = await this.db.selectFrom('tokens').select(['token_id', 'outcome']).where('token_id', 'in', missing).execute();
    if (this.outcomes.size + rows.length > OUTCOMES_CACHE_MAX) this.outcomes.clear();
    for (const r of rows) {
      this.outcomes.set(r.token_id, r.outcome);
      labels.set(r.token_id, r.outcome);
    }
    return labels;
  }
}
