/**
 * Account reads (L2; spec "Account data"): `GET /data/orders` (open orders; an empty cursor
 * ends the pages, docs/venue.md §5), `GET /data/order/{id}`, `GET /data/trades` and
 * `GET /builder/trades` (bare array, for the builder whose key signs the request; on /clob with
 * `builder_code` the venue's public page of a V2 builder code's trades, src/trading/builder-trades.ts).
 * On the /clob mount orders and trades take the venue's shapes (`VenueOrder`, `VenueTrade`:
 * snake_case, Unix seconds, `trader_side`) and the last page of orders ends with `LTE=`, as the
 * venue's SDK reads them (docs/trading.md); the same rows and queries either way.
 */
import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { errors } from '../../errors/catalogue.js';
import { decodeCursor, encodeCursor, endPage, END_CURSOR } from '../../domain/cursor.js';
import { checksumAddress } from '../../domain/address.js';
import { ORDERS_PAGE, TRADES_PAGE, type TradeFilters } from '../../trading/account.js';
import { BuilderTradesPage, Envelope, NATIVE_JSON, Order, Trade, VenueOrder, VenueTrade } from './schemas.js';
import { dialectOf } from '../../http/mounts.js';
import { venueTrade } from '../../trading/format.js';
import { BUILDER_CODE_PAGE } from '../../trading/builder-trades.js';
import { builderCodeOf } from '../../trading/order-input.js';

const Text = Type.String({ maxLength: 100 });
const Cursor = Type.String({ maxLength: 40 });
const ERROR = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });
const TimeS = Type.String({ pattern: '^[0-9]{1,12}$', description: 'Unix seconds (up to 12 digits)' });

const TradeQuery = Type.Object({
  id: Type.Optional(Text), taker: Type.Optional(Text), maker: Type.Optional(Text), maker_address: Type.Optional(Text),
  market: Type.Optional(Text), asset_id: Type.Optional(Text), before: Type.Optional(TimeS), after: Type.Optional(TimeS),
  next_cursor: Type.Optional(Cursor),
});

function address(v: string | undefined, name: string): string | undefined {
  if (v === undefined) return undefined;
  const a = checksumAddress(v);
  if (!a) throw errors.badRequest(`${name} must be a 0x-prefixed 20-byte hex address`);
  return a;
}

function tradeFilters(q: Static<typeof TradeQuery>): TradeFilters {
  return {
    id: q.id, taker: address(q.taker, 'taker'), maker: address(q.maker ?? q.maker_address, q.maker ? 'maker' : 'maker_address'),
    market: q.market, asset_id: q.asset_id,
    before: q.before === undefined ? undefined : Number(q.before), after: q.after === undefined ? undefined : Number(q.after),
  };
}

export const accountRoutes: RouteModule = (app, { auth, account, builderTrades }) => {
  const route = { config: { family: 'clob' as const }, preValidation: auth.requireL2 };
  const venue = dialectOf(app) === 'clob';
  const dialect = venue ? 'venue' as const : 'spec' as const;
  const OrderShape = venue ? VenueOrder : Order;

  app.get('/data/orders', {
    ...route,
    schema: {
      tags: ['account'], summary: 'Open orders of the account (L2)', security: L2_SECURITY,
      querystring: Type.Object({ id: Type.Optional(Text), market: Type.Optional(Text), asset_id: Type.Optional(Text), next_cursor: Type.Optional(Cursor) }),
      response: { 200: Envelope(OrderShape) },
    },
  }, async (req, reply) => {
    const { next_cursor: cursor, ...query } = req.query;
    const filters = query;
    // An explicitly empty cursor (a client loop that passed back our end marker "") ends with LTE=.
    const offset = decodeCursor(cursor);
    if (cursor === '' || offset === null) return endPage(ORDERS_PAGE);
    return sendJsonText(reply, await account.openOrdersPage(authOf(req).address, filters, offset, dialect));
  });

  app.get('/data/order/:id', {
    ...route,
    schema: { tags: ['account'], summary: 'One order of the account (L2)', security: L2_SECURITY, params: Type.Object({ id: Text }), response: { 200: OrderShape } },
  }, async (req) => {
    const order = await account.order(authOf(req).address, req.params.id, dialect);
    if (!order) throw errors.notFound('order not found');
    return order;
  });

  app.get('/data/trades', {
    ...route, ...NATIVE_JSON,
    schema: { tags: ['account'], summary: 'Trades of the account, newest first (L2)', security: L2_SECURITY, querystring: TradeQuery, response: { 200: Envelope(venue ? VenueTrade : Trade) } },
  }, async (req) => {
    const offset = decodeCursor(req.query.next_cursor);
    if (offset === null) return endPage(TRADES_PAGE);
    const page = await account.trades(authOf(req).address, tradeFilters(req.query), offset);
    return { data: venue ? page.data.map(venueTrade) : page.data, next_cursor: page.more ? encodeCursor(offset + TRADES_PAGE) : END_CURSOR, limit: TRADES_PAGE, count: page.data.length };
  });

  if (!venue) {
    app.get('/builder/trades', {
      ...route, ...NATIVE_JSON,
      schema: {
        tags: ['account'], summary: 'Trades attributed to the builder signing the request (L2)', security: L2_SECURITY,
        querystring: TradeQuery, response: { 200: Type.Array(Trade) },
      },
    }, async (req) => {
      const offset = decodeCursor(req.query.next_cursor);
      if (offset === null) return [];
      return (await account.builderTrades(authOf(req).apiKey, tradeFilters(req.query), offset)).data;
    });
    return;
  }

  // /clob: with `builder_code` the venue's public page of that code's trades; without it, the
  // builder-key view above (L2), as clob-client v1 asks for it.
  const BuilderQuery = Type.Object({ ...TradeQuery.properties, builder_code: Type.Optional(Type.String({ maxLength: 100 })) });
  const hasCode = (req: FastifyRequest) => (req.query as { builder_code?: unknown } | undefined)?.builder_code !== undefined;
  app.get('/builder/trades', {
    config: route.config, ...NATIVE_JSON,
    preValidation: (req, reply, done) => (hasCode(req) ? done() : auth.requireL2(req, reply, done)),
    schema: {
      tags: ['account'],
      summary: 'Trades of orders carrying a builder code (`builder_code`, public; the venue\'s page), else those attributed to the builder key signing the request (L2)',
      security: [{}, ...L2_SECURITY], querystring: BuilderQuery,
      response: { 200: Type.Union([BuilderTradesPage, Type.Array(Trade)]), 400: ERROR },
    },
  }, async (req) => {
    const { builder_code: code, ...query } = req.query;
    const offset = decodeCursor(query.next_cursor);
    if (code === undefined) return offset === null ? [] : (await account.builderTrades(authOf(req).apiKey, tradeFilters(query), offset)).data;
    const builder = builderCodeOf(code);
    if (typeof builder !== 'string') throw errors.badRequest('builder_code must be a builder code: 0x and 64 hex digits, not the zero code');
    if (offset === null) return endPage(BUILDER_CODE_PAGE);
    const f = tradeFilters(query);
    return builderTrades.page(builder, { id: f.id, market: f.market, asset_id: f.asset_id, before: f.before, after: f.after }, offset);
  });
};

