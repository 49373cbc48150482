/**
 * The user channel's events of one committed batch, per account (docs/venue.md §9): `order`
 * (PLACEMENT for an order placed in the batch — followed by CANCELLATION when it also ended
 * cancelled there, e.g. a FAK remainder —, UPDATE when it filled, CANCELLATION with our
 * `cancel_reason`: user, dead-man's switch, self-trade prevention, expiry, resolution…) and
 * `trade` (the taker's view, with every maker order, and each maker's view, with only its own
 * maker orders — as REST `/data/trades` shows them). A trade is CONFIRMED once committed: there
 * is no chain. Times: `match_time`/`matchtime`, `created_at` in Unix seconds, `timestamp` in ms.
 */
import type { MarketRow, OrderRow, TradeRow } from '../core/index.js';
import { formatMicro } from '../domain/money.js';
import type { CommittedBatch } from '../exchange/events.js';
import type { MarketInfo } from './catalog-info.js';

type Event = Record<string, unknown>;

export interface UserContext {
  info(conditionId: string): MarketInfo | undefined;
  market(conditionId: string): MarketRow | undefined;
  /** The API key an order was placed with ("" when unknown). */
  apiKeyOf(orderId: string): string;
}

/** One account's events of a batch, each with the market it belongs to (for `markets` filters). */
export type AccountEvents = Map<string, Array<{ market: string; event: Event }>>;

const secs = (ms: number) => String(Math.floor(ms / 1000));

function assetOf(market: MarketRow | undefined, token: string): { wire: string; outcome: 0 | 1 } {
  return { wire: token, outcome: token === market?.tokenIds[1] ? 1 : 0 };
}

function orderEvent(o: OrderRow, type: string, trades: string[], ctx: UserContext, at: number): Event {
  const a = { wire: o.tokenId, outcome: o.outcomeIndex };
  const ev: Event = {
    event_type: 'order', id: o.id, owner: o.apiKey ?? '', market: o.conditionId, asset_id: a.wire, side: o.side,
    original_size: formatMicro(o.amount !== null && o.originalSize === 0 ? o.sizeMatched : o.originalSize),
    size_matched: formatMicro(o.sizeMatched), price: formatMicro(o.price), associate_trades: trades,
    outcome: ctx.info(o.conditionId)?.outcomes[a.outcome] ?? '', type, status: o.status, order_type: o.type,
    expiration: String(o.expiration ?? 0), created_at: secs(o.createdAt), maker_address: o.wallet, timestamp: String(at),
  };
  if (type === 'CANCELLATION') ev.cancel_reason = o.cancelReason ?? '';
  return ev;
}

function tradeEvent(t: TradeRow, viewer: string, ctx: UserContext, at: number): Event {
  const asTaker = t.wallet === viewer;
  const makers = asTaker ? t.makers : t.makers.filter((m) => m.wallet === viewer);
  const market = ctx.market(t.conditionId);
  const info = ctx.info(t.conditionId);
  const ta = assetOf(market, t.asset);
  // The spec's `owner` / `trade_owner`: the API key of the viewer's order in the trade.
  const apiKey = ctx.apiKeyOf(asTaker ? t.takerOrderId : makers[0]?.orderId ?? '');
  const matchTime = secs(t.matchTime);
  return {
    event_type: 'trade', type: 'TRADE', id: t.id, taker_order_id: t.takerOrderId, market: t.conditionId, asset_id: ta.wire,
    side: t.side, size: formatMicro(t.size), price: formatMicro(t.price), fee_rate_bps: String(market?.takerBaseFeeBps ?? 0),
    status: t.status, match_time: matchTime, matchtime: matchTime, last_update: matchTime, outcome: info?.outcomes[ta.outcome] ?? '',
    owner: apiKey, trade_owner: apiKey, maker_address: viewer, transaction_hash: t.transactionHash, bucket_index: 0,
    maker_orders: makers.map((m) => {
      const ma = assetOf(market, m.asset);
      return { order_id: m.orderId, owner: ctx.apiKeyOf(m.orderId), maker_address: m.wallet, matched_amount: formatMicro(m.matchedAmount),
        price: formatMicro(m.price), fee_rate_bps: String(market?.makerBaseFeeBps ?? 0), asset_id: ma.wire,
        outcome: info?.outcomes[ma.outcome] ?? '', side: m.side };
    }),
    trader_side: asTaker ? 'TAKER' : 'MAKER', timestamp: String(at),
  };
}

/** The batch's events of the accounts in `wanted` (addresses), in the batch's order: orders, then trades. */
export function userEvents(batch: CommittedBatch, wanted: (address: string) => boolean, ctx: UserContext): AccountEvents {
  const out: AccountEvents = new Map();
  const push = (who: string, market: string, event: Event) => {
    let list = out.get(who);
    if (list === undefined) out.set(who, (list = []));
    list.push({ market, event });
  };
  const tradesOf = new Map<string, string[]>();
  for (const t of batch.trades) {
    for (const id of [t.takerOrderId, ...t.makers.map((m) => m.orderId)]) {
      const list = tradesOf.get(id);
      if (list === undefined) tradesOf.set(id, [t.id]);
      else if (!list.includes(t.id)) list.push(t.id);
    }
  }
  for (const o of batch.orders) {
    if (!wanted(o.wallet)) continue;
    const trades = tradesOf.get(o.id) ?? [];
    if (o.seq >= batch.firstOrderSeq) {
      push(o.wallet, o.conditionId, orderEvent(o, 'PLACEMENT', trades, ctx, batch.at));
      if (o.status === 'CANCELED') push(o.wallet, o.conditionId, orderEvent(o, 'CANCELLATION', trades, ctx, batch.at));
    } else {
      push(o.wallet, o.conditionId, orderEvent(o, o.status === 'CANCELED' ? 'CANCELLATION' : 'UPDATE', trades, ctx, batch.at));
    }
  }
  for (const t of batch.trades) {
    if (wanted(t.wallet)) push(t.wallet, t.conditionId, tradeEvent(t, t.wallet, ctx, batch.at));
    for (const wallet of new Set(t.makers.map((m) => m.wallet))) {
      if (wallet !== t.wallet && wanted(wallet)) push(wallet, t.conditionId, tradeEvent(t, wallet, ctx, batch.at));
    }
  }
  return out;
}
