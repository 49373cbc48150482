/**
 * An account's notifications (issue #38; /clob `GET /notifications`, `DELETE /notifications?ids=`,
 * the venue's SDK `fetchNotifications` / `dropNotifications`), derived from what happened to the
 * account — its key holder's address and the deposit wallets it trades through (`walletsOf`) —
 * rather than written as it happens: the exchange's rows already record all of it.
 * - type 2, order fill: each fill of one of its orders, as taker (`trades`) or maker
 *   (`trade_makers`), with the order's size matched and left after that fill;
 * - type 1, order cancellation: its orders cancelled without its asking — the dead-man's switch,
 *   expiry, a market's resolution, self-trade prevention, an operator — i.e. every cancel but
 *   its own (`canceled by user`) and a FAK's unfilled remainder (the answer to the order itself);
 * - type 4, market resolved: markets it held (a position with shares, or redeemed since) resolved.
 * The inbox is bounded as the venue's is: the last `NOTIFICATION_WINDOW_MS` (7 days), newest
 * first, at most `MAX_NOTIFICATIONS`. Dropping stores `(account, id)` in `notification_drops`
 * (migration 0030); a dropped id never comes back, and drops older than the window are pruned.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { FAK_REASON, USER_CANCEL } from '../core/index.js';
import { errors } from '../errors/catalogue.js';
import {
  marketPayload, notificationId, NotificationType, orderPayload, type MarketLabels, type Notification,
} from './notification-shapes.js';

export const NOTIFICATION_WINDOW_MS = 7 * 24 * 3600 * 1000;
export const MAX_NOTIFICATIONS = 500;
/**
 * Cancels the account did not ask for, as literals: the partial index `orders_unasked_cancel`
 * (migration 0030) has this predicate, and SQLite uses a partial index only when the query states
 * its terms as they are (bound parameters would not match). The account's own cancels and a FAK's
 * remainder get no notification: the answer to its request said so.
 */
const UNASKED = sql<boolean>`"status" = ${sql.lit('CANCELED')} and "cancel_reason" not in (${sql.lit(USER_CANCEL)}, ${sql.lit(FAK_REASON)})`;
const IDS = /^[0-9]{1,16}$/;

interface Fill { orderId: string; tradeId: string; seq: number; idx: number | null; size: number; at: number; tx: string }

export class Notifications {
  private readonly walletsOf: (holder: string) => readonly string[];

  constructor(private readonly db: Kysely<Database>, private readonly now: () => number, opts: { walletsOf?: (holder: string) => readonly string[] } = {}) {
    this.walletsOf = opts.walletsOf ?? (() => []);
  }

  /** The account's notifications not dropped, newest first. `owner`: the API key they are shown to. */
  async list(holder: string, owner: string): Promise<Notification[]> {
    const [all, dropped] = await Promise.all([
      this.derive(holder, owner),
      this.db.selectFrom('notification_drops').select('id').where('account', '=', holder).execute(),
    ]);
    const gone = new Set(dropped.map((d) => Number(d.id)));
    return all.filter((n) => !gone.has(n.id)).slice(0, MAX_NOTIFICATIONS);
  }

