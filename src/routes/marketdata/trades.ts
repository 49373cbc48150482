/**
 * `GET /trades` — public fills, newest first, 100 a page in the cursor envelope. Filters:
 * `market` (condition id), `asset_id` (token on either side), `before`/`after` (Unix seconds,
 * strict). `owner` (an API key in the real service) is always "".
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, Envelope, TAGS, Trade } from './schemas.js';

const Query = Type.Object({
  market: Type.Optional(Type.String({ description: 'condition id' })),
  asset_id: Type.Optional(Type.String({ description: 'token id' })),
  before: Type.Optional(Type.String({ description: 'Unix seconds, strictly before' })),
  after: Type.Optional(Type.String({ description: 'Unix seconds, strictly after' })),
  next_cursor: Type.Optional(Type.String({ description: '`MA==` (or absent) for the first page; `LTE=` = no more' })),
});

export const tradesRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/trades', {
    schema: { tags: TAGS, summary: 'Public trades', querystring: Query, response: { 200: Envelope(Trade), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.trades(req.query));
};
