/**
 * Scenarios (src/faults/scenario.ts): a timeline of faults, resolutions, modes, price shocks and
 * changes of the simulated traders.
 * - `POST /admin/scenarios {name?, seed?, steps: [{atS, do, …}]}` starts one → its progress;
 * - `GET /admin/scenarios/{id}` — its progress (`status`, `done`, `failed`, a log of every step run);
 * - `DELETE /admin/scenarios/{id}` — stops it (faults it provoked stay until they end).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { ScenarioInput, ScenarioView } from '../../faults/index.js';

export const operatorScenarios: RouteModule = (app, { scenarios }) => {
  const common = { tags: ['operator'], security: [{ operator: [] }], response: { 200: ScenarioView } };
  const config = { family: 'admin' as const };
  const params = Type.Object({ id: Type.String({ maxLength: 64 }) });
  app.post('/scenarios', { schema: { ...common, summary: 'Run a scenario', body: ScenarioInput }, config }, async (req) => scenarios.start(req.body));
  app.get('/scenarios/:id', { schema: { ...common, summary: 'A scenario\'s progress', params }, config }, async (req) => scenarios.get(req.params.id));
  app.delete('/scenarios/:id', { schema: { ...common, summary: 'Stop a scenario', params }, config }, async (req) => scenarios.stop(req.params.id));
};
