/**
 * Neg-risk test kit: a service that can be restarted on its own database, neg-risk events made
 * through the operator API, conversions and balances through the L2 routes.
 */
import { createService, type Service } from '../../src/server.js';
import type { Backend } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { ADMIN, post, trader, type Trader } from '../trading/kit.js';

export const admin = { authorization: `Bearer ${ADMIN}` };

/** A service whose database outlives `restart()` (the durable path is what is tested). */
export interface Restartable { svc: TestService; restart(): Promise<void>; dispose(): Promise<void> }

export async function restartable(backend: Backend): Promise<Restartable> {
  const { config, dispose } = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN });
  let service: Service = await createService(config, { logger: false });
  const out: Restartable = {
    svc: { ...service, dispose: async () => {} } as TestService,
    async restart() {
      await service.close();
      service = await createService(config, { logger: false });
      out.svc = { ...service, dispose: async () => {} } as TestService;
    },
    async dispose() {
      await service.close();
      await dispose();
    },
  };
  return out;
}

let seq = 0;
export interface Made { slug: string; markets: Array<{ conditionId: string; questionID: string; slug: string }>; body: Record<string, unknown> }

/** Creates a neg-risk event of `n` questions through `POST /admin/events`. */
export async function negRiskEvent(svc: TestService, n: number, extra: Record<string, unknown> = {}, markets?: Array<Record<string, unknown>>): Promise<Made> {
  const slug = `nr-${process.pid}-${++seq}-${Date.now()}`;
  const body = {
    slug, title: `Who wins ${seq}?`, negRisk: true, ...extra,
    markets: markets ?? Array.from({ length: n }, (_, i) => ({ question: `Candidate ${i} wins?`, slug: `${slug}-q${i}` })),
  };
  const res = await svc.app.inject({ method: 'POST', url: '/admin/events', headers: admin, payload: body });
  if (res.statusCode !== 200) throw new Error(`create event: ${res.statusCode} ${res.body}`);
  return { slug, markets: res.json().markets, body };
}

/** The neg-risk market id of an event, as the CLOB market shows it. */
export async function negRiskMarketIdOf(svc: TestService, conditionId: string): Promise<string> {
  const res = await svc.app.inject({ method: 'GET', url: `/markets/${conditionId}` });
  return res.json().neg_risk_market_id as string;
}

export function convert(svc: TestService, t: Trader, marketId: string, indexSet: bigint | string, amount: number | string) {
  return post(svc, t, 'POST', '/convert', { market_id: marketId, index_set: String(indexSet), amount: String(amount) });
}

export async function balance(svc: TestService, t: Trader, token?: string): Promise<number> {
  const q = token === undefined ? 'asset_type=COLLATERAL' : `asset_type=CONDITIONAL&token_id=${token}`;
  const res = await post(svc, t, 'GET', `/balance-allowance?${q}`);
  if (res.statusCode !== 200) throw new Error(`balance: ${res.statusCode} ${res.body}`);
  return Number(res.json().balance);
}

export async function split(svc: TestService, t: Trader, conditionId: string, amount: number): Promise<void> {
  const res = await post(svc, t, 'POST', '/split', { market: conditionId, amount: String(amount) });
  if (res.statusCode !== 200) throw new Error(`split: ${res.statusCode} ${res.body}`);
}

export { trader };
