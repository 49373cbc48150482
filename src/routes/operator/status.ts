/**
 * `GET /admin/status` — what this instance runs on, how much it holds, whether it holds the
 * database's writer lock, and the last integrity check (src/exchange/integrity.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { DemoState } from './demo.js';

const Integrity = Type.Object({
  ok: Type.Boolean(),
  violations: Type.Array(Type.String(), { description: 'broken ledger invariants (up to 20)' }),
  checkedAt: Type.String({ description: 'ISO time of the last check (on the last rebuild of the exchange)' }),
  checkMs: Type.Number(),
  acknowledgedAt: Type.Union([Type.String(), Type.Null()]),
  holding: Type.Boolean({ description: 'new orders and ledger operations are refused until the operator acknowledges' }),
});

const Status = Type.Object({
  version: Type.String(),
  store: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  uptimeSeconds: Type.Integer(),
  counts: Type.Object({ events: Type.Integer(), markets: Type.Integer(), comments: Type.Integer(), profiles: Type.Integer() }),
  writer: Type.Object({
    held: Type.Boolean({ description: 'this process holds the database\'s writer lock (one process per database)' }),
    host: Type.String(), pid: Type.Integer(), since: Type.String(),
  }),
  integrity: Integrity,
  role: Type.Union([Type.Literal('writer'), Type.Literal('follower')], { description: 'cluster role (docs/deployment.md): the writer trades, followers forward writes and follow' }),
  epoch: Type.Integer({ description: 'the writer epoch: bumped on every takeover, only grows (0 on SQLite)' }),
  writerUrl: Type.Union([Type.String(), Type.Null()], { description: 'the writer\'s advertise URL (this instance\'s own on the writer)' }),
  followLagMs: Type.Integer({ description: 'follower: the last followed batch\'s time from the writer\'s commit to this instance (0 on the writer)' }),
  rebuildMs: Type.Integer({ description: 'the last rebuild of the exchange from the database (ms)' }),
  tokenIds: Type.Union([Type.Literal('seed'), Type.Literal('ctf')], { description: 'SIBYL_TOKEN_IDS: the token ids shown (docs/bots.md)' }),
  demo: DemoState,
});

const SINGLE = { status: () => ({ role: 'writer' as const, epoch: 0, writerUrl: null, followLagMs: 0, rebuildMs: 0 }) };

export const operatorStatus: RouteModule = (app, { operator, config, cluster = SINGLE, sandbox }) => {
  app.get('/status', {
    schema: { tags: ['operator'], summary: 'Instance status', security: [{ operator: [] }], response: { 200: Status } },
    config: { family: 'admin' },
  }, async () => ({ ...(await operator.status()), tokenIds: config.bots.tokenIds, ...cluster.status(), demo: sandbox.status() }));

  app.post('/integrity/acknowledge', {
    schema: {
      tags: ['operator'], summary: 'Acknowledge a failed integrity check: new orders are accepted again', security: [{ operator: [] }],
      response: { 200: Type.Object({ acknowledged: Type.Boolean(), violations: Type.Array(Type.String()) }) },
    },
    config: { family: 'admin' },
  }, async () => operator.acknowledgeIntegrity());
};
