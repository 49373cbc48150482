/** `POST /batch-prices-history` `{markets: [≤ 20 tokens], start_ts, end_ts, interval, fidelity}` — `{history: {token: [{t, p}]}}`. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { INTERVAL_NAMES, MAX_FIDELITY } from '../../marketdata/history-params.js';
import { CLOB_ERRORS, HistoryPoint, TAGS } from './schemas.js';
import { sendJsonText } from '../../http/json-text.js';

const Seconds = Type.Integer({ minimum: 0, maximum: 99_999_999_999 });

const Body = Type.Object({
  markets: Type.Array(Type.String(), { minItems: 1, maxItems: 20, description: 'token ids' }),
  start_ts: Type.Optional(Seconds),
  end_ts: Type.Optional(Seconds),
  interval: Type.Optional(Type.String({ description: `${INTERVAL_NAMES.join(', ')}; not with start_ts/end_ts` })),
  fidelity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FIDELITY })),
});

export const batchPricesHistoryRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.post('/batch-prices-history', {
    schema: {
      tags: TAGS, summary: 'Price history of up to 20 tokens', body: Body,
      response: { 200: Type.Object({ history: Type.Record(Type.String(), Type.Array(HistoryPoint)) }), ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req, reply) => {
    const b = req.body;
    const json = await md.history.batchJson(b.markets, { startTs: b.start_ts, endTs: b.end_ts, interval: b.interval, fidelity: b.fidelity });
    return sendJsonText(reply, json);
  });
};
