/** `GET /holders` — the largest holders of each token of some markets (spec "Holders"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { sendJsonText } from '../../http/json-text.js';
import { holdersPage, HoldersQuery as Query } from '../../dataapi/holders.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

const Holder = Type.Object({
  proxyWallet: Type.String(), bio: Type.String(), asset: Type.String(), pseudonym: Type.String(), amount: Type.Number(),
  displayUsernamePublic: Type.Boolean(), outcomeIndex: Type.Integer(), name: Type.String(), profileImage: Type.String(),
  profileImageOptimized: Type.String(),
});

const HolderGroup = Type.Object({ token: Type.String({ description: '`<condition_id>:<outcome_index>`' }), holders: Type.Array(Holder) });

export const holdersRoute: RouteModule = (app, services) => {
  app.get('/holders', {
    schema: {
      tags: [DATA_TAG], summary: 'Top holders of markets',
      description: 'One group per held token, in request order (outcome 0 then 1); largest first, ties by wallet.',
      querystring: Query, response: { 200: Type.Array(HolderGroup), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => {
    const body = await holdersPage(services.store.db, services.store.dialect, req.query);
    return sendJsonText(reply, body);
  });
};
