/**
 * Gamma routes whose data Sibyl's model has no place for — sports, teams, sports market types and
 * market clarifications — answered in the venue's own empty shape on the `/gamma` mount only, so
 * the venue's SDK (`listSports`, `listTeams`, `fetchSportsMarketTypes`,
 * `listMarketClarifications`) gets a valid, empty answer instead of a 404. Their filters are
 * accepted and, having nothing to filter, ignored.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { CATALOG_ERRORS } from './schemas.js';

const EMPTY_LISTS: ReadonlyArray<{ url: string; summary: string }> = [
  { url: '/sports', summary: 'Sports metadata (none: Sibyl has no sports data)' },
  { url: '/teams', summary: 'Teams (none: Sibyl has no sports data)' },
  { url: '/market-clarifications', summary: 'Market clarifications (none: Sibyl has no clarifications)' },
];

export const venueEmptyRoutes: RouteModule = (app) => {
  if (dialectOf(app) !== 'gamma') return;
  for (const { url, summary } of EMPTY_LISTS) {
    app.get(url, {
      schema: { tags: ['catalog'], summary, response: { 200: Type.Array(Type.Object({})), ...CATALOG_ERRORS } },
      config: { family: 'catalog' },
    }, async () => []);
  }
  app.get('/sports/market-types', {
    schema: { tags: ['catalog'], summary: 'Sports market types (none)', response: { 200: Type.Object({ marketTypes: Type.Array(Type.String()) }), ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async () => ({ marketTypes: [] }));
};
