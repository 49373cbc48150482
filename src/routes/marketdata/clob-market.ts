/** `GET /clob-markets/{condition_id}` — a market's trading settings under the abbreviated names of docs/venue.md §4. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, ClobMarket, TAGS } from './schemas.js';

export const clobMarketRoute: RouteModule = (app, services) => {
  app.get('/clob-markets/:condition_id', {
    schema: {
      tags: TAGS, summary: 'Get CLOB market info (abbreviated fields)',
      description: 'c condition id, t tokens {t id, o outcome}, mts/mos min tick/order size, nr neg risk, fd fee details {r taker rate, e exponent, to takers only}, mbf/tbf maker/taker fee bps, r rewards, gst game start, rfqe RFQ enabled, itode taker-order delay, ibce vendor check, oas min order age (s).',
      params: Type.Object({ condition_id: Type.String() }),
      response: { 200: ClobMarket, ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req) => services.marketData.listings.clobMarket(req.params.condition_id));
};
