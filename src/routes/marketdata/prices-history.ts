/**
 * `GET /prices-history?market=<token>&interval=|startTs=&endTs=&fidelity=` — `{history: [{t, p}]}`
 * built from the stored fills (src/marketdata/history.ts); kept after resolution.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { INTERVAL_NAMES, MAX_FIDELITY } from '../../marketdata/history-params.js';
import { CLOB_ERRORS, HistoryPoint, TAGS } from './schemas.js';
import { sendJsonText } from '../../http/json-text.js';

const Seconds = Type.Integer({ minimum: 0, maximum: 99_999_999_999 });

const Query = Type.Object({
  market: Type.String({ description: 'token id `<condition_id>:<outcome_index>`' }),
  interval: Type.Optional(Type.String({ description: `${INTERVAL_NAMES.join(', ')} (1m = one month); not with startTs/endTs; default max` })),
  startTs: Type.Optional(Seconds),
  endTs: Type.Optional(Seconds),
  fidelity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FIDELITY, description: 'bucket width in minutes' })),
});

export const pricesHistoryRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/prices-history', {
    schema: {
      tags: TAGS, summary: 'Price history of a token',
      description: 'Each point is the last fill price in its bucket, labelled by the bucket start; buckets without a fill carry the previous price; '
        + 'outcome 1 = 1 − outcome 0. Every point lies inside the window: a bucket starting before startTs is left out, fills after endTs are not seen.',
      querystring: Query, response: { 200: Type.Object({ history: Type.Array(HistoryPoint) }), ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req, reply) => {
    const { market, ...params } = req.query;
    return sendJsonText(reply, await md.history.json(market, params));
  });
};
