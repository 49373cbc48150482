/**
 * One WebSocket connection's policy, independent of the transport (`Peer`): the subscribe
 * state machine of both channels, keepalive, limits and backpressure (docs/venue.md §9).
 * - `PING` → `PONG`, `ping` → `pong`; `PING` before a valid subscription closes 1008.
 * - A second first-message answers the text `INVALID OPERATION`; malformed input gets an
 *   `{"event_type":"error"}` event and the socket stays open.
 * - Bad user credentials close 4401; more than `maxAssets` tokens answer an error and subscribe
 *   none of that message's tokens; a subscribe/unsubscribe/resync refused by the rate limits
 *   answers an error with `retry_after`.
 * - A frame is never queued past `slowBytes` of unsent data: the socket is closed 1013 instead
 *   and dropped from every index, so memory stays bounded and no one else waits. After every
 *   send the service is told (`queued`): it keeps the total of all sockets under `queueBytes`.
 * - Book dumps (a subscribe's initial dump, a resync) cost what `POST /books` costs under the
 *   rate limits for the same assets (`allowDump`), and a socket's dump bytes are bounded to
 *   `dumpBytesPerS` on average: a dump is refused (error with `retry_after`) while the socket's
 *   earlier dumps are still being paid off.
 */
import { streamMetrics, type Channel, type CloseReason } from './metrics.js';
import { CLOSE, errorFrame, parseMessage, type MarketFirst, type Operation } from './protocol.js';
import type { Hub, Subscriber } from './hub.js';
import { MarketSubscription } from './market-subscription.js';

export interface Peer {
  send(data: Buffer | string): void;
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
}

export interface StreamLimits {
  maxAssets: number;
  /** No client frame (data or ping) for this long closes the socket. */
  idleMs: number;
  /** A subscribed socket sent nothing for this long gets a `heartbeat` event. */
  heartbeatMs: number;
  /** Protocol ping period; a peer that did not answer the previous one is dropped. */
  pingMs: number;
  /** Unsent bytes past which a client is too slow. */
  slowBytes: number;
  /** Book-dump bytes (subscribe dumps, resyncs) one socket may pull per second, on average. */
  dumpBytesPerS: number;
  /** Unsent bytes of all sockets together; past it the largest queues are closed (1013). */
  queueBytes: number;
}

export interface ConnectionDeps {
  hub: Hub;
  limits: StreamLimits;
  now(): number;
  /** Counts a subscribe attempt against the rate limits: null when allowed, else seconds to wait. */
  allow(): number | null | Promise<number | null>;
  /** Counts a dump of `assets` books as `POST /books` would: null when allowed, else seconds to wait. */
  allowDump?(assets: number): number | null | Promise<number | null>;
  /** After every send: the service keeps the total of unsent bytes within its budget. */
  queued?(conn: Connection): void;
  /** The account of user-channel credentials, or null. */
  authenticate(auth: unknown): Promise<{ address: string; apiKey: string } | null>;
  onError(err: unknown): void;
  closed(conn: Connection): void;
}

const TEXT_PONG = Buffer.from('PONG');
const TEXT_pong = Buffer.from('pong');
const INVALID_OPERATION = Buffer.from('INVALID OPERATION');
/** How long a closed socket's close frame may take before it is dropped; over the send budget, less. */
const CLOSE_GRACE_MS = 5000;
const BUDGET_GRACE_MS = 500;
/** Messages held while credentials are being checked. */
const MAX_HELD = 16;

export class Connection implements Subscriber {
  subscribed = false;
  custom = false;
  /** A provoked `stream_freeze` (src/faults): events are dropped, PONG still answers. */
  muted = false;
  /** User channel: no `markets` given (every market but `excluded`), else only `markets`. */
  private everyMarket = true;
  lastClientAt: number;
  lastSentAt: number;
  awaitingPong = false;
  /** User channel: the account, its filter. */
  account: { address: string; apiKey: string } | null = null;
  private markets = new Set<string>();
  private excluded = new Set<string>();
  readonly market: MarketSubscription | null;
  private state: 'open' | 'authenticating' | 'closed' = 'open';
  private held: Array<{ data: Buffer; binary: boolean }> = [];
  private chain: Promise<void> = Promise.resolve();
  private busy = 0;
  /** Dump bytes not yet paid off at `dumpRate` (a leaky bucket), as of `dumpAt`. */
  private dumpDebt = 0;
  private dumpAt = 0;
  /** This channel's frame and byte counters, looked up once (a labelled `inc` hashes its labels on every call). */
  private readonly framesSent: { inc(n?: number): void };
  private readonly bytesSent: { inc(n?: number): void };

