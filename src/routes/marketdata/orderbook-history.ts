/**
 * `GET /orderbook-history?asset_id&startTs&endTs&limit&offset` — a token's recorded book
 * snapshots in time order (docs/sandbox.md): `{count, data}`, each entry what `/book` answered
 * at that time. Times are Unix milliseconds, as the real venue's endpoint took them.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { HISTORY_LIMIT_DEFAULT, HISTORY_LIMIT_MAX, HISTORY_OFFSET_MAX } from '../../marketdata/book-history-query.js';
import { sendJsonText } from '../../http/json-text.js';
import { BookSnapshot, CLOB_ERRORS, TAGS } from './schemas.js';

const Query = Type.Object({
  asset_id: Type.Optional(Type.String({ description: 'token id (required)' })),
  startTs: Type.Optional(Type.String({ description: 'Unix milliseconds, inclusive' })),
  endTs: Type.Optional(Type.String({ description: 'Unix milliseconds, inclusive' })),
  limit: Type.Optional(Type.String({ description: `1–${HISTORY_LIMIT_MAX}, default ${HISTORY_LIMIT_DEFAULT}` })),
  offset: Type.Optional(Type.String({ description: `0–${HISTORY_OFFSET_MAX}, default 0` })),
});

const Answer = Type.Object({ count: Type.Integer(), data: Type.Array(BookSnapshot) });

export const orderbookHistoryRoute: RouteModule = (app, services) => {
  app.get('/orderbook-history', {
    schema: {
      tags: TAGS, summary: 'Historical order books of a token',
      description: 'Snapshots recorded after the book changed (at most one per SIBYL_BOOK_HISTORY_S per token, and on every trade for markets the operator chose), oldest first; each entry has the fields of GET /book at that time.',
      querystring: Query, response: { 200: Answer, ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req, reply) => sendJsonText(reply, await services.marketData.orderbookHistory(req.query)));
};
