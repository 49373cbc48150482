/**
 * `GET /admin/status` — what this instance runs on, how much it holds, whether it holds the
 * database's writer lock, and the last integrity check (src/exchange/integrity.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';

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
});

export const operatorStatus: RouteModule = (app, { operator }) => {
  app.get('/status', {
    schema: { tags: ['operator'], summary: 'Instance status', security: [{ operator: [] }], response: { 200: Status } },
    config: { family: 'admin' },
  }, async () => operator.status());

  app.post('/integrity/acknowledge', {
    schema: {
      tags: ['operator'], summary: 'Acknowledge a failed integrity check: new orders are accepted again', security: [{ operator: [] }],
      response: { 200: Type.Object({ acknowledged: Type.Boolean(), violations: Type.Array(Type.String()) }) },
    },
    config: { family: 'admin' },
  }, async () => operator.acknowledgeIntegrity());
};
