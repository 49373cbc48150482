/**
 * Wire shapes of the spec's Order, Trade and MakerOrder: amounts and prices as decimal strings,
 * times as ISO 8601, outcomes by label. Pure functions over stored rows. On the wire `owner` is
 * the API key an order was placed with (the spec's word); the account's address is `wallet`
 * inside and `makerAddress` / `maker_address` outside.
 */
import type { OrderRow } from '../core/index.js';
import { formatMicro } from '../domain/money.js';
import type { TradeMakersTable, TradesTable } from '../store/schema-exchange.js';
import { isoTime as iso } from '../domain/iso-time.js';
import type { VenueOrder, VenueTrade, WireMakerOrder, WireOrder, WireTrade } from './wire.js';

export type { VenueOrder, VenueTrade, WireMakerOrder, WireOrder, WireTrade } from './wire.js';


export function wireOrder(o: OrderRow, outcome: string, trades: string[]): WireOrder {
  return {
    associateTrades: trades, id: o.id, status: o.status, market: o.conditionId,
    // A market BUY sized in collateral has no share size until it fills: its filled size stands.
    originalSize: formatMicro(o.amount !== null && o.originalSize === 0 ? o.sizeMatched : o.originalSize),
    outcome, makerAddress: o.wallet, owner: o.apiKey ?? '', price: formatMicro(o.price), side: o.side,
    sizeMatched: formatMicro(o.sizeMatched), assetId: o.tokenId, type: o.type, createdAt: iso(o.createdAt),
  };
}

/** The venue's open order (wire.ts `VenueOrder`): the same fields as `wireOrder`, the venue's names and times. */
export function venueOrder(o: OrderRow, outcome: string, trades: string[]): VenueOrder {
  return {
    associate_trades: trades, id: o.id, status: o.status, market: o.conditionId,
    original_size: formatMicro(o.amount !== null && o.originalSize === 0 ? o.sizeMatched : o.originalSize),
    outcome, maker_address: o.wallet, owner: o.apiKey ?? '', price: formatMicro(o.price), side: o.side,
    size_matched: formatMicro(o.sizeMatched), asset_id: o.tokenId, expiration: String(o.expiration),
    order_type: o.type, created_at: Math.floor(o.createdAt / 1000),
  };
}

/** Unix seconds (a decimal string) of an ISO 8601 time. */
const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

/** The venue's trade (wire.ts `VenueTrade`) from the spec's: `trader_side` for `type`, times in Unix seconds. */
export function venueTrade(t: WireTrade): VenueTrade {
  const { type, ...rest } = t;
  return { ...rest, match_time: seconds(t.match_time), last_update: seconds(t.last_update), trader_side: type === 'MAKER' ? 'MAKER' : 'TAKER' };
}

export interface TradeContext {
  outcomeOf(asset: string): string;
  apiKeyOf(orderId: string): string;
}

export function wireMaker(m: TradeMakersTable, ctx: TradeContext): WireMakerOrder {
  return {
    order_id: m.order_id, maker_address: m.wallet, owner: ctx.apiKeyOf(m.order_id), matched_amount: formatMicro(m.matched_amount),
    fee_rate_bps: String(m.fee_rate_bps), price: formatMicro(m.price), asset_id: m.asset, outcome: ctx.outcomeOf(m.asset), side: m.side,
  };
}

/**
 * A trade as one account sees it: as its taker (`TAKER`, every maker order listed) or as one
 * of its makers (`MAKER`, only that account's maker orders listed).
 */
export function wireTrade(t: TradesTable, makers: TradeMakersTable[], viewer: string | null, ctx: TradeContext): WireTrade {
  const asTaker = viewer === null || t.wallet === viewer;
  const shown = asTaker ? makers : makers.filter((m) => m.wallet === viewer);
  return {
    id: t.id, taker_order_id: t.taker_order_id, market: t.market, asset_id: t.asset, side: t.side, size: formatMicro(t.size),
    fee_rate_bps: String(t.fee_rate_bps), price: formatMicro(t.price), status: t.status, match_time: iso(t.match_time),
    last_update: iso(t.match_time), outcome: ctx.outcomeOf(t.asset), maker_address: asTaker ? t.wallet : viewer!,
    owner: asTaker ? ctx.apiKeyOf(t.taker_order_id) : ctx.apiKeyOf(shown[0]?.order_id ?? ''),
    transaction_hash: t.transaction_hash, bucket_index: 0, maker_orders: shown.map((m) => wireMaker(m, ctx)),
    type: asTaker ? 'TAKER' : 'MAKER',
  };
}
