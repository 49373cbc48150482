/** `GET /admin/status` — what this instance runs on and how much it holds. */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';

const Status = Type.Object({
  version: Type.String(),
  store: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  uptimeSeconds: Type.Integer(),
  counts: Type.Object({ events: Type.Integer(), markets: Type.Integer(), comments: Type.Integer(), profiles: Type.Integer() }),
});

const startedAt = Date.now();

export const adminStatus: RouteModule = (app, { store }) => {
  app.get('/status', {
    schema: { tags: ['operator'], summary: 'Instance status', security: [{ operator: [] }], response: { 200: Status } },
    config: { family: 'admin' },
  }, async () => {
    const count = async (table: 'events' | 'markets' | 'comments' | 'profiles') =>
      Number((await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return {
      version: '0.1.0',
      store: store.dialect,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      counts: { events: await count('events'), markets: await count('markets'), comments: await count('comments'), profiles: await count('profiles') },
    };
  });
};
