/**
 * Builder trades by builder code (issue #38): `GET /builder/trades?builder_code=` on the /clob
 * mount, what the venue's SDK calls `listBuilderTrades`. A V2 signed order carries a bytes32
 * `builder` code (migration 0030 keeps it on the order, and on the trade of a taker order); the
 * builder's trades are every fill of an order with its code — one `TAKER` row per trade whose
 * taker order has it, one `MAKER` row per maker order with it in a trade — newest first, in the
 * venue's camelCase shape (the SDK's `BuilderTradeSchema`) and offset cursors (docs/venue.md §5).
 * Public, as on the venue: a builder code names nobody's account.
 *
 * Amounts are the fill's: `size` in shares, `price` in the order's own outcome terms, `sizeUsdc`
 * the collateral it moved (the taker's `usdc_size`; a maker's size × price, rounded down to a
 * micro-unit), `fee` and `feeUsdc` the fee it paid in collateral (Sibyl charges fees in USDC).
 */
import { sql, type Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { BuilderTradesPage as PageSchema, VenueBuilderTrade as TradeSchema } from './wire.js';
import type { Database } from '../store/schema.js';
import { literal } from '../store/prepared.js';
import { formatMicro, MICRO } from '../domain/money.js';
import { encodeCursor, END_CURSOR } from '../domain/cursor.js';
import { tokenKey } from '../domain/ids.js';
import type { ExchangeService } from '../exchange/service.js';

export const BUILDER_CODE_PAGE = 300;

export interface BuilderCodeFilters {
  id?: string; market?: string; asset_id?: string;
  /** Unix seconds: fills strictly before / after. */
  before?: number; after?: number;
}

/** One row of the venue's builder-trades page (wire.ts; the SDK's `BuilderTradeSchema`). */
export type VenueBuilderTrade = Static<typeof TradeSchema>;
export type BuilderTradesPage = Static<typeof PageSchema>;

interface FillRow {
  id: string; seq: number; idx: number; kind: string; taker_order_id: string; market: string; asset: string; side: string;
  size: number; usdc_size: number; price: number; status: string; wallet: string; order_id: string; fee: number;
  transaction_hash: string; match_time: number;
}

export class BuilderTradeReads {
  constructor(private readonly db: Kysely<Database>, private readonly exchange: ExchangeService) {}

  /** One page of the fills of orders carrying `code` (lowercase bytes32), from `offset`. */
  async page(code: string, f: BuilderCodeFilters, offset: number): Promise<BuilderTradesPage> {
    const asset = f.asset_id === undefined ? undefined : tokenKey(this.exchange.core, f.asset_id);
    const where = <Q extends { where: (...a: any[]) => Q }>(q: Q, assetCol: 't.asset' | 'm.asset'): Q => {
      if (f.id !== undefined) q = q.where('t.id', '=', f.id);
      if (f.market !== undefined) q = q.where('t.market', '=', f.market);
      if (asset !== undefined) q = q.where(assetCol, '=', asset);
      if (f.before !== undefined) q = q.where('t.match_time', '<', f.before * 1000);
      if (f.after !== undefined) q = q.where('t.match_time', '>=', (f.after + 1) * 1000);
      return q;
    };
    const taker = where(this.db.selectFrom('trades as t').where('t.builder_code', '=', code).select([
      't.id', 't.seq', sql<number>`-1`.as('idx'), sql<string>`'TAKER'`.as('kind'), 't.taker_order_id', 't.market', 't.asset', 't.side',
      't.size', 't.usdc_size', 't.price', 't.status', 't.wallet', 't.taker_order_id as order_id', 't.fee', 't.transaction_hash', 't.match_time',
    ]), 't.asset');
    const maker = where(this.db.selectFrom('trade_makers as m').innerJoin('orders as o', 'o.id', 'm.order_id')
      .innerJoin('trades as t', 't.id', 'm.trade_id').where('o.builder_code', '=', code).select([
        't.id', 't.seq', 'm.idx', sql<string>`'MAKER'`.as('kind'), 't.taker_order_id', 't.market', 'm.asset', 'm.side',
        'm.matched_amount as size', sql<number>`-1`.as('usdc_size'), 'm.price', 't.status', 'm.wallet', 'm.order_id', 'm.fee',
        't.transaction_hash', 't.match_time',
      ]), 'm.asset');
    const rows = await this.db.selectFrom(taker.unionAll(maker).as('x')).selectAll()
      .orderBy('seq', 'desc').orderBy('idx').limit(literal(BUILDER_CODE_PAGE + 1)).offset(offset).execute() as FillRow[];
    const more = rows.length > BUILDER_CODE_PAGE;
    const page = more ? rows.slice(0, BUILDER_CODE_PAGE) : rows;
    const data = await this.venueRows(code, page);
    return { data, next_cursor: more ? encodeCursor(offset + BUILDER_CODE_PAGE) : END_CURSOR, limit: BUILDER_CODE_PAGE, count: data.length };
  }

  private async venueRows(code: string, rows: FillRow[]): Promise<VenueBuilderTrade[]> {
    if (rows.length === 0) return [];
    const [tokens, keys] = await Promise.all([
      this.db.selectFrom('tokens').select(['token_id', 'outcome', 'outcome_index']).where('token_id', 'in', [...new Set(rows.map((r) => r.asset))]).execute(),
      this.db.selectFrom('orders').select(['id', 'api_key']).where('id', 'in', [...new Set(rows.map((r) => r.order_id))]).execute(),
    ]);
    const tokenOf = new Map(tokens.map((t) => [t.token_id, t]));
    const keyOf = new Map(keys.map((k) => [k.id, k.api_key ?? '']));
    return rows.map((r) => {
      const token = tokenOf.get(r.asset);
      const usdc = r.kind === 'TAKER' ? r.usdc_size : Number((BigInt(r.size) * BigInt(r.price)) / BigInt(MICRO));
      const at = new Date(r.match_time).toISOString();
      return {
        id: r.id, tradeType: r.kind === 'TAKER' ? 'TAKER' : 'MAKER', takerOrderHash: r.taker_order_id, builder: code, market: r.market,
        assetId: r.asset, side: r.side, size: formatMicro(r.size), sizeUsdc: formatMicro(usdc), price: formatMicro(r.price), status: r.status,
        outcome: token?.outcome ?? '', outcomeIndex: token?.outcome_index ?? 0, owner: keyOf.get(r.order_id) ?? '', maker: r.wallet,
        transactionHash: r.transaction_hash, matchTime: String(Math.floor(r.match_time / 1000)), bucketIndex: 0,
        fee: formatMicro(r.fee), feeUsdc: formatMicro(r.fee), err_msg: null, createdAt: at, updatedAt: at,
      };
    });
  }
}
