/**
 * The venue's account routes that Sibyl's model has no data for, served on the /clob mount only
 * (the root keeps the spec's interface) in the venue's own shapes, so its SDK
 * (`@polymarket/client`) gets valid answers instead of 404s (docs/trading.md "The venue's SDK"):
 * - `GET /auth/ban-status/closed-only` → `{closed_only}`: true while the operator holds the
 *   exchange in `cancel-only` or `disabled` mode (no new orders: the nearest thing Sibyl has);
 * - `GET /notifications` → the account's notifications, derived from its rows
 *   (src/trading/notifications.ts: fills, cancels it did not ask for, resolved markets it held),
 *   and `DELETE /notifications?ids=` → `"OK"`, after which those ids never come back;
 * - `GET /order-scoring?order_id=` → `{scoring: false}`, `POST /orders-scoring` `[ids]` →
 *   `{id: false}`: Sibyl runs no liquidity-rewards program, so no order scores;
 * - `POST /auth/builder-api-key` → `{key, secret, passphrase}`, `GET /auth/builder-api-key` →
 *   `[{key, createdAt, revokedAt}]`: builder keys are API keys of the caller (src/auth/keys.ts
 *   `createBuilder`), for the builder headers of docs/trading.md "Builder attribution";
 * - the rewards routes (`/rewards/user`, `/rewards/user/total`, `/rewards/user/percentages`,
 *   `/rewards/user/markets` with L2; `/rewards/markets/current`, `/rewards/markets/{cid}` public):
 *   empty pages (`next_cursor` `LTE=`), `[]` and `{}`.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { sendJsonText } from '../../http/json-text.js';
import { END_CURSOR } from '../../domain/cursor.js';
import { NATIVE_JSON } from './schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const SigType = Type.Optional(Type.String({ maxLength: 4 }));
const Cursor = Type.Optional(Type.String({ maxLength: 40 }));
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' });
const ERROR = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });
const ERRORS = { 400: ERROR, 401: ERROR };
/** The venue's notification (src/trading/notification-shapes.ts); `payload` by `type`: 1 and 2 an order's, 4 a market's. */
const NotificationShape = Type.Object({
  id: Type.Integer(), owner: Type.String(), payload: Type.Record(Type.String(), Type.Unknown()), timestamp: Type.Integer({ description: 'Unix ms' }),
  type: Type.Integer({ description: '1 order cancellation, 2 order fill, 4 market resolved' }),
});
const EmptyPage = Type.Object({ data: Type.Array(Type.Object({})), next_cursor: Type.String(), limit: Type.Integer(), count: Type.Integer() });
/** A page with nothing in it, the venue's envelope (docs/venue.md §5). */
const emptyPage = (limit: number) => ({ data: [], next_cursor: END_CURSOR, limit, count: 0 });

