/**
 * The venue's failures on demand (issue #41; src/faults/README.md):
 * - `POST /admin/faults {kind, scope?, durationS?, rate?, …}` → the fault `{id, kind, startsAt, endsAt, …}`;
 * - `GET /admin/faults` → `{faults: [...]}`, the active ones;
 * - `DELETE /admin/faults/{id}` ends one (404 when none is active with that id), `DELETE /admin/faults` all.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { errors } from '../../errors/catalogue.js';
import { FaultInput, FaultList, FaultsEnded, FaultView } from '../../faults/index.js';

export const operatorFaults: RouteModule = (app, { faults }) => {
  const common = { tags: ['operator'], security: [{ operator: [] }] };
  const config = { family: 'admin' as const };
  app.post('/faults', {
    schema: { ...common, summary: 'Provoke one of the venue\'s failures', body: FaultInput, response: { 200: FaultView } }, config,
  }, async (req) => faults.add(req.body));
  app.get('/faults', {
    schema: { ...common, summary: 'The active faults', response: { 200: FaultList } }, config,
  }, async () => ({ faults: faults.list() }));
  app.delete('/faults/:id', {
    schema: {
      ...common, summary: 'End one fault', params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
      response: { 200: FaultsEnded, 404: Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) }) },
    }, config,
  }, async (req) => {
    if (!faults.remove(req.params.id)) throw errors.notFound(`no active fault ${req.params.id}`);
    return { ended: 1 };
  });
  app.delete('/faults', {
    schema: { ...common, summary: 'End every fault', response: { 200: FaultsEnded } }, config,
  }, async () => ({ ended: faults.clear() }));
};
