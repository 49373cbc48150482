/** `GET /time` — server time in integer Unix seconds, for clients to sign L2 requests with. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';

export const time: RouteModule = (app, { now }) => {
  app.get('/time', {
    schema: { tags: ['basics'], summary: 'Server time (Unix seconds)', response: { 200: Type.Integer() } },
    config: { family: 'basic' },
  }, async () => Math.floor(now() / 1000));
};