export const venueAccountRoutes: RouteModule = (app, { auth, exchange, notifications }) => {
  if (dialectOf(app) !== 'clob') return;
  const l2 = { config: { family: 'clob' as const }, preValidation: auth.requireL2 };
  const tags = ['account'];

  app.get('/auth/ban-status/closed-only', {
    ...l2,
    schema: { tags, summary: 'Whether the account may only close positions (L2): true while the exchange takes no new orders', security: L2_SECURITY, response: { 200: Type.Object({ closed_only: Type.Boolean() }), ...ERRORS } },
  }, async () => ({ closed_only: exchange.mode !== 'normal' }));

  app.get('/notifications', {
    ...l2, ...NATIVE_JSON,
    schema: {
      tags, security: L2_SECURITY, querystring: Type.Object({ signature_type: SigType }), response: { 200: Type.Array(NotificationShape), ...ERRORS },
      summary: 'Notifications of the account (L2): its fills, its orders cancelled without its asking, resolved markets it held; the last 7 days, newest first, dropped ones left out',
    },
  }, async (req) => notifications.list(authOf(req).address, authOf(req).apiKey));

  app.delete('/notifications', {
    ...l2,
    schema: { tags, summary: 'Drop notifications by id (L2): they never come back', security: L2_SECURITY, querystring: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 20_000 }), signature_type: SigType }), response: { 200: Type.Literal('OK'), ...ERRORS } },
  }, async (req, reply) => {
    await notifications.drop(authOf(req).address, authOf(req).apiKey, req.query.ids);
    return sendJsonText(reply, '"OK"');
  });

  app.get('/order-scoring', {
    ...l2,
    schema: { tags, summary: 'Whether an order earns liquidity rewards (L2): never, no rewards program', security: L2_SECURITY, querystring: Type.Object({ order_id: Id }), response: { 200: Type.Object({ scoring: Type.Boolean() }), ...ERRORS } },
  }, async () => ({ scoring: false }));

  app.post('/orders-scoring', {
    ...l2,
    schema: { tags, summary: 'Whether orders earn liquidity rewards (L2): never', security: L2_SECURITY, body: Type.Array(Id, { maxItems: 1000 }), response: { 200: Type.Record(Type.String(), Type.Boolean()), ...ERRORS } },
  }, async (req) => Object.fromEntries(req.body.map((id) => [id, false])));

  app.post('/auth/builder-api-key', {
    ...l2,
    schema: { tags: ['auth'], summary: 'Create a builder API key of the account (L2)', security: L2_SECURITY, response: { 200: Type.Object({ key: Type.String(), secret: Type.String(), passphrase: Type.String() }), ...ERRORS } },
  }, async (req) => {
    const c = await auth.keys.createBuilder(authOf(req).address);
    return { key: c.apiKey, secret: c.secret, passphrase: c.passphrase };
  });

  app.get('/auth/builder-api-key', {
    ...l2,
    schema: {
      tags: ['auth'], summary: 'The builder API keys of the account, revoked ones too (L2; times in ms)', security: L2_SECURITY,
      response: { 200: Type.Array(Type.Object({ key: Type.String(), createdAt: Type.Integer(), revokedAt: Type.Union([Type.Integer(), Type.Null()]) })), ...ERRORS },
    },
  }, async (req) => auth.keys.listBuilder(authOf(req).address));

  const DayQuery = Type.Object({ date: Day, signature_type: SigType, next_cursor: Cursor });
  app.get('/rewards/user', {
    ...l2,
    schema: { tags, summary: "The account's rewards earnings of a day (L2): none", security: L2_SECURITY, querystring: DayQuery, response: { 200: EmptyPage, ...ERRORS } },
  }, async () => emptyPage(100));

  app.get('/rewards/user/total', {
    ...l2,
    schema: { tags, summary: "The account's total rewards of a day (L2): none", security: L2_SECURITY, querystring: DayQuery, response: { 200: Type.Array(Type.Object({})), ...ERRORS } },
  }, async () => []);

  app.get('/rewards/user/percentages', {
    ...l2,
    schema: { tags, summary: "The account's share of each market's rewards (L2): none", security: L2_SECURITY, querystring: Type.Object({ signature_type: SigType }), response: { 200: Type.Object({}), ...ERRORS } },
  }, async () => ({}));

  app.get('/rewards/user/markets', {
    ...l2,
    schema: {
      tags, summary: "The account's earnings with each market's rewards config (L2): none", security: L2_SECURITY,
      querystring: Type.Object({
        date: Day, signature_type: SigType, next_cursor: Cursor, no_competition: Type.Optional(Type.String({ maxLength: 5 })),
        order_by: Type.Optional(Type.String({ maxLength: 40 })), position: Type.Optional(Type.String({ maxLength: 10 })),
        page_size: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
      }),
      response: { 200: EmptyPage, ...ERRORS },
    },
  }, async () => emptyPage(100));

  const pub = { config: { family: 'clob' as const } };
  app.get('/rewards/markets/current', {
    ...pub,
    schema: { tags: ['market data'], summary: 'Markets with a live rewards program: none', querystring: Type.Object({ next_cursor: Cursor, sponsored: Type.Optional(Type.String({ maxLength: 5 })) }), response: { 200: EmptyPage, ...ERRORS } },
  }, async () => emptyPage(500));

  app.get('/rewards/markets/:condition_id', {
    ...pub,
    schema: { tags: ['market data'], summary: "A market's rewards programs: none", params: Type.Object({ condition_id: Id }), querystring: Type.Object({ next_cursor: Cursor, sponsored: Type.Optional(Type.String({ maxLength: 5 })) }), response: { 200: EmptyPage, ...ERRORS } },
  }, async () => emptyPage(500));
};
