/**
 * Cluster test kit (issue #30): real processes. A Redis of the test's own (redis-server on a free
 * loopback port, no persistence), a fresh PostgreSQL database, and instances started as
 * `bin/sibyl.js serve` child processes, each on its own port, all with one master key and admin
 * token. Every wait is bounded; `stopAll` kills whatever is left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { l1Headers, l2Headers, wallet, type Creds } from '../auth/helpers.js';

export const ADMIN = 'cluster-admin-token-0123456789';
const MASTER_KEY = randomBytes(32).toString('hex');
const BIN = new URL('../../bin/sibyl.js', import.meta.url).pathname;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function until<T>(what: string, ms: number, fn: () => Promise<T | undefined | null | false>, every = 50): Promise<T> {
  const by = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined && v !== null && v !== false) return v;
    } catch (err) { last = err; }
    if (Date.now() > by) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(every);
  }
}

export class RedisServer {
  child: ChildProcess | null = null;
  constructor(readonly port: number) {}
  get url(): string { return `redis://127.0.0.1:${this.port}`; }
  static async start(): Promise<RedisServer> {
    const r = new RedisServer(await freePort());
    await r.start();
    return r;
  }
  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.child = child;
    await until('redis-server', 5000, async () => {
      const { Redis } = await import('ioredis');
      const c = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      c.on('error', () => {});
      try { await c.connect(); return (await c.ping()) === 'PONG'; } finally { c.disconnect(); }
    }, 100);
  }
  async stop(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  }
}

export interface Answer { status: number; body: any; text: string; headers: Headers }

export async function call(base: string, method: string, path: string, opts: { headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    method, headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers }, body: opts.body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, text, headers: res.headers };
}

export class Instance {
  child: ChildProcess | null = null;
  readonly logs: string[] = [];
  exited: Promise<number | null> = Promise.resolve(null);
  /** `bin`: the `sibyl` to start (another checkout's, for a bench's before/after); default this checkout's. */
  constructor(readonly name: string, readonly port: number, private readonly env: Record<string, string>, private readonly bin = BIN) {}
  get url(): string { return `http://127.0.0.1:${this.port}`; }

  start(): void {
    const dir = mkdtempSync(join(tmpdir(), `sibyl-cluster-${this.name}-`));
    const env: Record<string, string> = {
      ...process.env as Record<string, string>, SIBYL_DATA_DIR: dir, SIBYL_DEMO: '0', SIBYL_DEMO_LIVE: '0', LOG_LEVEL: 'info',
      HOST: '127.0.0.1', PORT: String(this.port), SIBYL_ADVERTISE_URL: this.url, SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_MASTER_KEY: MASTER_KEY,
      SIBYL_RATE_LIMITS: 'off', SIBYL_RATE_LIMIT_PREFIX: `cl-${randomBytes(4).toString('hex')}`, ...this.env,
    };
    const child = spawn(process.execPath, [this.bin, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    for (const s of [child.stdout!, child.stderr!]) createInterface({ input: s }).on('line', (l) => { this.logs.push(l); if (this.logs.length > 20_000) this.logs.splice(0, 10_000); });
    this.exited = new Promise((r) => child.once('exit', (code) => { rmSync(dir, { recursive: true, force: true }); r(code); }));
  }

  async ready(ms = 60_000): Promise<void> {
    await until(`${this.name} serving`, ms, async () => {
      if (this.child?.exitCode !== null) throw new Error(`${this.name} exited: ${this.logs.slice(-5).join('\n')}`);
      return (await call(this.url, 'GET', '/', { timeoutMs: 1000 })).status === 200;
    }, 200);
  }

  signal(sig: NodeJS.Signals): void { this.child?.kill(sig); }

  async kill(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGCONT');
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async status(): Promise<{ role: string; epoch: number; writerUrl: string | null; followLagMs: number; rebuildMs: number; integrity: { ok: boolean }; follow: { replayed: number; filled: number; mismatches: number; restores: number } }> {
    const r = await call(this.url, 'GET', '/admin/status', { headers: { authorization: `Bearer ${ADMIN}` }, timeoutMs: 2000 });
    if (r.status !== 200) throw new Error(`status ${r.status} ${r.text}`);
    return r.body;
  }

  admin(method: string, path: string, body?: unknown): Promise<Answer> {
    return call(this.url, method, `/admin${path}`, { headers: { authorization: `Bearer ${ADMIN}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  }
}

export interface Trader { address: string; creds: Creds }

export async function newTrader(via: Instance, usdc: number): Promise<Trader> {
  const account = wallet();
  const r = await call(via.url, 'POST', '/auth/api-key', { headers: await l1Headers(account) });
  if (r.status !== 200) throw new Error(`api key: ${r.status} ${r.text}`);
  const d = await via.admin('POST', `/wallets/${account.address}/deposit`, { amount: String(usdc * 1e6) });
  if (d.status !== 200) throw new Error(`deposit: ${d.status} ${d.text}`);
  return { address: account.address, creds: r.body as Creds };
}

export function signed(via: Instance, t: Trader, method: string, path: string, body?: unknown, timeoutMs?: number): Promise<Answer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return call(via.url, method, path, { headers: l2Headers(t.creds, t.address, method, path, text), body: body === undefined ? undefined : text, timeoutMs });
}

let salt = 0;
/** A GTC limit order body; `size` in shares with two decimals (unique sizes tell orders apart). */
export function order(t: Trader, tokenId: string, side: 'BUY' | 'SELL', price: number, size: number) {
  const p = BigInt(Math.round(price * 1e6));
  const s = BigInt(Math.round(size * 1e6));
  const collateral = String((p * s) / 1_000_000n);
  return {
    order: {
      salt: String(++salt), maker: t.address, signer: t.address, taker: '0x0000000000000000000000000000000000000000', tokenId,
      makerAmount: side === 'BUY' ? collateral : String(s), takerAmount: side === 'BUY' ? String(s) : collateral,
      expiration: '0', nonce: '0', feeRateBps: '0', side, signatureType: 0, signature: '0x',
    },
    owner: t.creds.apiKey, orderType: 'GTC',
  };
}

/**
 * The `k`-th resting order body of a load (bids 0.01–0.30, asks 0.70–0.99: nothing crosses, the
 * book grows), its size told apart by `n` (5 + n mod 1000 hundredths of a share).
 */
export function restingOrder(t: Trader, tokenId: string, k: number, n = k) {
  const buy = k % 2 === 0;
  const price = buy ? 0.01 + (k % 30) / 100 : 0.70 + (k % 30) / 100;
  return order(t, tokenId, buy ? 'BUY' : 'SELL', Math.round(price * 100) / 100, 5 + (n % 1000) / 100);
}

/** Creates an event with one market through `via` (an operator write: forwarded from a follower). */
export async function newMarket(via: Instance): Promise<{ conditionId: string; tokens: [string, string] }> {
  const slug = `cluster-${randomBytes(4).toString('hex')}`;
  const r = await via.admin('POST', '/events', { slug, title: 'Cluster test', markets: [{ question: 'Will the cluster hold?', slug: `${slug}-m` }] });
  if (r.status !== 200) throw new Error(`event: ${r.status} ${r.text}`);
  const m = r.body.markets[0];
  return { conditionId: m.conditionId ?? m.condition_id, tokens: m.tokenIds };
}

/** `readyMs`: how long each instance may take to serve (a large book's restore takes longer than the default minute). */
export async function startCluster(n: number, env: Record<string, string>, bin?: string, readyMs?: number): Promise<Instance[]> {
  const out: Instance[] = [];
  for (let i = 0; i < n; i++) out.push(new Instance(`i${i}`, await freePort(), env, bin));
  try {
    out[0]!.start();
    await out[0]!.ready(readyMs); // the first migrates and takes the writer role; the others start together
    for (const x of out.slice(1)) x.start();
    for (const x of out.slice(1)) await x.ready(readyMs);
  } catch (err) {
    for (const x of out) await x.kill(); // the caller never gets them: left running, they would keep the test process alive
    throw err;
  }
  return out;
}

export async function writerOf(all: Instance[]): Promise<Instance> {
  const roles = await Promise.all(all.map((i) => i.status().then((s) => s.role, () => 'down')));
  const writers = all.filter((_, k) => roles[k] === 'writer');
  if (writers.length !== 1) throw new Error(`expected one writer, roles: ${roles.join(', ')}`);
  return writers[0]!;
}
