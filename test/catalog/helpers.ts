/** Shared helpers of the catalog tests: a service with the operator API on, and JSON shortcuts. */
import assert from 'node:assert/strict';
import type { Backend } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';

export const ADMIN = 'catalog-test-admin-token-0123456789';
export const WALLETS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
] as const;

export interface Api {
  svc: TestService;
  get(url: string): Promise<{ status: number; body: any }>;
  admin(method: 'POST' | 'PATCH', url: string, payload: unknown): Promise<{ status: number; body: any }>;
  /** POST that must succeed. */
  create(url: string, payload: unknown): Promise<any>;
}

export async function startApi(backend: Backend): Promise<Api> {
  const svc = await startTestService(backend, { SIBYL_ADMIN_TOKEN: ADMIN });
  const get = async (url: string) => {
    const res = await svc.app.inject({ url });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  const admin = async (method: 'POST' | 'PATCH', url: string, payload: unknown) => {
    const res = await svc.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${ADMIN}` } });
    return { status: res.statusCode, body: res.json() };
  };
  const create = async (url: string, payload: unknown) => {
    const res = await admin('POST', url, payload);
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return { svc, get, admin, create };
}

export function market(slug: string, extra: Record<string, unknown> = {}) {
  return { question: `Will ${slug.replace(/-/g, ' ')}?`, slug, ...extra };
}

export function assertBadRequest(res: { status: number; body: any }, message?: string | RegExp): void {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.type, 'bad request');
  if (typeof message === 'string') assert.equal(res.body.error, message);
  else if (message) assert.match(res.body.error, message);
}

export function assertNotFound(res: { status: number; body: any }, message: string): void {
  assert.equal(res.status, 404, JSON.stringify(res.body));
  assert.deepEqual(res.body, { type: 'not found error', error: message });
}
