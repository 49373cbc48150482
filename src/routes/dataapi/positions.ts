/** `GET /positions` — a wallet's positions with PnL, live price and catalog fields (spec "Positions"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { sendJsonText } from '../../http/json-text.js';
import { positionsPage, PositionsQuery as Query } from '../../dataapi/positions.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

const Position = Type.Object({
  proxyWallet: Type.String(), asset: Type.String({ description: '`<condition_id>:<outcome_index>`' }), conditionId: Type.String(),
  size: Type.Number(), avgPrice: Type.Number(), initialValue: Type.Number(), currentValue: Type.Number(),
  cashPnl: Type.Number(), percentPnl: Type.Number(), totalBought: Type.Number(), realizedPnl: Type.Number(),
  percentRealizedPnl: Type.Number(),
  curPrice: Type.Number({ description: 'payout once resolved, else book midpoint, else last trade, else 0.5' }),
  redeemable: Type.Boolean(), mergeable: Type.Boolean(), title: Type.String(), slug: Type.String(), icon: Type.String(),
  eventSlug: Type.String(), outcome: Type.String(), outcomeIndex: Type.Integer(), oppositeOutcome: Type.String(),
  oppositeAsset: Type.String(), timestamp: Type.Integer({ description: 'Unix seconds of the last change' }),
  endDate: Type.String({ description: 'ISO 8601, "" when the market has no end date' }), negativeRisk: Type.Boolean(),
});

export const positionsRoute: RouteModule = (app, services) => {
  app.get('/positions', {
    schema: {
      tags: [DATA_TAG], summary: 'Positions of a wallet',
      description: 'PnL per compat.md §7. Filters, then sort (ties by asset), then offset/limit.',
      querystring: Query, response: { 200: Type.Array(Position), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => {
    const body = await positionsPage(services.store.db, services.exchange, services.now(), req.query);
    return sendJsonText(reply, body);
  });
};
