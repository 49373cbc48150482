/** `GET|PUT /admin/exchange/mode` — read or set the exchange mode (normal, cancel-only, disabled). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';

const Mode = Type.Object({ mode: Type.Union([Type.Literal('normal'), Type.Literal('cancel-only'), Type.Literal('disabled')]) }, { additionalProperties: false });

export const operatorMode: RouteModule = (app, { operator }) => {
  const common = { tags: ['operator'], security: [{ operator: [] }], response: { 200: Mode } };
  app.get('/exchange/mode', { schema: { ...common, summary: 'Current exchange mode' }, config: { family: 'admin' } },
    async () => ({ mode: operator.mode }));
  app.put('/exchange/mode', { schema: { ...common, summary: 'Set the exchange mode', body: Mode }, config: { family: 'admin' } },
    async (req) => {
      await operator.setMode(req.body.mode);
      return { mode: req.body.mode };
    });
};
