/** `GET /asyncapi.json` — the AsyncAPI 3 document of both WebSocket channels, with our additions (src/streams/asyncapi.ts). */
import type { RouteModule } from '../../app/services.js';
import { asyncApiDocument } from '../../streams/asyncapi.js';

export const asyncapiRoute: RouteModule = (app) => {
  const body = JSON.stringify(asyncApiDocument());
  app.get('/asyncapi.json', {
    schema: { tags: ['basics'], summary: 'AsyncAPI document of the WebSocket channels (/ws/market, /ws/user)' },
    config: { family: 'basic' },
  }, async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
};
