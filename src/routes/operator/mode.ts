/** `GET|PUT /admin/exchange/mode` — read or set the exchange mode (normal, cancel-only, disabled). */
import type { RouteModule } from '../../app/services.js';
import { ModeState } from '../../operator/instance-schemas.js';

export const operatorMode: RouteModule = (app, { operator }) => {
  const common = { tags: ['operator'], security: [{ operator: [] }], response: { 200: ModeState } };
  app.get('/exchange/mode', { schema: { ...common, summary: 'Current exchange mode' }, config: { family: 'admin' } },
    async () => operator.exchangeMode());
  app.put('/exchange/mode', { schema: { ...common, summary: 'Set the exchange mode', body: ModeState }, config: { family: 'admin' } },
    async (req) => operator.setExchangeMode(req.body));
};
