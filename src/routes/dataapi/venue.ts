/**
 * The Data API routes the venue's current SDK calls beyond the spec's three, on the `/data-api`
 * mount only (the root's `/trades` is the CLOB's public fills): `/trades`, `/traded`, `/value`,
 * `/closed-positions`, `/v1/market-positions`, `/oi`, `/live-volume`, `/v1/leaderboard`,
 * `/v1/builders/leaderboard`, `/v1/builders/volume` (src/dataapi/venue-*.ts, docs/venue.md §7).
 * Each answers from Sibyl's own rows; strict queries, `{error}` bodies like the other data routes.
 */
import { Type, type TSchema } from 'typebox';
import type { RouteModule, Services } from '../../http/types.js';
import { dialectOf } from '../../http/mounts.js';
import { sendJsonText } from '../../http/json-text.js';
import * as V from '../../dataapi/venue-schemas.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

type Query = TSchema & { properties: Record<string, unknown> };
const Answer = Type.Unknown();

export const venueDataRoutes: RouteModule = (app, services) => {
  if (dialectOf(app) !== 'data-api') return;
  const d = services.dataApi;
  const route = <Q extends Query>(url: string, summary: string, query: Q, answer: (q: never) => Promise<unknown>) => {
    app.get(url, {
      schema: { tags: [DATA_TAG], summary, querystring: query, response: { 200: Answer, ...DATA_ERRORS, 404: Type.Object({ error: Type.String() }) } },
      ...dataRouteOptions(services as Services, query),
    }, async (req, reply) => sendJsonText(reply, JSON.stringify(await answer(req.query as never))));
  };
  route('/trades', 'Fills (taker side unless takerOnly=false)', V.TradesQuery, (q) => d.trades(q));
  route('/traded', 'How many markets a wallet has traded', V.TradedQuery, (q) => d.traded(q));
  route('/value', 'Current value of a wallet\'s positions', V.ValueQuery, (q) => d.value(q));
  route('/closed-positions', 'A wallet\'s closed positions', V.ClosedPositionsQuery, (q) => d.closedPositions(q));
  route('/v1/market-positions', 'Every wallet\'s position in a market', V.MarketPositionsQuery, (q) => d.marketPositions(q));
  route('/oi', 'Open interest per market', V.OpenInterestQuery, (q) => d.openInterest(q));
  route('/live-volume', 'Traded volume of an event', V.LiveVolumeQuery, (q) => d.liveVolume(q));
  route('/v1/leaderboard', 'Traders by PnL or volume', V.LeaderboardQuery, (q) => d.leaderboard(q));
  route('/v1/builders/leaderboard', 'Builders by volume', V.BuilderLeaderboardQuery, (q) => d.builderLeaderboard(q));
  route('/v1/builders/volume', 'Builders\' volume per day', V.BuilderVolumeQuery, (q) => d.builderVolume(q));
};
