/** `GET /positions` — a wallet's positions with PnL, live price and catalog fields (spec "Positions"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { Position, PositionsQuery as Query } from '../../dataapi/schemas.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

export const positionsRoute: RouteModule = (app, services) => {
  app.get('/positions', {
    schema: {
      tags: [DATA_TAG], summary: 'Positions of a wallet',
      description: 'PnL per docs/venue.md §7. Filters, then sort (ties by asset), then offset/limit.',
      querystring: Query, response: { 200: Type.Array(Position), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => sendJsonText(reply, await services.dataApi.positions(req.query)));
};
