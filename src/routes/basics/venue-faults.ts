/**
 * `GET /venue/faults` — the venue-wide faults the operator provoked (src/faults; docs/resilience.md),
 * public like a venue's status page: kind and window of each fault without a scope (the tokens of
 * a stream fault), and how many scoped ones are active. The explorer shows them on market pages.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';

const PublicFaults = Type.Object({
  faults: Type.Array(Type.Object({
    kind: Type.String(), startsAt: Type.String(), endsAt: Type.Union([Type.String(), Type.Null()]), assets: Type.Optional(Type.Array(Type.String())),
  })),
  scoped: Type.Integer({ description: 'active faults limited to one wallet or API key (not shown)' }),
});

export const venueFaults: RouteModule = (app, { faults }) => {
  app.get('/venue/faults', {
    schema: { tags: ['basics'], summary: 'The venue-wide faults provoked now', response: { 200: PublicFaults } },
    config: { family: 'basic' },
  }, async () => faults.publicView());
};
