/**
 * `GET /deployed?address&type` on the `/relayer` mount — the venue's relayer, as much of it as
 * `@polymarket/client`'s default wallet flow calls (docs/venue.md §10): `createSecureClient({signer})`
 * without a wallet asks whether the signer's legacy deposit wallet, then its current one, is
 * deployed (`type=WALLET`); with an explicit Safe or proxy wallet it asks without a type. The
 * answer is `{deployed}`; see src/trading/signed/deposit-wallets.ts for what counts as deployed
 * where there is no chain. The relayer's transaction routes (`/submit`,
 * `/v1/account/transactions/…`) relay on-chain transactions with a relayer API key and are not served.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';

const ErrorBody = Type.Object({ error: Type.String() });

export const deployed: RouteModule = (app, { depositWallets }) => {
  app.get('/deployed', {
    schema: {
      tags: ['relayer'],
      summary: 'Whether a wallet is deployed (the relayer: deposit wallets with type=WALLET, Safe and proxy wallets without a type)',
      querystring: Type.Object({
        address: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'the wallet address' }),
        type: Type.Optional(Type.Union(['WALLET', 'SAFE', 'PROXY'].map((t) => Type.Literal(t)), { description: 'WALLET for a deposit wallet; none (or SAFE, PROXY) for a Safe or proxy wallet' })),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ deployed: Type.Boolean() }), 400: ErrorBody },
    },
    config: { family: 'clob' },
  }, async (req) => ({ deployed: await depositWallets.isDeployed(req.query.address, req.query.type === 'WALLET') }));
};
