/**
 * The streams service: the WebSocket market and user channels (docs/venue.md §9, issue #27) fed
 * by the exchange's committed batches. Built once by the composition root (src/server.ts),
 * handed to the routes (src/routes/streams/) as `services.streams`, closed on shutdown.
 * The routes own the transport; this owns everything else: the committed books (books.ts), the
 * subscriber index and fan-out (hub.ts), each socket's policy (connection.ts), and the timers
 * that send heartbeats, close idle sockets and reap dead peers.
 */
import type { ExchangeService } from '../exchange/service.js';
import type { Store } from '../store/db.js';
import { CommittedBooks } from './books.js';
import { CatalogInfo } from './catalog-info.js';
import { Connection, type ConnectionDeps, type Peer, type StreamLimits } from './connection.js';
import { Hub } from './hub.js';
import type { Channel } from './metrics.js';
import { CLOSE } from './protocol.js';
import { Sequencer } from './sequencer.js';
import type { StreamFaults, StreamSocket } from '../faults/index.js';

export type { Peer, StreamLimits } from './connection.js';
export { Connection } from './connection.js';

export const DEFAULT_LIMITS: StreamLimits = {
  maxAssets: 500, idleMs: 60_000, heartbeatMs: 5_000, pingMs: 20_000, slowBytes: 4 * 1024 * 1024,
  dumpBytesPerS: 1024 * 1024, queueBytes: 64 * 1024 * 1024,
};

export interface StreamDeps {
  exchange: ExchangeService;
  store: Store;
  now(): number;
  onError(err: unknown): void;
}

export class StreamService {
  readonly hub: Hub;
  readonly limits: StreamLimits;
  private readonly conns = new Set<Connection>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly pingAt = new WeakMap<Connection, number>();
  private closing = false;
  /** Unsent bytes of each socket as last seen after its sends, and their sum (an upper bound of the true total). */
  private readonly queuedSeen = new Map<Connection, number>();
  private queuedSum = 0;
  /** Provoked stream faults (src/faults): sockets to freeze or cut; null while none. */
  private faults: StreamFaults | null = null;

  constructor(private readonly deps: StreamDeps, limits: Partial<StreamLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    const catalog = new CatalogInfo(deps.store.db);
    const books = new CommittedBooks(deps.exchange, catalog, deps.onError);
    this.hub = new Hub(deps.exchange, books, catalog, new Sequencer(deps.onError));
    this.unsubscribe = deps.exchange.subscribe({
      committed: (batch) => this.hub.committed(batch),
      rebuilt: () => this.hub.rebuilt(),
    });
    const l = this.limits;
    const every = Math.max(10, Math.min(1000, l.idleMs / 4, l.heartbeatMs / 2, l.pingMs / 2));
    this.timer = setInterval(() => this.sweep(), every);
    this.timer.unref();
  }

  /** Announces a named neg-risk placeholder as a `new_market` (src/operator/operator.ts `onNamed`). */
  announceMarket(conditionId: string): void {
    this.hub.announceNamed(conditionId, this.deps.now());
  }

  /** Open sockets (both channels). */
  get size(): number { return this.conns.size; }

  /**
   * A new socket on `channel`. The edge's checks come from the route: `allow` counts a subscribe
   * attempt against the client's rate limits; `authenticate` checks user-channel credentials.
   */
  connect(channel: Channel, peer: Peer, edge: Pick<ConnectionDeps, 'allow' | 'authenticate' | 'allowDump'>): Connection {
    const conn = new Connection(channel, peer, {
      hub: this.hub, limits: this.limits, now: this.deps.now, onError: this.deps.onError, ...edge,
      queued: (c) => this.queued(c),
      closed: (c) => { this.conns.delete(c); this.forget(c); },
    });
    if (this.closing) conn.close(CLOSE.shutdown, 'shutdown');
    else this.conns.add(conn);
    if (this.faults !== null) this.applyFault(conn);
    return conn;
  }

  /** Unsent bytes of every socket together (exact: read from each transport). */
  get queuedBytes(): number {
    let total = 0;
    for (const c of this.conns) total += c.queuedBytes;
    return total;
  }

  /**
   * After a socket's send: past the budget (`queueBytes`) by the running sum, the exact total is
   * taken and, while it is still past, the sockets with the most unsent data are closed 1013.
   */
  private queued(c: Connection): void {
    const now = c.queuedBytes;
    this.queuedSum += now - (this.queuedSeen.get(c) ?? 0);
    this.queuedSeen.set(c, now);
    if (this.queuedSum <= this.limits.queueBytes) return;
    const sizes: Array<[Connection, number]> = [];
    this.queuedSum = 0;
    for (const x of this.conns) {
      const q = x.queuedBytes;
      this.queuedSeen.set(x, q);
      this.queuedSum += q;
      if (q > 0) sizes.push([x, q]);
    }
    sizes.sort((a, b) => b[1] - a[1]);
    for (const [x] of sizes) {
      if (this.queuedSum <= this.limits.queueBytes) break;
      x.close(CLOSE.budget, 'budget'); // leaves the sum through `closed`
    }
  }

  private forget(c: Connection): void {
    this.queuedSum -= this.queuedSeen.get(c) ?? 0;
    this.queuedSeen.delete(c);
  }

  /** `stream_freeze` / `stream_drop` (src/faults): applied now, and to later subscriptions at each sweep. */
  setFaults(rule: StreamFaults | null): void {
    this.faults = rule;
    for (const c of [...this.conns]) this.applyFault(c);
  }

  private applyFault(c: Connection): void {
    const rule = this.faults;
    if (rule === null) { c.muted = false; return; }
    const s: StreamSocket = { channel: c.channel, account: c.account, assets: () => Object.keys(c.market?.seqByAsset() ?? {}) };
    if (rule.drop(s)) c.terminate('fault');
    else c.muted = rule.freeze(s);
  }

  /** Heartbeats on quiet sockets, idle closes, protocol pings (a peer that missed the last one is dropped). */
  private sweep(): void {
    const now = this.deps.now();
    const l = this.limits;
    for (const c of this.conns) {
      if (this.faults !== null) { this.applyFault(c); if (!c.open) continue; }
      if (now - c.lastClientAt >= l.idleMs) { c.close(CLOSE.idle, 'idle'); continue; }
      const pinged = this.pingAt.get(c) ?? c.lastClientAt;
      if (now - pinged >= l.pingMs) {
        if (c.awaitingPong) { c.terminate('dead'); continue; }
        this.pingAt.set(c, now);
        c.ping();
      }
      if (c.subscribed && now - c.lastSentAt >= l.heartbeatMs) this.heartbeat(c, now);
    }
  }

  /** Built now (the seqs of the books as they are), sent after whatever is queued before it. */
  private heartbeat(c: Connection, now: number): void {
    c.lastSentAt = now; // one per period even while the step waits
    const event: Record<string, unknown> = { event_type: 'heartbeat', timestamp: String(now) };
    if (c.market) event.seq_by_asset = c.market.seqByAsset();
    const frame = Buffer.from(JSON.stringify(event));
    this.hub.sequencer.run(() => c.send(frame));
  }

  /** Closes every socket (1001) and stops listening to the exchange. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    this.unsubscribe();
    for (const c of [...this.conns]) c.close(CLOSE.shutdown, 'shutdown');
    this.hub.books.close();
    await this.hub.sequencer.idle();
  }
}
