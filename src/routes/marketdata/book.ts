/** `GET /book?token_id=` — the order book snapshot of one token (docs/venue.md §4: best price LAST), serialised once per book version. */
import type { RouteModule } from '../../app/services.js';
import { BookSnapshot, CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';
import { sendJsonText } from '../../http/json-text.js';

export const bookRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/book', {
    schema: {
      tags: TAGS, summary: 'Get the order book of a token',
      description: 'Bids ascending and asks descending (the best price is the last element); timestamp = ms of the last change; hash = SHA-1 of the snapshot with hash "".',
      querystring: TokenQuery, response: { 200: BookSnapshot, ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req, reply) => sendJsonText(reply, await md.books.json(req.query.token_id)));
};
