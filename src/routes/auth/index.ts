/**
 * API-key management (docs/venue.md §1): L1 (wallet-signed) `POST /auth/api-key` creates,
 * `GET /auth/derive-api-key` re-derives; L2 `GET /auth/api-keys` lists the caller's keys and
 * `DELETE /auth/api-key` revokes the calling key. The work is in src/auth/.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { authOf, Credentials, L1_SECURITY, L2_SECURITY } from '../../auth/index.js';

const Err = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });
const l1 = { tags: ['auth'], security: L1_SECURITY, response: { 200: Credentials, 400: Err, 401: Err } };
const l2 = { tags: ['auth'], security: L2_SECURITY };

export const authRoutes: RouteModule = (app, { auth }) => {
  app.post('/auth/api-key', {
    schema: { ...l1, summary: 'Create API credentials (L1)', description: 'Deterministic per (address, SVC_NONCE). 400 `Could not create api key` when an active key exists: derive it instead.' },
    config: { family: 'clob' },
  }, async (req) => auth.createApiKey(req));

  app.get('/auth/derive-api-key', {
    schema: { ...l1, summary: 'Derive existing API credentials (L1)', description: 'The same credentials for the same address and SVC_NONCE; 400 `Could not derive api key!` when none.' },
    config: { family: 'clob' },
  }, async (req) => auth.deriveApiKey(req));

  app.get('/auth/api-keys', {
    schema: { ...l2, summary: "The caller's active API keys (L2)", response: { 200: Type.Object({ apiKeys: Type.Array(Type.String()) }), 401: Err } },
    config: { family: 'clob' },
    preHandler: auth.requireL2,
  }, async (req) => ({ apiKeys: await auth.keys.list(authOf(req).address) }));

  app.delete('/auth/api-key', {
    schema: { ...l2, summary: 'Revoke the calling API key (L2)', response: { 200: Type.Literal('OK'), 401: Err } },
    config: { family: 'clob' },
    preHandler: auth.requireL2,
  }, async (req, reply) => {
    await auth.keys.revoke(authOf(req).apiKey);
    sendJsonText(reply, '"OK"'); // the JSON string "OK" (the real answer)
  });
};
