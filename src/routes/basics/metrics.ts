/**
 * `GET /metrics` — Prometheus text format (src/metrics/index.ts). With SIBYL_ADMIN_TOKEN set it
 * needs `Authorization: Bearer <token>` and answers 401 without it (a scraper must learn that
 * it is misconfigured, so no 404 here); with no token configured it is open — bind to a private
 * address or block it at the proxy in that case (src/edge/README.md). The text comes from the
 * operator (src/operator), which reads the books' gauges at scrape time.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { operatorGuard } from '../../http/operator-auth.js';

export const metrics: RouteModule = (app, { config, operator }) => {
  const guard = config.adminToken === undefined ? undefined : operatorGuard(config.adminToken);
  app.get('/metrics', {
    schema: {
      tags: ['operator'], summary: 'Prometheus metrics',
      ...(guard ? { security: [{ operator: [] }] } : {}),
      response: { 200: Type.String({ description: 'Prometheus text exposition format' }) },
    },
    config: { family: 'basic' },
    ...(guard ? { onRequest: guard } : {}),
  }, async (_req, reply) => {
    const { contentType, body } = await operator.metrics(); // the books' gauges are read at scrape time
    reply.type(contentType).send(body);
  });
};