  constructor(readonly channel: Channel, private readonly peer: Peer, private readonly deps: ConnectionDeps) {
    this.lastClientAt = this.lastSentAt = deps.now();
    this.framesSent = streamMetrics.frames.labels({ channel });
    this.bytesSent = streamMetrics.bytes.labels({ channel });
    this.market = channel === 'market' ? new MarketSubscription(this, deps.hub, deps.limits.maxAssets) : null;
    streamMetrics.sockets.inc({ channel });
  }

  get open(): boolean { return this.state !== 'closed'; }

  get allMarkets(): boolean { return this.everyMarket && this.excluded.size === 0; }

  wantsMarket(conditionId: string): boolean {
    return this.everyMarket ? !this.excluded.has(conditionId) : this.markets.has(conditionId);
  }

  /** A data frame from the client. Messages are handled one after the other, in order. */
  message(data: Buffer, binary: boolean): void {
    this.lastClientAt = this.deps.now();
    if (this.state === 'closed') return;
    if (this.state === 'authenticating' || this.busy > 0) {
      if (this.held.length >= MAX_HELD) return this.send(errorFrame('too many messages before the last was handled; wait for its answer'));
      this.held.push({ data, binary });
      return;
    }
    this.handle(data, binary);
  }

  /** A protocol ping from the client (counts as a client frame; ws answers it). */
  pinged(): void { this.lastClientAt = this.deps.now(); }

  ponged(): void { this.awaitingPong = false; }

  /** Sends a frame; `event`: it counts as traffic (a socket sent only PONGs is quiet and gets heartbeats). */
  send(frame: Buffer, event = true): void {
    if (this.state === 'closed' || (this.muted && event)) return;
    if (this.peer.bufferedAmount + frame.length > this.deps.limits.slowBytes) return this.close(CLOSE.slow, 'slow');
    this.peer.send(frame);
    this.deps.queued?.(this);
    if (event) this.lastSentAt = this.deps.now();
    this.framesSent.inc();
    this.bytesSent.inc(frame.length);
  }

  /** Bytes handed to the transport and not yet sent. */
  get queuedBytes(): number { return this.peer.bufferedAmount; }

  /** A book dump of `bytes` went out (market-subscription.ts): it is paid off at `dumpBytesPerS`. */
  dumped(bytes: number): void {
    this.dumpDebt = this.debt() + bytes;
    this.dumpAt = this.deps.now();
  }

  private debt(): number {
    const paid = ((this.deps.now() - this.dumpAt) * this.deps.limits.dumpBytesPerS) / 1000;
    return Math.max(0, this.dumpDebt - paid);
  }

  /**
   * Runs an operation that dumps `assets` books, if the socket's dump bytes are paid off and the
   * rate limits have room for the same as `POST /books`; else answers an error with `retry_after`.
   */
  private dumping(assets: number, run: () => void | Promise<void>): void | Promise<void> {
    if (assets === 0) return run();
    const debt = this.debt();
    const rate = this.deps.limits.dumpBytesPerS;
    if (debt >= rate) { // up to one second's worth may be outstanding: a burst of one second, then `rate` on average
      const wait = Math.max(1, Math.ceil((debt - rate) / rate));
      return this.send(errorFrame(`Too Many Requests: book dumps on a socket are limited to ${this.deps.limits.dumpBytesPerS} bytes/s`, { retry_after: wait }));
    }
    const w = this.deps.allowDump?.(assets) ?? null;
    const go = (wait: number | null): void | Promise<void> => (wait === null ? run() : this.send(errorFrame('Too Many Requests', { retry_after: wait })));
    return w instanceof Promise ? w.then(go) : go(w);
  }

  /** Closes with a code and reason, and leaves every index at once. */
  close(how: { code: number; reason: string }, why: CloseReason): void {
    if (this.state === 'closed') return;
    streamMetrics.closes.inc({ reason: why });
    this.gone();
    try { this.peer.close(how.code, how.reason); } catch { /* already closing */ }
    // A client that reads nothing never takes the close frame: drop it after a grace — short when
    // the server is over its send budget, so the queued bytes are freed soon.
    setTimeout(() => { try { this.peer.terminate(); } catch { /* gone */ } }, why === 'budget' ? BUDGET_GRACE_MS : CLOSE_GRACE_MS).unref();
  }

  terminate(why: CloseReason): void {
    if (this.state === 'closed') return;
    streamMetrics.closes.inc({ reason: why });
    this.gone();
    this.peer.terminate();
  }

  ping(): void { this.awaitingPong = true; this.peer.ping(); }

