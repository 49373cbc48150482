/**
 * `GET /admin/status` — what this instance runs on, how much it holds, whether it holds the
 * database's writer lock, its cluster role, and the last integrity check
 * (src/exchange/integrity.ts); `POST /admin/integrity/acknowledge` lets trading resume after a
 * failed check.
 */
import type { RouteModule } from '../../app/services.js';
import { Acknowledged, InstanceStatus } from '../../operator/instance-schemas.js';

export const operatorStatus: RouteModule = (app, { operator }) => {
  app.get('/status', {
    schema: { tags: ['operator'], summary: 'Instance status', security: [{ operator: [] }], response: { 200: InstanceStatus } },
    config: { family: 'admin' },
  }, async () => operator.status());

  app.post('/integrity/acknowledge', {
    schema: {
      tags: ['operator'], summary: 'Acknowledge a failed integrity check: new orders are accepted again', security: [{ operator: [] }],
      response: { 200: Acknowledged },
    },
    config: { family: 'admin' },
  }, async () => operator.acknowledgeIntegrity());
};
