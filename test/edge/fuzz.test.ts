/**
 * Fuzz-style test of EVERY route of the running app: routes are enumerated from its OpenAPI
 * document at run time (so routes added later are covered without touching this file), then
 * hit with malformed and hostile inputs — numbers out of range, NaN-likes, wrong types, deep
 * JSON, long and odd unicode strings, SQL meta-characters, bad cursors, duplicate and unknown
 * parameters, bad path parameters, garbage auth headers. Every answer must be < 500, every
 * error in its family's shape (typed for catalog routes), the process must stay up, operator
 * routes called without the token must answer 401, and no table may change.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { insertComment, insertEvent, upsertProfile, upsertTag } from '../../src/catalog/write.js';
import { familyOfPath, type Family } from '../../src/http/families.js';
import { HOSTILE_BODIES, HOSTILE_HEADERS, HOSTILE_VALUES, digestTables } from './fuzz-inputs.js';

interface Param { name: string; in: string; required?: boolean }
interface Op { method: string; path: string; params: Param[]; hasBody: boolean; family: Family }
type Inject = { method: string; url: string; headers?: Record<string, string>; payload?: string };

const ADMIN = 'fuzz-admin-token-0123456789abcdef';
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function seed(svc: TestService): Promise<{ eventSlug: string; conditionId: string }> {
  const now = Date.now();
  return svc.store.db.transaction().execute(async (trx) => {
    await upsertTag(trx, { label: 'Fuzz', slug: 'fuzz' }, now);
    const ev = await insertEvent(trx, {
      slug: 'fuzz-event', title: 'Fuzz event', tags: ['fuzz'],
      markets: [{ question: 'Will fuzz pass?', slug: 'fuzz-market', tags: ['fuzz'] }],
    }, now);
    await upsertProfile(trx, { address: WALLET, name: 'fuzzer' }, now);
    await insertComment(trx, { body: 'hi', parentEntityType: 'Event', parentEntityId: ev.id, userAddress: WALLET }, now);
    return { eventSlug: 'fuzz-event', conditionId: ev.markets[0]!.conditionId };
  });
}

function operations(svc: TestService): Op[] {
  const doc = svc.app.swagger() as { paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: unknown }>> };
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
      const family = svc.app.routeFamilies.get(`${method} ${pattern}`) ?? familyOfPath(path);
      ops.push({ method, path, params: op.parameters ?? [], hasBody: op.requestBody !== undefined || !['GET', 'HEAD', 'DELETE'].includes(method), family });
    }
  }
  return ops;
}

function cases(op: Op, valid: (name: string) => string): Inject[] {
  const pathWith = (over: Record<string, string> = {}) =>
    op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(over[n] ?? valid(n)));
  const query = op.params.filter((p) => p.in === 'query');
  const baseQuery = query.filter((p) => p.required).map((p) => `${p.name}=${encodeURIComponent(valid(p.name))}`);
  const url = (path: string, extra: string[] = []) => {
    const q = [...baseQuery, ...extra].join('&');
    return q ? `${path}?${q}` : path;
  };
  const out: Inject[] = [];
  const body = op.hasBody ? '{}' : undefined;
  const headers = body !== undefined ? { 'content-type': 'application/json' } : undefined;
  const base = (u: string): Inject => ({ method: op.method, url: u, headers, payload: body });
  out.push(base(url(pathWith())));
  for (const p of query) {
    for (const v of HOSTILE_VALUES) out.push(base(url(pathWith(), [`${p.name}=${encodeURIComponent(v)}`])));
    out.push(base(url(pathWith(), [`${p.name}=1`, `${p.name}=2`, `${p.name}=abc`]))); // duplicates
    out.push(base(url(pathWith(), [`${p.name}[]=1`, `${p.name}[a]=2`])));
  }
  out.push(base(url(pathWith(), ['zzz_unknown=1', '__proto__=x', 'constructor[prototype][x]=1', '=', '&&', 'a=%E0%A4%A'])));
  for (const p of op.params.filter((x) => x.in === 'path')) {
    for (const v of HOSTILE_VALUES.filter((x) => x !== '')) out.push(base(url(pathWith({ [p.name]: v }))));
  }
  if (op.hasBody) {
    for (const b of HOSTILE_BODIES) {
      out.push({ method: op.method, url: url(pathWith()), payload: b.payload, headers: b.type === undefined ? { 'content-type': 'application/json' } : { 'content-type': b.type } });
    }
    out.push({ method: op.method, url: url(pathWith()), payload: '{"a":1}' }); // no content type
  }
  for (const h of HOSTILE_HEADERS) out.push({ ...base(url(pathWith())), headers: { ...headers, ...h } });
  return out;
}

/** What is wrong with one answer, or undefined. */
function problem(op: Op, req: Inject, status: number, text: string): string | undefined {
  const where = `${req.method} ${req.url.slice(0, 160)}${req.payload ? ` body ${req.payload.slice(0, 60)}` : ''} → ${status}`;
  if (status >= 500) return `${where}: ${text.slice(0, 200)}`;
  // (a 414 for an over-long path parameter comes from the router, before any route runs)
  if (op.path.startsWith('/admin') && status !== 401 && status !== 414) return `${where}: an operator route without the token must answer 401`;
  if (status < 400) return undefined;
  let body: Record<string, unknown>;
  try { body = JSON.parse(text) as Record<string, unknown>; } catch { return `${where}: error body is not JSON: ${text.slice(0, 200)}`; }
  if (typeof body.error !== 'string') return `${where}: no error string: ${text.slice(0, 200)}`;
  if (op.family === 'catalog' && Object.keys(body).sort().join() !== 'error,type') return `${where}: typed shape expected: ${text.slice(0, 200)}`;
  if (op.family !== 'catalog' && body.type !== undefined) return `${where}: simple shape expected: ${text.slice(0, 200)}`;
  return undefined;
}

