/** `GET /v1/user/rate-limit-tier` — the per-signer rate-limit tier of the key's wallet (docs/venue.md §13; L2). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { tierView } from '../../trading/signer-tiers.js';

export const TierAnswer = Type.Object({
  tier: Type.String({ description: 'Standard, Copper, Bronze, Silver, Gold, Platinum, Diamond or Elite' }),
  orders: Type.Object({ ratePerSecond: Type.Integer(), burst: Type.Integer() }),
  cancels: Type.Object({ ratePerSecond: Type.Integer(), burst: Type.Integer(), negativeBalance: Type.Boolean() }),
});

export const rateLimitTier: RouteModule = (app, { auth, signerTiers }) => {
  app.get('/v1/user/rate-limit-tier', {
    schema: { tags: ['trading'], summary: 'Your per-signer rate-limit tier (L2)', security: L2_SECURITY, response: { 200: TierAnswer } },
    config: { family: 'clob' },
    preValidation: auth.requireL2,
  }, async (req) => tierView(signerTiers.of(authOf(req).address)));
};
