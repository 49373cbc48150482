/**
 * `POST /admin/markets/{condition_id}/resolve` — `{"winner": 0|1}` or `{"payouts": ["0.5","0.5"]}`:
 * stops trading, cancels every open order (reason: market resolved), sets the tokens' `winner`
 * and makes positions redeemable.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { errors } from '../../errors/catalogue.js';
import { formatMicro, MICRO, parseMicro } from '../../engine/amounts.js';
import { isConditionId } from '../../domain/ids.js';
import { audit } from '../../catalog/write.js';
import { rebuildEventOfMarket } from '../../catalog/event-json.js';

const Body = Type.Object({
  winner: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  payouts: Type.Optional(Type.Array(Type.Union([Type.String({ maxLength: 20 }), Type.Number()]), { minItems: 2, maxItems: 2 })),
}, { additionalProperties: false });

const Resolved = Type.Object({
  condition_id: Type.String(),
  payouts: Type.Array(Type.String()),
  winner: Type.Union([Type.Integer(), Type.Null()]),
});

function payoutsOf(body: { winner?: number; payouts?: Array<string | number> }): [number, number] {
  if ((body.winner === undefined) === (body.payouts === undefined)) throw errors.badRequest('give exactly one of winner or payouts');
  if (body.winner !== undefined) return body.winner === 0 ? [MICRO, 0] : [0, MICRO];
  const p = body.payouts!.map((v) => parseMicro(String(v)));
  if (p.some((v) => v === null) || p[0]! + p[1]! !== MICRO) throw errors.badRequest('payouts must be two decimals from 0 to 1 that add up to 1');
  return [p[0]!, p[1]!];
}

export const adminResolve: RouteModule = (app, { exchange, store, now }) => {
  app.post('/markets/:condition_id/resolve', {
    schema: {
      tags: ['operator'], summary: 'Resolve a market', security: [{ operator: [] }],
      params: Type.Object({ condition_id: Type.String({ maxLength: 80 }) }), body: Body, response: { 200: Resolved },
    },
    config: { family: 'admin' },
  }, async (req) => {
    const cid = req.params.condition_id;
    if (!isConditionId(cid)) throw errors.badRequest('condition_id must be 0x followed by 64 lowercase hex digits');
    if (!exchange.core.market(cid)) throw errors.notFound('market not found');
    const payouts = payoutsOf(req.body);
    const r = await exchange.run((ex) => ex.resolve(cid, payouts));
    if (!r.ok) throw errors.badRequest(r.reject.message);
    await audit(store.db, 'resolve', cid, { payouts }, now());
    // The event's stored answers show the market closed now (catalog/event-json.ts); if that
    // fails they stay cleared and readers build them from the rows.
    await rebuildEventOfMarket(store.db, cid).catch((err) => req.log.warn({ err }, 'stored event answers not rebuilt'));
    const winner = payouts[0] > payouts[1] ? 0 : payouts[1] > payouts[0] ? 1 : null;
    return { condition_id: cid, payouts: payouts.map(formatMicro), winner };
  });
};
