/**
 * The four order-book market lists share one route shape: `GET <path>?next_cursor=` answering
 * the cursor envelope (1000 markets a page, `LTE=` at the end). The page is serialised by
 * src/marketdata (cached per catalog and book versions) and sent as is.
 */
import type { TSchema } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import type { ListName } from '../../marketdata/listings.js';
import { CLOB_ERRORS, CursorQuery, Envelope, TAGS } from './schemas.js';
import { sendJsonText } from '../../http/json-text.js';

export function listRoute(list: ListName, item: TSchema, summary: string, description: string): RouteModule {
  return (app, services) => {
    app.get(`/${list}`, {
      schema: { tags: TAGS, summary, description, querystring: CursorQuery, response: { 200: Envelope(item), ...CLOB_ERRORS } },
      config: { family: 'clob' },
    }, async (req, reply) => {
      const json = await services.marketData.listings.page(list, req.query.next_cursor);
      return sendJsonText(reply, json);
    });
  };
}
