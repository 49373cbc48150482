/**
 * `PUT /admin/wallets/{address}/rate-limit-tier {"tier"}` sets a wallet's per-signer rate-limit tier
 * (docs/venue.md §13), which wins over the tier its 30-day volume earns; `DELETE` removes it.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { errors } from '../../errors/catalogue.js';
import { checksumAddress } from '../../domain/address.js';
import { TIER_NAMES, tierView } from '../../trading/signer-tiers.js';
import { TierAnswer } from '../trading/rate-limit-tier.js';

export const operatorRateLimitTier: RouteModule = (app, { signerTiers }) => {
  app.put('/wallets/:address/rate-limit-tier', {
    schema: {
      tags: ['operator'], summary: 'Set a wallet\'s per-signer rate-limit tier', security: [{ operator: [] }],
      params: Type.Object({ address: Type.String({ maxLength: 64 }) }),
      body: Type.Object({ tier: Type.Unsafe<string>(Type.String({ enum: TIER_NAMES })) }, { additionalProperties: false }),
      response: { 200: Type.Intersect([Type.Object({ wallet: Type.String() }), TierAnswer]), 400: Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) }) },
    },
    config: { family: 'admin' },
  }, async (req) => ({ wallet: walletOf(req.params.address), ...tierView(await signerTiers.set(walletOf(req.params.address), req.body.tier)) }));

  app.delete('/wallets/:address/rate-limit-tier', {
    schema: {
      tags: ['operator'], summary: 'Remove a wallet\'s operator tier: its 30-day volume decides again', security: [{ operator: [] }],
      params: Type.Object({ address: Type.String({ maxLength: 64 }) }),
      response: { 200: Type.Object({ wallet: Type.String(), removed: Type.Boolean() }), 400: Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) }) },
    },
    config: { family: 'admin' },
  }, async (req) => {
    const wallet = walletOf(req.params.address);
    return { wallet, removed: await signerTiers.unset(wallet) };
  });
};

function walletOf(address: string): string {
  const wallet = checksumAddress(address);
  if (wallet === undefined) throw errors.badRequest(`invalid address: ${address}`);
  return wallet;
}