  /**
   * Drops the account's notifications named by `idsText` (comma-separated integers; 400 when not).
   * Ids that name none of its current notifications are ignored.
   */
  async drop(holder: string, owner: string, idsText: string): Promise<void> {
    const ids = idsText.split(',').map((s) => s.trim());
    if (ids.some((s) => !IDS.test(s))) throw errors.badRequest('ids must be a comma-separated list of notification ids (integers)');
    const wanted = new Set(ids.map(Number));
    const rows = (await this.derive(holder, owner)).filter((n) => wanted.has(n.id)).map((n) => ({ account: holder, id: n.id, at: n.timestamp }));
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('notification_drops').where('account', '=', holder).where('at', '<', this.now() - NOTIFICATION_WINDOW_MS).execute();
      if (rows.length > 0) await tx.insertInto('notification_drops').values(rows).onConflict((oc) => oc.columns(['account', 'id']).doNothing()).execute();
    });
  }

  /** Every notification of the window, dropped ones too, newest first. */
  private async derive(holder: string, owner: string): Promise<Notification[]> {
    const wallets = [holder, ...this.walletsOf(holder)];
    const since = this.now() - NOTIFICATION_WINDOW_MS;
    const [fills, cancels, resolved] = await Promise.all([this.fills(wallets, since), this.cancels(wallets, since), this.resolved(wallets, since)]);
    const orderIds = [...new Set([...fills.map((f) => f.orderId), ...cancels.map((c) => c.id)])];
    const orders = orderIds.length === 0 ? [] : await this.db.selectFrom('orders')
      .select(['id', 'seq', 'token_id', 'market', 'side', 'type', 'price', 'original_size', 'size_matched', 'amount', 'updated_at'])
      .where('id', 'in', orderIds).execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    const [labels, outcomes, matchedBefore] = await Promise.all([
      this.marketLabels(orders.map((o) => o.market)),
      this.outcomes(orders.map((o) => o.token_id)),
      this.cumulative(fills),
    ]);
    const out: Notification[] = [];
    const facts = (o: (typeof orders)[number]) => {
      const original = o.amount !== null && o.original_size === 0 ? o.size_matched : o.original_size;
      const outcome = outcomes.get(o.token_id);
      return {
        tokenId: o.token_id, conditionId: o.market, orderId: o.id, side: o.side, type: o.type, price: o.price, originalSize: original,
        outcome: outcome?.outcome ?? '', outcomeIndex: outcome?.outcome_index ?? 0,
      };
    };
    for (const f of fills) {
      const o = byId.get(f.orderId);
      if (!o) continue;
      const base = facts(o);
      const matched = matchedBefore.get(`${f.orderId}:${f.seq}:${f.idx ?? -1}`) ?? f.size;
      out.push({
        id: notificationId.fill(f.seq, f.idx), owner, timestamp: f.at, type: NotificationType.ORDER_FILL,
        payload: orderPayload({ ...base, matchedSize: f.size, remainingSize: base.originalSize - matched, transactionHash: f.tx, tradeId: f.tradeId }, labels.get(o.market)),
      });
    }
    for (const c of cancels) {
      const o = byId.get(c.id);
      if (!o) continue;
      const base = facts(o);
      out.push({
        id: notificationId.cancel(o.seq), owner, timestamp: o.updated_at, type: NotificationType.ORDER_CANCELLATION,
        payload: orderPayload({ ...base, matchedSize: o.size_matched, remainingSize: base.originalSize - o.size_matched, transactionHash: '', tradeId: '' }, labels.get(o.market)),
      });
    }
    out.push(...resolved.map((r) => ({ ...r, owner })));
    return out.sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
  }

  /** The account's fills of the window: as taker (one trade per taker order), then as maker (one per maker order in a trade). */
  private async fills(wallets: string[], since: number): Promise<Fill[]> {
    const [taker, maker] = await Promise.all([
      this.db.selectFrom('trades').select(['id', 'seq', 'taker_order_id', 'size', 'match_time', 'transaction_hash'])
        .where('wallet', 'in', wallets).where('match_time', '>=', since).orderBy('seq', 'desc').limit(MAX_NOTIFICATIONS * 2).execute(),
      this.db.selectFrom('trade_makers as m').innerJoin('trades as t', 't.id', 'm.trade_id')
        .select(['t.id', 't.seq', 'm.idx', 'm.order_id', 'm.matched_amount', 't.match_time', 't.transaction_hash'])
        .where('m.wallet', 'in', wallets).where('t.match_time', '>=', since).orderBy('t.seq', 'desc').limit(MAX_NOTIFICATIONS * 2).execute(),
    ]);
    return [
      ...taker.map((t) => ({ orderId: t.taker_order_id, tradeId: t.id, seq: t.seq, idx: null, size: t.size, at: t.match_time, tx: t.transaction_hash })),
      ...maker.map((m) => ({ orderId: m.order_id, tradeId: m.id, seq: m.seq, idx: m.idx, size: m.matched_amount, at: m.match_time, tx: m.transaction_hash })),
    ];
  }

  /** For each fill, its order's size matched up to and including it (its earlier fills: the taker one first, then maker fills by trade). */
  private async cumulative(fills: Fill[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const ids = [...new Set(fills.map((f) => f.orderId))];
    if (ids.length === 0) return out;
    const [taker, maker] = await Promise.all([
      this.db.selectFrom('trades').select(['taker_order_id as order_id', 'seq', 'size']).where('taker_order_id', 'in', ids).execute(),
      this.db.selectFrom('trade_makers as m').innerJoin('trades as t', 't.id', 'm.trade_id').select(['m.order_id', 't.seq', 'm.idx', 'm.matched_amount as size'])
        .where('m.order_id', 'in', ids).execute(),
    ]);
    const all = [...taker.map((t) => ({ ...t, idx: -1 })), ...maker].sort((a, b) => a.seq - b.seq || a.idx - b.idx);
    const sum = new Map<string, number>();
    for (const f of all) {
      const s = (sum.get(f.order_id) ?? 0) + f.size;
      sum.set(f.order_id, s);
      out.set(`${f.order_id}:${f.seq}:${f.idx}`, s);
    }
    return out;
  }

  /** The account's orders cancelled in the window without its asking. */
  private cancels(wallets: string[], since: number) {
    return this.db.selectFrom('orders').select('id').where(UNASKED).where('wallet', 'in', wallets).where('updated_at', '>=', since)
      .orderBy('updated_at', 'desc').limit(MAX_NOTIFICATIONS).execute();
  }

  /** Markets resolved in the window that the account held (shares left, or redeemed in the window). */
  private async resolved(wallets: string[], since: number): Promise<Array<Omit<Notification, 'owner'>>> {
    const [held, redeemed] = await Promise.all([
      this.db.selectFrom('positions').select('condition_id').where('wallet', 'in', wallets).where('size', '>', 0).execute(),
      this.db.selectFrom('activity').select('condition_id').where('wallet', 'in', wallets).where('type', '=', 'REDEEM').where('timestamp', '>=', since).execute(),
    ]);
    const cids = [...new Set([...held, ...redeemed].map((r) => r.condition_id))];
    if (cids.length === 0) return [];
    const markets = await this.db.selectFrom('markets as m').innerJoin('events as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.condition_id', 'm.question_id', 'm.question', 'm.description', 'm.slug', 'm.icon', 'm.image', 'm.fpmm', 'm.active',
        'm.closed', 'm.archived', 'm.accepting_orders', 'm.accepting_order_timestamp', 'm.enable_order_book', 'm.end_date', 'm.game_start_time',
        'm.seconds_delay', 'm.minimum_order_size', 'm.minimum_tick_size', 'm.maker_base_fee', 'm.taker_base_fee', 'm.notifications_enabled',
        'm.neg_risk', 'm.neg_risk_market_id', 'm.neg_risk_request_id', 'm.is_50_50_outcome', 'm.resolved_at', 'e.slug as event_slug'])
      .where('m.condition_id', 'in', cids).where('m.resolved_at', '>=', since).execute();
    if (markets.length === 0) return [];
    const tokens = await this.db.selectFrom('tokens').select(['condition_id', 'token_id', 'outcome', 'outcome_index', 'winner', 'payout'])
      .where('condition_id', 'in', markets.map((m) => m.condition_id)).orderBy('outcome_index').execute();
    return markets.map((m) => ({
      id: notificationId.resolved(m.id), timestamp: m.resolved_at!, type: NotificationType.MARKET_RESOLVED,
      payload: marketPayload(m, tokens.filter((t) => t.condition_id === m.condition_id)),
    }));
  }

  private async outcomes(tokenIds: string[]) {
    const ids = [...new Set(tokenIds)];
    const rows = ids.length === 0 ? [] : await this.db.selectFrom('tokens').select(['token_id', 'outcome', 'outcome_index']).where('token_id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.token_id, r]));
  }

  /** Question, slug, images, event slug and series slug of markets, by condition id. */
  private async marketLabels(conditionIds: string[]): Promise<Map<string, MarketLabels>> {
    const cids = [...new Set(conditionIds)];
    if (cids.length === 0) return new Map();
    const rows = await this.db.selectFrom('markets as m').innerJoin('events as e', 'e.id', 'm.event_id')
      .leftJoin('event_series as es', 'es.event_id', 'e.id').leftJoin('series as s', 's.id', 'es.series_id')
      .select(['m.condition_id', 'm.question', 'm.slug', 'm.icon', 'm.image', 'e.slug as event_slug', 's.slug as series_slug'])
      .where('m.condition_id', 'in', cids).execute();
    const out = new Map<string, MarketLabels>();
    for (const r of rows) {
      if (!out.has(r.condition_id)) out.set(r.condition_id, { question: r.question, slug: r.slug, icon: r.icon, image: r.image, eventSlug: r.event_slug, seriesSlug: r.series_slug ?? '' });
    }
    return out;
  }
}