  /** The transport closed (either side). */
  gone(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.held = [];
    this.market?.dispose();
    if (this.account) this.deps.hub.removeAccount(this, this.account.address);
    streamMetrics.sockets.dec({ channel: this.channel });
    if (this.account) streamMetrics.subscriptions.dec({ channel: 'user' });
    this.deps.closed(this);
  }

  private handle(data: Buffer, binary: boolean): void {
    if (binary) return this.send(errorFrame('binary frames are not accepted: send JSON text'));
    const text = data.toString('utf8');
    const bare = text.trim();
    if (bare === 'PING' || bare === 'ping') {
      if (!this.subscribed && bare === 'PING') return this.close(CLOSE.invalidSubscription, 'protocol');
      return this.send(bare === 'PING' ? TEXT_PONG : TEXT_pong, false);
    }
    const parsed = parseMessage(text, this.channel);
    if (parsed.kind === 'error') return this.send(errorFrame(parsed.error));
    if (parsed.kind !== 'operation' && this.subscribed) return this.send(INVALID_OPERATION);
    if (parsed.kind === 'operation' && !this.subscribed) return this.send(errorFrame(`subscribe first: {"type":"${this.channel}",…}`));
    const act = (wait: number | null): void | Promise<void> => {
      if (wait !== null) return this.send(errorFrame('Too Many Requests', { retry_after: wait }));
      if (parsed.kind === 'market') return this.dumping(parsed.initialDump ? parsed.assets.length : 0, () => this.firstMarket(parsed));
      if (parsed.kind === 'user') return this.firstUser(parsed.auth, parsed.markets);
      return this.operation(parsed);
    };
    // In memory the rate-limit check and a market operation are synchronous: no promise, no tick.
    const wait = this.deps.allow();
    if (wait instanceof Promise) return this.work(() => wait.then(act));
    const r = act(wait);
    if (r instanceof Promise) this.work(() => r);
  }

  /** Runs a step that may wait (rate-limit counters in Redis, credentials); later messages wait for it. */
  private work(step: () => void | Promise<void>): void {
    this.busy++;
    this.chain = this.chain.then(step).catch((err: unknown) => this.deps.onError(err)).finally(() => {
      this.busy--;
      if (this.busy === 0 && this.state === 'open') this.drain();
    });
  }

  private drain(): void {
    while (this.held.length > 0 && this.busy === 0 && this.state === 'open') {
      const m = this.held.shift()!;
      this.handle(m.data, m.binary);
    }
  }

  private firstMarket(m: MarketFirst): void {
    this.subscribed = true;
    this.custom = m.custom;
    if (this.custom) this.deps.hub.customSockets.add(this);
    this.market!.subscribe(m.assets, m.initialDump);
  }

  private async firstUser(auth: unknown, markets: string[] | null): Promise<void> {
    this.state = 'authenticating';
    const account = await this.deps.authenticate(auth);
    if (!this.open) return;
    this.state = 'open';
    if (account === null) return this.close(CLOSE.badCredentials, 'auth');
    this.subscribed = true;
    this.account = account;
    if (markets !== null && markets.length > 0) { this.everyMarket = false; this.markets = new Set(markets); }
    this.deps.hub.addAccount(this, account.address);
    streamMetrics.subscriptions.inc({ channel: 'user' });
  }

  private operation(op: Operation): void | Promise<void> {
    if (this.channel === 'market') {
      if (op.custom !== null && op.custom !== this.custom) {
        this.custom = op.custom;
        if (op.custom) this.deps.hub.customSockets.add(this); else this.deps.hub.customSockets.delete(this);
      }
      const market = this.market!;
      if (op.op === 'unsubscribe') return market.unsubscribe(op.assets ?? []);
      if (op.op === 'subscribe') return this.dumping(op.initialDump === false ? 0 : (op.assets ?? []).length, () => market.subscribe(op.assets ?? [], op.initialDump ?? true));
      return this.dumping(op.assets?.length ?? market.size, () => market.resync(op.assets));
    }
    if (op.auth === undefined) return this.applyMarkets(op);
    return this.deps.authenticate(op.auth).then((again) => {
      if (!this.open) return;
      if (again === null || again.address !== this.account!.address) return this.close(CLOSE.badCredentials, 'auth');
      this.applyMarkets(op);
    });
  }

  private applyMarkets(op: Operation): void {
    for (const m of op.markets ?? []) {
      if (op.op === 'subscribe') { this.excluded.delete(m); if (!this.everyMarket) this.markets.add(m); }
      else if (this.everyMarket) this.excluded.add(m);
      else this.markets.delete(m);
    }
  }
}

