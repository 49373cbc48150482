/**
 * `POST /admin/events` — create an event with its markets; series, tags and sites by slug/id
 * (or as objects, created when absent); an optional creator (found by wallet or handle, else
 * created). Generates condition, question and token ids unless given. Answers the created event
 * in the catalog shape, each market with its `conditionId`, `clobTokenIds` and plain `tokenIds`.
 */
import type { RouteModule } from '../../app/services.js';
import { CreatedEvent, EventInput } from '../../operator/schemas.js';

export const operatorEvents: RouteModule = (app, { operator }) => {
  app.post('/events', {
    schema: {
      tags: ['operator'], security: [{ operator: [] }], summary: 'Create an event with its markets',
      body: EventInput, response: { 200: CreatedEvent },
    },
    config: { family: 'admin' },
  }, async (req) => operator.createEvent(req.body));
};
