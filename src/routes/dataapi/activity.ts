/** `GET /activity` — a wallet's trades, splits, merges, redemptions, deposits and withdrawals (spec "Activity"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { sendJsonText } from '../../http/json-text.js';
import { Activity, ActivityQuery as Query } from '../../dataapi/schemas.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

export const activityRoute: RouteModule = (app, services) => {
  app.get('/activity', {
    schema: {
      tags: [DATA_TAG], summary: 'Activity of a wallet',
      description: 'Newest first by default; limit defaults to 100, offset to 0. Ties keep the recording order.',
      querystring: Query, response: { 200: Type.Array(Activity), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => sendJsonText(reply, await services.dataApi.activity(req.query)));
};
