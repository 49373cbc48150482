/** `GET /holders` — the largest holders of each token of some markets (spec "Holders"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { HolderGroup, HoldersQuery as Query } from '../../dataapi/schemas.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

export const holdersRoute: RouteModule = (app, services) => {
  app.get('/holders', {
    schema: {
      tags: [DATA_TAG], summary: 'Top holders of markets',
      description: 'One group per held token, in request order (outcome 0 then 1); largest first, ties by wallet.',
      querystring: Query, response: { 200: Type.Array(HolderGroup), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => sendJsonText(reply, await services.dataApi.holders(req.query)));
};
