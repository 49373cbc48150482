/** `GET /activity` — a wallet's trades, splits, merges, redemptions, deposits and withdrawals (spec "Activity"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { sendJsonText } from '../../http/json-text.js';
import { activityPage, ActivityQuery as Query } from '../../dataapi/activity.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

const Activity = Type.Object({
  proxyWallet: Type.String(), timestamp: Type.Integer({ description: 'Unix seconds' }), conditionId: Type.String(),
  type: Type.String(), size: Type.Number(), usdcSize: Type.Number(), transactionHash: Type.String(), price: Type.Number(),
  asset: Type.String({ description: '`<condition_id>:<outcome_index>`; "" when the row is not about one token' }),
  side: Type.String({ description: 'BUY or SELL; "" for non-trade rows' }),
  outcomeIndex: Type.Integer({ description: '-1 when the row is not about one token' }),
  title: Type.String(), slug: Type.String(), icon: Type.String(), eventSlug: Type.String(), outcome: Type.String(),
  name: Type.String(), pseudonym: Type.String(), bio: Type.String(), profileImage: Type.String(), profileImageOptimized: Type.String(),
});

export const activityRoute: RouteModule = (app, services) => {
  app.get('/activity', {
    schema: {
      tags: [DATA_TAG], summary: 'Activity of a wallet',
      description: 'Newest first by default; limit defaults to 100, offset to 0. Ties keep the recording order.',
      querystring: Query, response: { 200: Type.Array(Activity), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => {
    const body = await activityPage(services.store.db, req.query);
    return sendJsonText(reply, body);
  });
};
