/**
 * The Data API routes the venue's current SDK calls beyond the spec's three, on the `/data-api`
 * mount only (the root's `/trades` is the CLOB's public fills): `/trades`, `/traded`, `/value`,
 * `/closed-positions`, `/v1/market-positions`, `/oi`, `/live-volume`, `/v1/leaderboard`,
 * `/v1/builders/leaderboard`, `/v1/builders/volume`, `/v1/accounting/snapshot` (a ZIP)
 * (src/dataapi/venue-*.ts, docs/venue.md §7).
 * Each answers from Sibyl's own rows; strict queries, `{error}` bodies like the other data routes.
 */
import { Type, type TSchema } from 'typebox';
import type { RouteModule, Services } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { sendJsonText } from '../../http/json-text.js';
import * as V from '../../dataapi/venue-schemas.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';

type Query = TSchema & { properties: Record<string, unknown> };

export const venueDataRoutes: RouteModule = (app, services) => {
  if (dialectOf(app) !== 'data-api') return;
  const d = services.dataApi;
  const route = <Q extends Query>(url: string, summary: string, query: Q, ok: TSchema, answer: (q: never) => Promise<unknown>) => {
    app.get(url, {
      schema: { tags: [DATA_TAG], summary, querystring: query, response: { 200: ok, ...DATA_ERRORS, 404: Type.Object({ error: Type.String() }) } },
      ...dataRouteOptions(services as Services, query),
    }, async (req, reply) => sendJsonText(reply, JSON.stringify(await answer(req.query as never))));
  };
  route('/trades', 'Fills (taker side unless takerOnly=false)', V.TradesQuery, Type.Array(V.TradeItem), (q) => d.trades(q));
  route('/traded', 'How many markets a wallet has traded', V.TradedQuery, V.TradedAnswer, (q) => d.traded(q));
  route('/value', 'Current value of a wallet\'s positions', V.ValueQuery, Type.Array(V.ValueItem), (q) => d.value(q));
  route('/closed-positions', 'A wallet\'s closed positions', V.ClosedPositionsQuery, Type.Array(V.ClosedPositionItem), (q) => d.closedPositions(q));
  route('/v1/market-positions', 'Every wallet\'s position in a market', V.MarketPositionsQuery, Type.Array(V.MarketPositionGroup), (q) => d.marketPositions(q));
  route('/oi', 'Open interest per market', V.OpenInterestQuery, Type.Array(V.MarketValue), (q) => d.openInterest(q));
  route('/live-volume', 'Traded volume of an event', V.LiveVolumeQuery, Type.Array(V.LiveVolumeItem), (q) => d.liveVolume(q));
  route('/v1/leaderboard', 'Traders by PnL or volume', V.LeaderboardQuery, Type.Array(V.TraderRow), (q) => d.leaderboard(q));
  route('/v1/builders/leaderboard', 'Builders by volume', V.BuilderLeaderboardQuery, Type.Array(V.BuilderRow), (q) => d.builderLeaderboard(q));
  app.get('/v1/accounting/snapshot', {
    schema: {
      tags: [DATA_TAG], summary: 'A wallet\'s accounting snapshot (ZIP: positions.csv, equity.csv)', querystring: V.SnapshotQuery,
      response: { 200: Type.String({ description: 'application/zip' }), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services as Services, V.SnapshotQuery),
  }, async (req, reply) => reply.type('application/zip').header('content-disposition', 'attachment; filename="accounting-snapshot.zip"')
    .send((await d.accountingSnapshot(req.query)) as unknown as string)); // bytes, sent as they are
  route('/v1/builders/volume', 'Builders\' volume per day', V.BuilderVolumeQuery, Type.Array(V.BuilderDay), (q) => d.builderVolume(q));
};
