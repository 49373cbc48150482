/**
 * The contract test (issue #26 §5): every route the app registers is called on the demo data set,
 * on both stores, with real parameters and credentials (cases.ts), and every answer — including
 * the ones a route sends as pre-built bytes, which fastify's serializer never checks — must match
 * the schema the route declares for its status code (schema-check.ts). Routes are read from the
 * running app (routes.ts), so a new route without a case fails here.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { ContractClient, seededService } from './support.js';
import { walkTheApi } from './cases.js';
import type { RegisteredRoute } from './routes.js';

/** Routes that cannot be called meaningfully here, each with its reason. Keep this short. */
const EXCLUDED: ReadonlyArray<{ match: (r: RegisteredRoute) => boolean; what: string; why: string }> = [
  { what: '/docs, /docs/*', match: (r) => r.path === '/docs' || r.path.startsWith('/docs/'), why: 'the Swagger UI (@fastify/swagger-ui): static assets and a copy of the OpenAPI document, no route schema' },
  { what: 'GET /openapi.json', match: (r) => r.path === '/openapi.json', why: 'the OpenAPI document itself (hidden, no response schema); the test reads it to cross-check the route list' },
  { what: 'GET /asyncapi.json', match: (r) => r.path === '/asyncapi.json', why: 'the AsyncAPI document of the streams (no response schema, like /openapi.json); test/streams checks what it says' },
  // Not an API route: the explorer's HTML page and its hashed assets (src/explorer), driven in a browser by test/explorer.
  { what: 'GET /explorer*', match: (r) => r.path === '/explorer*', why: 'the explorer web page and its assets (HTML, JS, CSS; no route schema); test/explorer checks them in a browser' },
  { what: 'OPTIONS *', match: (r) => r.method === 'OPTIONS', why: 'CORS preflight answered by @fastify/cors, empty body' },
  { what: 'WebSocket routes', match: isWebSocket, why: 'stream upgrades, no HTTP body; tested in test/streams' },
];
const MAX_EXCLUDED_ROUTES = 12;

function isWebSocket(r: RegisteredRoute): boolean {
  const c = r.config as { websocket?: unknown; family?: unknown };
  return c.websocket === true || c.family === 'streams' || c.family === 'ws' || /^\/ws(\/|$)/.test(r.path);
}

for (const backend of backends()) {
  describe(`contract: every route answers its declared schema (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let client: ContractClient;
    before(async () => {
      svc = await seededService(backend);
      client = new ContractClient(svc.app);
      try {
        await walkTheApi(client);
      } catch (err) {
        throw new Error(`the walk stopped: ${(err as Error).stack}\nfailures so far:\n${client.failures.join('\n')}`);
      }
    });
    // The venue's hosts (src/http/mounts.ts): the same walk again, each call under the mount
    // when the mount serves it, on a fresh service (the walk's state starts over).
    const mounted: ContractClient[] = [];
    before(async () => {
      for (const mount of ['/clob', '/gamma', '/data-api']) {
        const s = await seededService(backend);
        try {
          const m = new ContractClient(s.app, mount);
          await walkTheApi(m);
          mounted.push(m);
        } finally {
          await s.dispose();
        }
      }
    });
    after(async () => { await svc?.dispose(); });

    it('every body matches the schema of its route and status', () => {
      const failures = [...client.failures, ...mounted.flatMap((m) => m.failures.map((f) => `[${m.mount}] ${f}`))];
      assert.deepEqual(failures, [], `\n${failures.join('\n')}`);
    });

    it('every route but a few named exclusions has a checked 2xx case', async () => {
      const excluded = client.routes.filter((r) => !r.headTwin && EXCLUDED.some((e) => e.match(r)));
      assert.ok(excluded.length <= MAX_EXCLUDED_ROUTES, `excluded: ${excluded.map((r) => r.key).join(', ')}`);
      const callable = client.routes.filter((r) => !r.headTwin && !excluded.includes(r));
      assert.ok(callable.length >= 60, `only ${callable.length} routes found`);
      const checked = (key: string) => client.checked.has(key) || mounted.some((m) => m.checked.has(key));
      const uncovered = callable.filter((r) => !checked(r.key)).map((r) => r.key);
      assert.deepEqual(uncovered, [], `routes without a checked 2xx case: ${uncovered.join(', ')}`);
      // The route list agrees with the published document: every documented operation is a registered route.
      const doc = (await svc.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
      const keys = new Set(client.routes.map((r) => r.key));
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const method of Object.keys(ops)) {
          const key = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
          assert.ok(keys.has(key), `${key} is documented but not found in the route table`);
        }
      }
    });
  });
}
