/**
 * Faults test kit: a trading service on a real loopback port, signed requests over real
 * sockets (fetch), and the operator's fault routes.
 */
import type { Backend } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import type { ServiceOptions } from '../../src/server.js';
import { l2Headers } from '../auth/helpers.js';
import { ADMIN, type Trader } from '../trading/kit.js';

export interface LiveService extends TestService { base: string }

export async function liveService(backend: Backend, env: Record<string, string> = {}, opts: ServiceOptions = {}): Promise<LiveService> {
  const svc = await startTestService(backend, { SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off', ...env }, opts);
  const base = await svc.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...svc, base };
}

export interface Answer { status: number; body: string; headers: Headers }

/** A signed request over a real socket; the raw answer (status, exact body bytes, headers). */
export async function call(svc: LiveService, t: Trader, method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = { ...l2Headers(t.creds, t.address, method, path, payload) };
  if (payload) headers['content-type'] = 'application/json';
  const res = await fetch(svc.base + path, { method, headers, ...(payload ? { body: payload } : {}) });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

export async function admin(svc: LiveService, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${ADMIN}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(svc.base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

export async function provoke(svc: LiveService, input: Record<string, unknown>): Promise<{ id: string; kind: string; startsAt: string; endsAt: string | null }> {
  const r = await admin(svc, 'POST', '/admin/faults', input);
  if (r.status !== 200) throw new Error(`provoke: ${r.status} ${r.body}`);
  return JSON.parse(r.body);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
