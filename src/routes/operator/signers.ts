/**
 * `POST /admin/wallets/{funder}/signers {signer}` — links a signer address to a funder wallet
 * (docs/bots.md): signed orders of signature type 1 (proxy) or 2 (Gnosis safe) whose maker is
 * the funder and whose signer is a linked address are accepted, and use the funder's balance.
 * `GET /admin/wallets/{funder}/signers` lists the links. Idempotent; links are kept (migration 0020).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { errors } from '../../errors/catalogue.js';

const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'a 0x-prefixed 20-byte hex address' });
const Links = Type.Object({
  funder: Type.String(), signers: Type.Array(Type.String(), { description: 'lower-case addresses allowed to sign for the funder' }),
  created: Type.Boolean({ description: 'whether this call added the link' }),
});
const Params = Type.Object({ funder: Type.String({ maxLength: 64 }) });
const Refused = Type.Object({ type: Type.Optional(Type.String()), error: Type.String() });
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const operatorSigners: RouteModule = (app, { signedOrders, now }) => {
  app.post('/wallets/:funder/signers', {
    schema: {
      tags: ['operator'], summary: 'Link a signer to a funder wallet (signature types 1 and 2)', security: [{ operator: [] }],
      params: Params, body: Type.Object({ signer: Address }, { additionalProperties: false }), response: { 200: Links, 400: Refused },
    },
    config: { family: 'admin' },
  }, async (req) => {
    const funder = req.params.funder;
    if (!ADDRESS.test(funder)) throw errors.badRequest(`invalid funder address ${JSON.stringify(funder)}: expected 0x + 40 hex digits`);
    const created = await signedOrders.link(funder, req.body.signer, now());
    return { funder: funder.toLowerCase(), signers: signedOrders.signersOf(funder), created };
  });

  app.get('/wallets/:funder/signers', {
    schema: { tags: ['operator'], summary: 'The signers linked to a funder wallet', security: [{ operator: [] }], params: Params, response: { 200: Links, 400: Refused } },
    config: { family: 'admin' },
  }, async (req) => {
    const funder = req.params.funder;
    if (!ADDRESS.test(funder)) throw errors.badRequest(`invalid funder address ${JSON.stringify(funder)}: expected 0x + 40 hex digits`);
    return { funder: funder.toLowerCase(), signers: signedOrders.signersOf(funder), created: false };
  });
};
