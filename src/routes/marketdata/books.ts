/** `POST /books` `[{token_id}]` — several book snapshots, in request order; unknown tokens are left out. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { BookSnapshot, CLOB_ERRORS, TAGS, TokenList } from './schemas.js';
import { sendJsonText } from '../../http/json-text.js';

export const booksRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.post('/books', {
    schema: { tags: TAGS, summary: 'Get the order books of several tokens', body: TokenList, response: { 200: Type.Array(BookSnapshot), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req, reply) => sendJsonText(reply, await md.books.jsonMany(req.body.map((i) => i.token_id))));
};
