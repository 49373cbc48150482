/** `GET /` — the health check named in the spec's limits table: answers the JSON string "OK". */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';

export const root: RouteModule = (app) => {
  app.get('/', {
    schema: { tags: ['basics'], summary: 'Health check', response: { 200: Type.String({ description: 'the JSON string "OK"' }) } },
    config: { family: 'basic' },
  }, (_req, reply) => {
    sendJsonText(reply, '"OK"'); // the JSON string "OK", as the real service answers
  });
};
