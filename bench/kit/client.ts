/**
 * A minimal trading client for benchmark set-up: L1 key creation with a real EIP-712 signature,
 * L2-signed request specs, operator calls. Benchmarks build their state through the public API,
 * exactly as a user would.
 */
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { decodeSecret, l2Signature } from '../../src/auth/hmac.js';
import type { BenchContext, HttpRequestSpec } from '../types.js';

export interface Trader { address: string; apiKey: string; secret: string; passphrase: string }

export async function call(ctx: BenchContext, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export const admin = (ctx: BenchContext, method: string, path: string, body?: unknown) =>
  call(ctx, method, path, body, { authorization: `Bearer ${ctx.adminToken}` });

/** L1 headers of `account` for nonce 0 (a real EIP-712 ClobAuth signature): create or derive its API key. */
export async function l1Headers(account: PrivateKeyAccount): Promise<Record<string, string>> {
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = await account.signTypedData({
    domain: { name: 'ClobAuthDomain', version: '1', chainId: 137 },
    types: { ClobAuth: [{ name: 'address', type: 'address' }, { name: 'timestamp', type: 'string' }, { name: 'nonce', type: 'uint256' }, { name: 'message', type: 'string' }] },
    primaryType: 'ClobAuth',
    message: { address: account.address, timestamp: ts, nonce: 0n, message: 'This message attests that I control the given wallet' },
  });
  return { POLY_ADDRESS: account.address, POLY_SIGNATURE: signature, POLY_TIMESTAMP: ts, POLY_NONCE: '0' };
}

export async function newTrader(ctx: BenchContext, usdc = 0): Promise<Trader> {
  const account = privateKeyToAccount(generatePrivateKey());
  const creds = await call(ctx, 'POST', '/auth/api-key', undefined, await l1Headers(account));
  const t = { address: account.address, ...creds } as Trader;
  for (let left = usdc; left > 0; left -= 1_000_000) {
    await admin(ctx, 'POST', `/admin/wallets/${t.address}/deposit`, { amount: String(Math.min(left, 1_000_000) * 1_000_000) });
  }
  return t;
}

/** An L2-signed request; the signature stays valid for the server's SIBYL_AUTH_WINDOW_S. */
export function signed(t: Trader, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): HttpRequestSpec {
  const ts = String(Math.floor(Date.now() / 1000));
  const text = body === undefined ? '' : JSON.stringify(body);
  const sig = l2Signature(decodeSecret(t.secret), ts, method, path.split('?')[0]!, text).toString('base64url');
  return {
    method, path, body: text || undefined,
    headers: {
      ...(text ? { 'content-type': 'application/json' } : {}),
      SVC_ADDRESS: t.address, SVC_API_KEY: t.apiKey, SVC_PASSPHRASE: t.passphrase, SVC_TIMESTAMP: ts, SVC_SIGNATURE: sig,
    },
  };
}

export async function send(ctx: BenchContext, spec: HttpRequestSpec): Promise<any> {
  return call(ctx, spec.method ?? 'GET', spec.path, spec.body === undefined ? undefined : JSON.parse(spec.body), spec.headers);
}

/** A limit-order body as clients send it. */
export function order(t: Trader, tokenId: string, side: 'BUY' | 'SELL', priceMicro: number, sizeMicro: number, orderType = 'GTC') {
  const collateral = String((BigInt(priceMicro) * BigInt(sizeMicro)) / 1_000_000n);
  return {
    order: {
      salt: '1', maker: t.address, signer: t.address, taker: '0x0000000000000000000000000000000000000000', tokenId,
      makerAmount: side === 'BUY' ? collateral : String(sizeMicro), takerAmount: side === 'BUY' ? String(sizeMicro) : collateral,
      expiration: '0', nonce: '0', feeRateBps: '0', side, signatureType: 0, signature: '0x',
    },
    owner: t.apiKey, orderType,
  };
}

let n = 0;
/** A new event with one market, tradable at once; returns its condition id. */
export async function newMarket(ctx: BenchContext): Promise<string> {
  const slug = `bench-${Date.now()}-${++n}`;
  const ev = await admin(ctx, 'POST', '/admin/events', { slug, title: `Bench ${slug}`, markets: [{ question: `Bench ${slug}?`, slug: `${slug}-m` }] });
  return ev.markets[0].conditionId as string;
}
