/** `GET /activity` — a wallet's trades, splits, merges, redemptions, deposits and withdrawals (spec "Activity"). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { Activity, ActivityQuery as Query } from '../../dataapi/schemas.js';
import { DATA_ERRORS, DATA_TAG, dataRouteOptions } from './shared.js';
import { dialectOf } from '../../http/mounts.js';

/** The activity types the venue's Data API reports: deposits and withdrawals are Sibyl's own. */
const VENUE_TYPES = ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'REWARD', 'CONVERSION'];

/** On the venue's Data API host (/data-api) only the venue's types are listed (its SDK rejects others). */
function venueTypes(type: string | undefined): string {
  if (type === undefined || type === '') return VENUE_TYPES.join(',');
  const kept = type.split(',').filter((t) => VENUE_TYPES.includes(t.trim().toUpperCase()));
  return kept.length > 0 ? kept.join(',') : VENUE_TYPES.join(',');
}

export const activityRoute: RouteModule = (app, services) => {
  const venue = dialectOf(app) === 'data-api';
  app.get('/activity', {
    schema: {
      tags: [DATA_TAG], summary: 'Activity of a wallet',
      description: 'Newest first by default; limit defaults to 100, offset to 0. Ties keep the recording order.',
      querystring: Query, response: { 200: Type.Array(Activity), ...DATA_ERRORS },
    },
    ...dataRouteOptions(services, Query),
  }, async (req, reply) => sendJsonText(reply, await services.dataApi.activity(venue ? { ...req.query, type: venueTypes(req.query.type) } : req.query)));
};
