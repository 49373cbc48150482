/**
 * The contract test's service and client. The service runs on the demo data set on either store:
 * SQLite loads it at start (`SIBYL_DEMO=1`, what `npm start` does), PostgreSQL the way
 * `sibyl seed --demo` does (migrate, then loadDemo) before the service starts on it.
 *
 * The client sends a request through `inject` and checks the answer: the status the case expects,
 * then the body — parsed from the bytes on the wire, whatever produced them — against the schema
 * its route declares for that status. Every mismatch is kept with the route, the JSON path and
 * the schema rule; the test reports them all at once.
 */
import { createService } from '../../src/server.js';
import { openStore } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { loadDemo } from '../../src/demo/load.js';
import type { App } from '../../src/http/app-type.js';
import type { Backend } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { l1Headers, l2Headers, type Creds } from '../auth/helpers.js';
import type { PrivateKeyAccount } from 'viem/accounts';
import { registeredRoutes, routeFor, type RegisteredRoute } from './routes.js';
import { mismatches, responseSchema } from './schema-check.js';

export const ADMIN = 'contract-admin-token-0123456789';

export async function seededService(backend: Backend): Promise<TestService> {
  const { config, dispose } = await backend.fresh({ SIBYL_DEMO: '1', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off' });
  if (config.databaseUrl !== undefined) {
    const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(store);
      await loadDemo(store);
    } finally {
      await store.close();
    }
  }
  const service = await createService(config, { logger: false });
  return { ...service, dispose: async () => { await service.close(); await dispose(); } };
}

export interface Signer { address: string; creds: Creds }

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** The status this case expects (a 2xx case counts for coverage). */
  expect: number;
  /** L2-sign the request with these credentials. */
  l2?: Signer;
  /** Also sign builder attribution headers with these credentials. */
  builder?: Signer;
  /** L1-sign (EIP-712) for this wallet. */
  l1?: PrivateKeyAccount;
  admin?: boolean;
  /** A route served only under this mount (e.g. '/gamma'): called in that mount's walk only. */
  mount?: string;
}

export interface Answer { status: number; json: any; text: string }

export class ContractClient {
  readonly routes: RegisteredRoute[];
  /** 2xx answers checked per route key. */
  readonly checked = new Map<string, number>();
  readonly failures: string[] = [];

  /**
   * `mount` (e.g. '/clob'): the walk of a venue host. Each call goes to the route under the mount
   * when the mount serves it (signed over the path without the mount, as clients sign), else to
   * the root. Calls marked with another mount are skipped.
   */
  constructor(private readonly app: App, readonly mount = '') {
    this.routes = registeredRoutes(app);
  }

  async call(c: Call): Promise<Answer> {
    if ((c.mount ?? '') !== '' && c.mount !== this.mount) return { status: c.expect, json: undefined, text: '' };
    const under = this.mount === '' ? undefined : routeFor(this.routes, c.method, this.mount + c.url);
    const url = under !== undefined && (under.path === this.mount || under.path.startsWith(`${this.mount}/`)) ? this.mount + c.url : c.url;
    // A mount's walk reports only what its mount answered; the root walk reports the root.
    const fail = (f: string): void => { if (this.mount === '' || url !== c.url) this.failures.push(f); };
    const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (c.admin) headers.authorization = `Bearer ${ADMIN}`;
    if (c.l1) Object.assign(headers, await l1Headers(c.l1));
    if (c.l2) Object.assign(headers, l2Headers(c.l2.creds, c.l2.address, c.method, c.url, payload ?? ''));
    if (c.builder) {
      const b = l2Headers(c.builder.creds, c.builder.address, c.method, c.url, payload ?? '');
      for (const [k, v] of Object.entries(b)) if (k !== 'SVC_ADDRESS') headers[k.replace('SVC_', 'SVC_BUILDER_')] = v;
    }
    const res = await this.app.inject({ method: c.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const contentType = String(res.headers['content-type'] ?? '');
    let body: unknown = res.body;
    let notJson = false;
    if (contentType.startsWith('application/json')) {
      try { body = JSON.parse(res.body); } catch { notJson = true; }
    }
    const answer: Answer = { status: res.statusCode, json: body, text: res.body };
    const route = routeFor(this.routes, c.method, url);
    const label = `${c.method} ${url}`;
    if (!route) { fail(`${label}: no registered route matches`); return answer; }
    const where = `${route.key} (${label} → ${res.statusCode})`;
    if (res.statusCode !== c.expect) {
      fail(`${where}: expected status ${c.expect}; body ${res.body.slice(0, 300)}`);
      return answer;
    }
    if (notJson) { fail(`${where}: body is not JSON: ${res.body.slice(0, 200)}`); return answer; }
    const schema = responseSchema(route.schema?.response, res.statusCode);
    if (schema === undefined) {
      fail(`${where}: the route declares no response schema for ${res.statusCode}`);
      return answer;
    }
    for (const m of mismatches(schema, body, { method: route.method, url: route.path })) {
      fail(`${where}: ${m.path} ${m.message} [${m.rule}]`);
    }
    if (res.statusCode >= 200 && res.statusCode < 300) this.checked.set(route.key, (this.checked.get(route.key) ?? 0) + 1);
    return answer;
  }
}
