/**
 * Test helpers for signed requests: real EIP-712 L1 headers (viem accounts) and L2 HMAC
 * headers, with a choice of prefix, signature encoding and timestamp.
 * A server with SIBYL_REFUSE_L2_REPLAYS=1 refuses a write whose signature was already used (src/auth/replay.ts), so, like a
 * careful client, `l2Headers` without an explicit `ts` never signs the same write twice: an
 * identical write in the same second gets the next second (still inside the window).
 */
import { createHmac } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { App } from '../../src/http/app-type.js';

export interface Creds { apiKey: string; secret: string; passphrase: string }

export const nowS = () => Math.floor(Date.now() / 1000);

export function wallet(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

export async function l1Headers(
  account: PrivateKeyAccount,
  opts: { chainId?: number; ts?: number | string; nonce?: number | string; prefix?: string; signer?: PrivateKeyAccount } = {},
): Promise<Record<string, string>> {
  const ts = String(opts.ts ?? nowS());
  const nonce = BigInt(opts.nonce ?? 0);
  const p = opts.prefix ?? 'POLY_';
  const signature = await (opts.signer ?? account).signTypedData({
    domain: { name: 'ClobAuthDomain', version: '1', chainId: opts.chainId ?? 137 },
    types: {
      ClobAuth: [
        { name: 'address', type: 'address' },
        { name: 'timestamp', type: 'string' },
        { name: 'nonce', type: 'uint256' },
        { name: 'message', type: 'string' },
      ],
    },
    primaryType: 'ClobAuth',
    message: { address: account.address, timestamp: ts, nonce, message: 'This message attests that I control the given wallet' },
  });
  return { [`${p}ADDRESS`]: account.address, [`${p}SIGNATURE`]: signature, [`${p}TIMESTAMP`]: ts, [`${p}NONCE`]: String(nonce) };
}

export type Encoding = 'base64url' | 'base64url-unpadded' | 'base64' | 'hex';

export function sign(secret: string, ts: string, method: string, path: string, body: string, encoding: Encoding = 'base64url'): string {
  const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const mac = createHmac('sha256', key).update(`${ts}${method}${path}${body}`).digest();
  if (encoding === 'hex') return mac.toString('hex');
  if (encoding === 'base64') return mac.toString('base64');
  const url = mac.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  return encoding === 'base64url' ? url : url.replace(/=+$/, '');
}

/** The last timestamp each (key, method, path, body) write was signed with. */
const lastWrite = new Map<string, number>();

function uniqueWriteTs(creds: Creds, method: string, path: string, body: string): number {
  const now = nowS();
  if (method === 'GET' || method === 'HEAD') return now;
  const key = `${creds.apiKey} ${method} ${path} ${body}`;
  const ts = Math.max(now, (lastWrite.get(key) ?? 0) + 1);
  lastWrite.set(key, ts);
  return ts;
}

export function l2Headers(
  creds: Creds, address: string, method: string, path: string, body = '',
  opts: { ts?: number | string; prefix?: string; encoding?: Encoding } = {},
): Record<string, string> {
  const ts = String(opts.ts ?? uniqueWriteTs(creds, method, path.split('?')[0]!, body));
  const p = opts.prefix ?? 'SVC_';
  return {
    [`${p}ADDRESS`]: address,
    [`${p}API_KEY`]: creds.apiKey,
    [`${p}PASSPHRASE`]: creds.passphrase,
    [`${p}TIMESTAMP`]: ts,
    [`${p}SIGNATURE`]: sign(creds.secret, ts, method, path.split('?')[0]!, body, opts.encoding),
  };
}

/** Creates an API key (nonce 0) for a fresh wallet. */
export async function newKey(app: App, account = wallet(), nonce = 0): Promise<{ account: PrivateKeyAccount; creds: Creds }> {
  const res = await app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account, { nonce }) });
  if (res.statusCode !== 200) throw new Error(`create key: ${res.statusCode} ${res.body}`);
  return { account, creds: res.json() };
}

/** A signed L2 request through `inject`. */
export async function l2(
  app: App, creds: Creds, address: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: string,
  opts: { ts?: number | string; prefix?: string; encoding?: Encoding } = {},
) {
  const headers: Record<string, string> = l2Headers(creds, address, method, url, body ?? '', opts);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({ method, url, headers, ...(body !== undefined ? { payload: body } : {}) });
}
