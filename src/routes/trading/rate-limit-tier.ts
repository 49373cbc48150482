/**
 * `GET /v1/user/rate-limit-tier` — the per-signer rate-limit tier of the key's wallet (docs/venue.md
 * §13; L2), with the wallet's 30-day traded volume computed now and where the tier comes from.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { tierView } from '../../trading/signer-tiers.js';
import { formatMicro } from '../../domain/money.js';

export const TierAnswer = Type.Object({
  tier: Type.String({ description: 'Standard, Copper, Bronze, Silver, Gold, Platinum, Diamond or Elite' }),
  orders: Type.Object({ ratePerSecond: Type.Integer(), burst: Type.Integer() }),
  cancels: Type.Object({ ratePerSecond: Type.Integer(), burst: Type.Integer(), negativeBalance: Type.Boolean() }),
});

const Reading = Type.Intersect([TierAnswer, Type.Object({
  source: Type.Union([Type.Literal('volume'), Type.Literal('operator')], { description: 'the 30-day volume earned the tier, or the operator set it (and it wins)' }),
  volume30d: Type.String({ description: 'USDC traded in the last 30 days (maker and taker fills), decimal' }),
})]);

export const rateLimitTier: RouteModule = (app, { auth, signerTiers }) => {
  app.get('/v1/user/rate-limit-tier', {
    schema: { tags: ['trading'], summary: 'Your per-signer rate-limit tier (L2)', security: L2_SECURITY, response: { 200: Reading } },
    config: { family: 'clob' },
    preValidation: auth.requireL2,
  }, async (req) => {
    const r = await signerTiers.read(authOf(req).address);
    return { ...tierView(r.tier), source: r.source, volume30d: formatMicro(r.volume) };
  });
};
