/**
 * Session heartbeats (spec "Session heartbeat", docs/venue.md §2): `POST /v1/heartbeats` chains
 * ids, `POST /heartbeats` just feeds the switch. Both are L2 and scoped to the caller's
 * address. The dead-man's switch itself is src/heartbeats/service.ts.
 */
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../app/services.js';
import { ApiError } from '../../errors/catalogue.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { sendJsonText } from '../../http/json-text.js';

const Err = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });
const OK = JSON.stringify({ status: 'ok' });
const InvalidId = Type.Object({ error: Type.String(), heartbeat_id: Type.Optional(Type.String()) });

/** The previous id from the body: empty body, `null`, `""`, `{}` or `{"heartbeat_id": null|""}` start a chain. */
export function previousHeartbeatId(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  if (typeof body === 'object' && !Array.isArray(body)) {
    const id = (body as { heartbeat_id?: unknown }).heartbeat_id;
    if (id === undefined || id === null || id === '') return null;
    if (typeof id === 'string') return id;
  }
  throw new ApiError('bad_request', 'Invalid heartbeat payload: expected {"heartbeat_id": <previous id, or null to start>}');
}

/** One string property: written directly (the schema's serializer escapes it char by char). */
function sendBeat(reply: FastifyReply, id: string): void {
  sendJsonText(reply, `{"heartbeat_id":${JSON.stringify(id)}}`);
}

export const heartbeatRoutes: RouteModule = (app, { auth, heartbeats }) => {
  app.post('/v1/heartbeats', {
    schema: {
      tags: ['heartbeats'],
      summary: "Heartbeat: feed the dead-man's switch and chain ids (L2)",
      description: 'Body `{"heartbeat_id": <previous id>}`; the first call sends null, "" or {}. If no heartbeat arrives within '
        + 'SIBYL_HEARTBEAT_TIMEOUT_MS plus half of it, all open orders of the address are cancelled. A wrong or stale id: 400 '
        + 'with the expected `heartbeat_id` ("" when the switch has fired: start a new chain).',
      security: L2_SECURITY,
      response: { 200: Type.Object({ heartbeat_id: Type.String() }), 400: InvalidId, 401: Err },
    },
    config: { family: 'clob' },
    preHandler: auth.requireL2,
  }, (req, reply) => {
    // Synchronous on the usual beat (memory only); a promise when the switch is armed anew.
    const id = heartbeats.beat(authOf(req).address, previousHeartbeatId(req.body));
    if (typeof id === 'string') sendBeat(reply, id);
    else return id.then((v) => { sendBeat(reply, v); });
  });

  app.post('/heartbeats', {
    schema: {
      tags: ['heartbeats'],
      summary: "Heartbeat without id chaining: arms or feeds the dead-man's switch (L2)",
      security: L2_SECURITY,
      response: { 200: Type.Object({ status: Type.Literal('ok') }), 401: Err },
    },
    config: { family: 'clob' },
    preHandler: auth.requireL2,
  }, (req, reply) => {
    const fed = heartbeats.feed(authOf(req).address);
    if (fed === undefined) sendJsonText(reply, OK);
    else return fed.then(() => { sendJsonText(reply, OK); });
  });
};
