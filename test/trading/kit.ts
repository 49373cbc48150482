/**
 * Trading test kit: a service with an operator token, a market registered in the exchange,
 * funded traders with API keys, and builders of signed-order bodies.
 */
import { insertEvent, upsertTag } from '../../src/catalog/write.js';
import type { Backend } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { l2, newKey, type Creds } from '../auth/helpers.js';

export const ADMIN = 'trading-admin-token-0123456789';

export interface Trader { address: string; creds: Creds }

export async function tradingService(backend: Backend, env: Record<string, string> = {}): Promise<TestService> {
  return startTestService(backend, { SIBYL_ADMIN_TOKEN: ADMIN, ...env });
}

let seq = 0;
export async function newMarket(svc: TestService, settings: { tick?: number; minSize?: number; takerFee?: number; makerFee?: number } = {}): Promise<string> {
  const now = Date.now();
  await upsertTag(svc.store.db, { label: 'Test', slug: 'test' }, now);
  const created = await insertEvent(svc.store.db, {
    slug: `trading-${process.pid}-${++seq}-${now}`, title: 'Trading test', tags: ['test'],
    markets: [{
      question: 'Will it?', slug: `trading-m-${process.pid}-${seq}-${now}`,
      minimumTickSize: settings.tick ?? 10_000, minimumOrderSize: settings.minSize ?? 5_000_000,
      takerBaseFee: settings.takerFee ?? 0, makerBaseFee: settings.makerFee ?? 0,
    }],
  }, now);
  const cid = created.markets[0]!.conditionId;
  await svc.services.exchange.syncMarket(cid);
  return cid;
}

export async function trader(svc: TestService, usdc = '1000'): Promise<Trader> {
  const { account, creds } = await newKey(svc.app);
  if (usdc !== '0') await deposit(svc, account.address, usdc);
  return { address: account.address, creds };
}

export async function deposit(svc: TestService, address: string, usdc: string): Promise<void> {
  const res = await svc.app.inject({
    method: 'POST', url: `/admin/wallets/${address}/deposit`, headers: { authorization: `Bearer ${ADMIN}` },
    payload: { amount: String(Math.round(Number(usdc) * 1e6)) },
  });
  if (res.statusCode !== 200) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
}

/** A signed-order body as clients send it: price and size in decimals. */
export function orderBody(t: Trader, tokenId: string, side: 'BUY' | 'SELL', price: string, size: string, extra: Record<string, unknown> = {}) {
  const p = BigInt(Math.round(Number(price) * 1e6));
  const s = BigInt(Math.round(Number(size) * 1e6));
  const collateral = String((p * s) / 1_000_000n);
  return {
    order: {
      salt: '1', maker: t.address, signer: t.address, taker: '0x0000000000000000000000000000000000000000', tokenId,
      makerAmount: side === 'BUY' ? collateral : String(s), takerAmount: side === 'BUY' ? String(s) : collateral,
      expiration: '0', nonce: '0', feeRateBps: '0', side, signatureType: 0, signature: '0x',
    },
    owner: t.creds.apiKey, orderType: 'GTC', ...extra,
  };
}

export async function post(svc: TestService, t: Trader, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
  if (Object.keys(headers).length === 0) return l2(svc.app, t.creds, t.address, method, url, body === undefined ? undefined : JSON.stringify(body));
  const { l2Headers } = await import('../auth/helpers.js');
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return svc.app.inject({
    method, url, payload,
    headers: { ...l2Headers(t.creds, t.address, method, url, payload ?? ''), ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
  });
}
