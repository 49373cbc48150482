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

const startedAt = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

export const adminStatus: RouteModule = (app, { store, exchange, writerLock }) => {
  app.get('/status', {
    schema: { tags: ['operator'], summary: 'Instance status', security: [{ operator: [] }], response: { 200: Status } },
    config: { family: 'admin' },
  }, async () => {
    const count = async (table: 'events' | 'markets' | 'comments' | 'profiles') =>
      Number((await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const r = exchange.integrity.report;
    return {
      version: '0.1.0',
      store: store.dialect,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      counts: { events: await count('events'), markets: await count('markets'), comments: await count('comments'), profiles: await count('profiles') },
      writer: { held: writerLock.held, ...writerLock.holder },
      integrity: {
        ok: r.ok, violations: r.violations, checkedAt: iso(r.checkedAt), checkMs: r.checkMs,
        acknowledgedAt: r.acknowledgedAt === null ? null : iso(r.acknowledgedAt), holding: exchange.integrity.holding,
      },
    };
  });

  app.post('/integrity/acknowledge', {
    schema: {
      tags: ['operator'], summary: 'Acknowledge a failed integrity check: new orders are accepted again', security: [{ operator: [] }],
      response: { 200: Type.Object({ acknowledged: Type.Boolean(), violations: Type.Array(Type.String()) }) },
    },
    config: { family: 'admin' },
  }, async (req) => {
    const acknowledged = exchange.integrity.acknowledge(Date.now());
    const { violations } = exchange.integrity.report;
    if (acknowledged) req.log.warn({ violations }, 'integrity failure acknowledged by the operator: trading resumes on a database that breaks the ledger invariants');
    return { acknowledged, violations };
  });
};
