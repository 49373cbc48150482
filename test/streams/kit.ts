/**
 * Streams test kit: a trading service listening on loopback (real sockets), a WebSocket
 * client that queues what it receives with bounded waits (every wait has a timeout: a test
 * never hangs), and small helpers to place and cancel orders as a trader.
 */
import WebSocket from 'ws';
import type { Backend } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { ADMIN, orderBody, post, trader, type Trader } from '../trading/kit.js';
import type { StreamLimits } from '../../src/streams/index.js';

export interface LiveService extends TestService { url: string }

export async function liveService(backend: Backend, env: Record<string, string> = {}, limits: Partial<StreamLimits> = {}): Promise<LiveService> {
  const svc = await startTestService(backend, { SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off', ...env }, { streamLimits: limits });
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = svc.app.server.address() as { port: number };
  return { ...svc, url: `ws://127.0.0.1:${addr.port}` };
}

export type Frame = unknown;

export class Client {
  readonly frames: Frame[] = [];
  /** Raw texts, in order (non-JSON ones like PONG too). */
  readonly texts: string[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data, binary) => {
      const text = binary ? `<binary ${(data as Buffer).length}>` : String(data);
      this.texts.push(text);
      try { this.frames.push(JSON.parse(text)); } catch { this.frames.push(text); }
      this.wake();
    });
    ws.on('close', (code, reason) => { this.closed = { code, reason: reason.toString() }; this.wake(); });
    ws.on('error', () => {});
  }

  /** A client around a socket already open (fastify's `injectWS`). */
  static wrap(ws: WebSocket): Client { return new Client(ws); }

  static async open(url: string, opts: WebSocket.ClientOptions = {}): Promise<Client> {
    const ws = new WebSocket(url, opts);
    const c = new Client(ws);
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`connect ${url}: timeout`)), 5000);
      ws.once('open', () => { clearTimeout(t); resolve(); });
      ws.once('error', (e) => { clearTimeout(t); reject(e); });
      ws.once('unexpected-response', (req, res) => { clearTimeout(t); req.destroy(); reject(new Error(`unexpected response ${res.statusCode}`)); });
    });
    return c;
  }

  send(msg: unknown): void { this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)); }

  /** Every event received so far, arrays flattened. */
  events(): Array<Record<string, unknown>> {
    return this.frames.flatMap((f) => (Array.isArray(f) ? f : [f])).filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null);
  }

  /** Waits until `pred` holds over what was received (or the socket closed and it still does not). */
  async until<T>(pred: () => T | undefined | false, what: string, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = pred();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timeout waiting for ${what}; received ${JSON.stringify(this.texts).slice(0, 1500)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(1, Math.min(100, deadline - Date.now())));
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  /** Waits for the n-th frame (0-based) and returns it. */
  frame(n: number, ms = 5000): Promise<Frame> {
    return this.until(() => (this.frames.length > n ? { f: this.frames[n] } : undefined), `frame #${n}`, ms).then((x) => x.f);
  }

  waitClose(ms = 5000): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed ?? undefined, 'close', ms);
  }

  close(): void { try { this.ws.terminate(); } catch { /* gone */ } }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

export async function place(svc: TestService, t: Trader, token: string, side: 'BUY' | 'SELL', price: string, size: string, extra: Record<string, unknown> = {}) {
  const res = await post(svc, t, 'POST', '/order', orderBody(t, token, side, price, size, extra));
  const body = res.json();
  if (res.statusCode !== 200 || body.success === false) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return body as { orderID: string; status: string };
}

export async function cancel(svc: TestService, t: Trader, id: string) {
  const res = await post(svc, t, 'DELETE', '/order', { orderID: id });
  if (res.statusCode !== 200) throw new Error(`cancel: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function restBook(svc: TestService, token: string): Promise<Record<string, unknown>> {
  const res = await svc.app.inject({ method: 'GET', url: `/book?token_id=${token}` });
  if (res.statusCode !== 200) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return res.json();
}

export { trader, type Trader };

type Levels = Map<string, string>;
interface Rebuilt { bids: Levels; asks: Levels; hash: string; seqs: number[] }

/**
 * A book per asset kept the way a client keeps it: replaced by `book`, patched by `price_change`
 * (new totals, "0" = gone). Records every distinct `seq` seen per asset, in order.
 */
export class BookKeeper {
  readonly books = new Map<string, Rebuilt>();
  private seen = 0;

  consume(c: Client): void {
    const events = c.events();
    for (; this.seen < events.length; this.seen++) {
      const e = events[this.seen]!;
      if (e.event_type === 'book') {
        const b = this.get(String(e.asset_id));
        b.bids = new Map((e.bids as Array<{ price: string; size: string }>).map((l) => [l.price, l.size]));
        b.asks = new Map((e.asks as Array<{ price: string; size: string }>).map((l) => [l.price, l.size]));
        b.hash = String(e.hash);
        this.seq(b, e.seq as number);
      } else if (e.event_type === 'price_change') {
        for (const ch of e.price_changes as Array<Record<string, string>>) {
          const b = this.get(ch.asset_id!);
          const side = ch.side === 'BUY' ? b.bids : b.asks;
          if (ch.size === '0') side.delete(ch.price!); else side.set(ch.price!, ch.size!);
          b.hash = ch.hash!;
          this.seq(b, e.seq as number);
        }
      } else if (typeof e.seq === 'number' && typeof e.asset_id === 'string') {
        this.seq(this.get(e.asset_id), e.seq);
      }
    }
  }

  /** The rebuilt levels as REST orders them (bids ascending, asks descending). */
  levels(asset: string): { bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> } {
    const b = this.get(asset);
    const list = (m: Levels, asc: boolean) => [...m].map(([price, size]) => ({ price, size }))
      .sort((x, y) => (asc ? 1 : -1) * (Number(x.price) - Number(y.price)));
    return { bids: list(b.bids, true), asks: list(b.asks, false) };
  }

  private get(asset: string): Rebuilt {
    let b = this.books.get(asset);
    if (b === undefined) this.books.set(asset, (b = { bids: new Map(), asks: new Map(), hash: '', seqs: [] }));
    return b;
  }

  private seq(b: Rebuilt, seq: number): void {
    if (b.seqs[b.seqs.length - 1] !== seq) b.seqs.push(seq);
  }
}
