/**
 * `POST /admin/wallets/{funder}/signers {signer}` — links a signer address to a funder wallet
 * (docs/bots.md): signed orders of signature type 1 (proxy) or 2 (Gnosis safe) whose maker is
 * the funder and whose signer is a linked address are accepted, and use the funder's balance.
 * `GET /admin/wallets/{funder}/signers` lists the links. Idempotent; links are kept (migration 0020).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { SignerInput, SignerLinks } from '../../operator/instance-schemas.js';

const Params = Type.Object({ funder: Type.String({ maxLength: 64 }) });
const Refused = Type.Object({ type: Type.Optional(Type.String()), error: Type.String() });

export const operatorSigners: RouteModule = (app, { operator }) => {
  app.post('/wallets/:funder/signers', {
    schema: {
      tags: ['operator'], summary: 'Link a signer to a funder wallet (signature types 1 and 2)', security: [{ operator: [] }],
      params: Params, body: SignerInput, response: { 200: SignerLinks, 400: Refused },
    },
    config: { family: 'admin' },
  }, async (req) => operator.linkSigner(req.params.funder, req.body.signer));

  app.get('/wallets/:funder/signers', {
    schema: { tags: ['operator'], summary: 'The signers linked to a funder wallet', security: [{ operator: [] }], params: Params, response: { 200: SignerLinks, 400: Refused } },
    config: { family: 'admin' },
  }, async (req) => operator.signersOf(req.params.funder));
};
