/**
 * Builds the HTTP application (part of the composition root: it alone knows both the edge and
 * every route module): edge plugins first (request ids, logging, body parsing, error
 * mapping, OpenAPI), then every route module. Request validation: query strings coerce, JSON
 * bodies never do (src/http/validation.ts). Nothing here knows a route's business; adding a
 * route never touches this file (see src/routes/README.md).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { App } from '../http/app-type.js';
import type { Services } from './services.js';
import { frameworkErrors, registerErrorHandling } from '../http/errors.js';
import { registerJsonBody } from '../http/body.js';
import { AJV_OPTIONS, exactBodyValidators } from '../http/validation.js';
import { MOUNTS, ROUTES } from '../routes/index.js';
import { edgeFastifyOptions, loggerOptions, registerEdge } from '../edge/index.js';
import type { LogStream } from '../edge/logging.js';
import type { RedisLink } from '../store/redis.js';
import { AUTH_SECURITY_SCHEMES } from '../auth/openapi.js';
import { registerFaults } from '../edge/faults.js';
import { registerSignerLimits } from '../edge/signer-limits.js';

/** src/cluster/forward.ts: the follower's forwarding hook. */
type ForwardHook = (req: never, reply: never, done: (err?: Error) => void) => void;

export async function buildApp(services: Services, opts: { logger?: boolean; logStream?: LogStream; redis?: RedisLink; forward?: ForwardHook | undefined } = {}): Promise<App> {
  const { config } = services;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, opts.logStream), // secrets redacted: src/edge/logging.ts
    logController: new LogController({ disableRequestLogging: true }), // one line per request, below
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy as boolean | string, // a hop count (number) is valid at run time too
    forceCloseConnections: 'idle',
    ...edgeFastifyOptions(config), // timeouts and the connection cap: src/edge/hardening.ts
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator: exactBodyValidators() } }, // bodies are never coerced: src/http/validation.ts
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  // Callback hooks: an async one costs a promise a request, on every route.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // A follower forwards writes to the writer before its own limits and auth (src/cluster/forward.ts).
  if (opts.forward) app.addHook('onRequest', opts.forward as never);
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info({
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    }, 'request');
    done();
  });

  registerErrorHandling(app);
  registerJsonBody(app);
  await registerEdge(app, config, opts.redis); // security headers, CORS, rate limits (the process's Redis link), metrics, body limits
  registerSignerLimits(app, config, services.signerTiers, opts.redis, services.now); // per-signer order/cancel buckets (docs/venue.md §13)
  registerFaults(app, services.faults); // provoked faults: one boolean check a request while none is active (src/edge/faults.ts)

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sibyl',
        version: '0.1.0',
        description: 'Self-hostable prediction-market exchange: catalog, CLOB and data APIs.',
      },
      components: {
        securitySchemes: {
          operator: { type: 'http', scheme: 'bearer', description: 'SIBYL_ADMIN_TOKEN' },
          ...AUTH_SECURITY_SCHEMES,
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true,
    // plain-http self-hosting: do not make the browser upgrade /docs assets to https
    transformStaticCSP: (csp: string) => csp.replace(/\s*upgrade-insecure-requests;?/, '') });
  app.get('/openapi.json', { schema: { hide: true }, config: { family: 'basic' } }, async () => app.swagger());

  for (const route of ROUTES) route(app, services);
  // The venue's hosts under their mounts (src/http/mounts.ts): the same modules, the mount's dialect.
  for (const [prefix, routes] of Object.entries(MOUNTS)) {
    await app.register(async (host) => { for (const route of routes) route(host as App, services); }, { prefix });
  }
  await app.ready();
  return app;
}