for (const backend of backends()) {
  describe(`fuzz every route (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let valid: (name: string) => string;
    before(async () => {
      svc = await startTestService(backend, { SIBYL_RATE_LIMITS: 'off', SIBYL_ADMIN_TOKEN: ADMIN });
      const s = await seed(svc);
      const values: Record<string, string> = {
        slug: s.eventSlug, condition_id: s.conditionId, id: s.conditionId, market: s.conditionId, user: WALLET,
        user_address: WALLET, address: WALLET, token_id: `${s.conditionId}:0`, asset_id: `${s.conditionId}:0`, q: 'fuzz',
      };
      valid = (n) => values[n] ?? 'x';
    });
    after(async () => { await svc?.dispose(); });

    it('hostile inputs on every route: < 500, family shape, no data change, operator routes closed', async () => {
      const ops = operations(svc);
      assert.ok(ops.length >= 4, `only ${ops.length} routes found`);
      const before = await digestTables(svc.store);
      let sent = 0;
      const started = Date.now();
      const problems: string[] = [];
      // Bounded run time however many routes exist: past a budget per route, a deterministic
      // stride sample of its cases (offset per route, so every input still hits some route).
      const perRoute = Math.max(80, Math.floor(8000 / ops.length));
      for (const [k, op] of ops.entries()) {
        const all = cases(op, valid);
        const stride = Math.ceil(all.length / perRoute);
        for (const req of all.filter((_c, i) => i === 0 || i % stride === k % stride)) {
          const res = await svc.app.inject(req as never);
          sent++;
          const p = problem(op, req, res.statusCode, res.body);
          if (p) problems.push(p);
        }
      }
      console.log(`# fuzz (${backend.name}): ${ops.length} routes, ${sent} requests, ${Date.now() - started} ms`);
      assert.deepEqual(problems.slice(0, 40), [], `${problems.length} bad answers (first 40 shown)`);
      const afterDigest = await digestTables(svc.store);
      // The writer lease is renewed every second by the instance itself (src/cluster/lease.ts): liveness, not data.
      const changed = [...before.keys()].filter((t) => t !== 'writer_lease' && before.get(t) !== afterDigest.get(t));
      assert.deepEqual(changed, [], `tables changed: ${changed.join(', ')}`);
      assert.equal((await svc.app.inject({ url: '/' })).statusCode, 200); // still up
    });
  });
}
