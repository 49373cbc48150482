/**
 * A minimal trading client for benchmark set-up: L1 key creation with a real EIP-712 signature,
 * L2-signed request specs (signed once, or anew for every request sent), operator calls.
 * Benchmarks build their state through the public API, exactly as a user would.
 */
import { randomInt } from 'node:crypto';
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

export async function newTrader(ctx: BenchContext, usdc = 0, key = generatePrivateKey()): Promise<Trader> {
  const account = privateKeyToAccount(key);
  const creds = await call(ctx, 'POST', '/auth/api-key', undefined, await l1Headers(account));
  const t = { address: account.address, ...creds } as Trader;
  for (let left = usdc; left > 0; left -= 1_000_000) {
    await admin(ctx, 'POST', `/admin/wallets/${t.address}/deposit`, { amount: String(Math.min(left, 1_000_000) * 1_000_000) });
  }
  return t;
}

/** The current Unix second, as clients sign it. */
export const nowS = () => Math.floor(Date.now() / 1000);

function sign(t: Trader, secret: Buffer, method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, ts: number): HttpRequestSpec {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const tsText = String(ts);
  const sig = l2Signature(secret, tsText, method, path.split('?')[0]!, text).toString('base64url');
  const headers: Record<string, string> = {
    SVC_ADDRESS: t.address, SVC_API_KEY: t.apiKey, SVC_PASSPHRASE: t.passphrase, SVC_TIMESTAMP: tsText, SVC_SIGNATURE: sig,
  };
  // Assigned, not spread in (`...(text ? {…} : {})`): that form cost ~8 µs a request here.
  if (text) headers['content-type'] = 'application/json';
  return { method, path, body: text || undefined, headers };
}

/**
 * An L2-signed request at Unix second `ts` (default now). The timestamp stays fresh for the
 * server's SIBYL_AUTH_WINDOW_S, but a write may be sent once only (the service refuses a replayed
 * write signature): send a write spec once, or use `signedEach` for a load.
 */
export function signed(t: Trader, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, ts = nowS()): HttpRequestSpec {
  return sign(t, decodeSecret(t.secret), method, path, body, ts);
}

/**
 * A request signed anew for every request sent (`HttpRequestSpec.build`). `next()` gives that
 * request's body (a string is sent as is, anything else as JSON) and optionally its timestamp
 * (default: now): the pair must never repeat for this trader within a run, or the service answers
 * 401 `replayed request`. Orders vary their salt (`order()` draws a new one per call); a request
 * whose body cannot vary (heartbeats) varies its timestamp (`distinctTimestamps`).
 */
export function signedEach(
  t: Trader, method: 'POST' | 'DELETE', path: string, next: () => { body?: unknown; ts?: number },
): HttpRequestSpec {
  const secret = decodeSecret(t.secret);
  return {
    method, path,
    build: () => {
      const { body, ts } = next();
      return sign(t, secret, method, path, body, ts ?? nowS());
    },
  };
}

/**
 * Timestamps for one trader's requests that never repeat and are always fresh: strictly
 * increasing, starting at the window's past edge (now − window + margin) and never falling behind
 * it. About 2 × (window − margin) of them are available at any moment (7,100 per trader at a
 * 3,600 s window), plus one a second; past that they would leave the window ahead, so they are
 * still handed out (the server answers 401 stale timestamp and the bench fails on the non-2xx)
 * after a warning that more traders are needed.
 */
export function distinctTimestamps(windowS: number, label: string, marginS = 50): () => number {
  let next = 0;
  let warned = false;
  return () => {
    const now = nowS();
    if (next < now - windowS + marginS) next = now - windowS + marginS;
    if (next > now + windowS - marginS && !warned) {
      warned = true;
      console.error(`[bench] ${label}: distinct timestamps inside the ±${windowS} s window used up; spread the requests over more traders`);
    }
    return next++;
  };
}

export async function send(ctx: BenchContext, spec: HttpRequestSpec): Promise<any> {
  return call(ctx, spec.method ?? 'GET', spec.path, spec.body === undefined ? undefined : JSON.parse(spec.body), spec.headers);
}

/**
 * Order salts: a counter from a random start (clients draw a random salt per order), so that no
 * two order bodies of this process are alike and each one signs to a new signature.
 */
let salt = randomInt(2 ** 40);

/** A limit-order body as clients send it, with a new salt each call. */
export function order(t: Trader, tokenId: string, side: 'BUY' | 'SELL', priceMicro: number, sizeMicro: number, orderType = 'GTC') {
  const collateral = String((BigInt(priceMicro) * BigInt(sizeMicro)) / 1_000_000n);
  return {
    order: {
      salt: String(++salt), maker: t.address, signer: t.address, taker: '0x0000000000000000000000000000000000000000', tokenId,
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
