/**
 * The dead-man's switch. Scope: one session per authenticated address. A heartbeat arms or
 * feeds it; if none arrives within `timeoutMs` + half of it, `onExpire(address)` is called once
 * (the exchange cancels the address's open orders) and the session disarms until the next beat.
 *
 * Scale: beats only touch an in-memory map; ONE interval timer ("tick") flushes changed
 * sessions to the database in batches (write-behind) and walks a deadline heap.
 * Durability: arming is written through (a crash never forgets an armed switch); feeding beats
 * are written behind, at most one tick late — after a crash the switch may fire up to one
 * tick early, and a client may get `Invalid Heartbeat ID` once with the id to adopt.
 * Restart: `start()` reloads armed sessions; those whose deadline passed while the service was
 * down fire at once, the others resume their countdown from their last persisted beat.
 */
import { heartbeatMetrics } from '../metrics/index.js';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../errors/catalogue.js';
import type { Store } from '../store/db.js';
import { DeadlineHeap } from './deadline-heap.js';
import { claimExpiry, loadArmed, readSession, upsertSessions, type SessionRow } from './persistence.js';

export interface HeartbeatLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HeartbeatOptions {
  store: Store;
  now(): number;
  timeoutMs: number;
  /** Called once per expiry; should cancel the address's open orders. Failures are retried. */
  onExpire?: (address: string) => Promise<void>;
  log?: HeartbeatLog;
  /** Sweep/flush period; default timeoutMs/10 clamped to 10..250 ms. */
  tickMs?: number;
}

interface Session {
  id: string;
  lastBeat: number;
  armed: boolean;
  /** Whether the heap holds an entry for this session. */
  queued: boolean;
}

const MAX_ATTEMPTS = 5;
const CONCURRENCY = 32;

export class HeartbeatService {
  readonly totalMs: number;
  readonly tickMs: number;
  private readonly log: HeartbeatLog;
  private readonly onExpire: (address: string) => Promise<void>;
  private readonly sessions = new Map<string, Session>();
  private readonly heap = new DeadlineHeap();
  private readonly dirty = new Set<string>();
  private retries: Array<{ address: string; attempt: number; at: number }> = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(private readonly opts: HeartbeatOptions) {
    this.totalMs = opts.timeoutMs + Math.floor(opts.timeoutMs / 2);
    this.tickMs = opts.tickMs ?? Math.min(250, Math.max(10, Math.floor(opts.timeoutMs / 10)));
    this.log = opts.log ?? { info: () => {}, warn: () => {}, error: (o, m) => console.error(m, o) };
    this.onExpire = opts.onExpire ?? (async (address) => {
      this.log.warn({ address }, 'heartbeat expired: no order-cancel handler is wired');
    });
  }

  /** Reloads persisted sessions, fires the overdue ones, and starts the tick. */
  async start(): Promise<void> {
    for (const row of await loadArmed(this.opts.store)) {
      this.sessions.set(row.address, { id: row.heartbeat_id, lastBeat: row.last_beat_ms, armed: true, queued: true });
      this.heap.push({ deadline: row.last_beat_ms + this.totalMs, address: row.address });
    }
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.tickMs);
    this.timer.unref();
  }

  /** Stops the tick and flushes pending writes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
    await this.flush();
  }

  /**
   * `POST /v1/heartbeats`: `previousId` empty starts a chain; else it must be the current id.
   * The usual beat (armed here, our id) only touches memory and answers synchronously; arming
   * or adopting an id from another instance goes to the database and answers with a promise.
   */
  beat(address: string, previousId: string | null | undefined): string | Promise<string> {
    const s = this.sessions.get(address);
    if (s?.armed && (!previousId || s.id === previousId)) return this.touch(address, s, randomUUID(), this.opts.now());
    return this.beatSlow(address, s, previousId);
  }

  private async beatSlow(address: string, s: Session | undefined, previousId: string | null | undefined): Promise<string> {
    if (previousId && !(s?.armed && s.id === previousId)) s = await this.adoptFromStore(address, previousId);
    return this.arm(address, s, randomUUID());
  }

  /** `POST /heartbeats`: feeds the switch (arms it with a new id when disarmed); synchronous when armed. */
  feed(address: string): void | Promise<void> {
    const s = this.sessions.get(address);
    if (s?.armed) {
      this.touch(address, s, s.id, this.opts.now());
      return;
    }
    return this.arm(address, s, randomUUID()).then(() => undefined);
  }

  /** The session state, for tests and operators. */
  inspect(address: string): { id: string; lastBeat: number; armed: boolean } | undefined {
    const s = this.sessions.get(address);
    return s && { id: s.id, lastBeat: s.lastBeat, armed: s.armed };
  }

  /** Arms a disarmed (or unknown, or adopted) session: written through, before memory changes. */
  private async arm(address: string, s: Session | undefined, id: string): Promise<string> {
    const now = this.opts.now();
    if (s?.armed) { // adopted from the database: already armed there
      this.sessions.set(address, s);
      return this.touch(address, s, id, now);
    }
    // A failed write leaves the switch as it was.
    await upsertSessions(this.opts.store, [{ address, heartbeat_id: id, last_beat_ms: now, armed: 1 }]);
    const session: Session = s ?? { id, lastBeat: now, armed: true, queued: false };
    this.sessions.set(address, session);
    return this.touch(address, session, id, now, false);
  }

  /** Records a beat in memory; an armed session's change is written behind (`dirty`). */
  private touch(address: string, s: Session, id: string, now: number, behind = true): string {
    s.id = id;
    s.lastBeat = now;
    s.armed = true;
    if (!s.queued) {
      s.queued = true;
      this.heap.push({ deadline: now + this.totalMs, address });
    }
    if (behind) this.dirty.add(address);
    return id;
  }

  /** A presented id that is not ours: another instance may have issued it (shared database). */
  private async adoptFromStore(address: string, previousId: string): Promise<Session | undefined> {
    const row = await readSession(this.opts.store, address);
    const s = this.sessions.get(address);
    if (s?.armed && s.id === previousId) return s; // a concurrent beat of ours caught up
    const fresher = row && row.armed === 1 && row.heartbeat_id === previousId && (!s?.armed || row.last_beat_ms >= s.lastBeat);
    if (fresher) {
      const adopted: Session = s ?? { id: row.heartbeat_id, lastBeat: row.last_beat_ms, armed: true, queued: false };
      Object.assign(adopted, { id: row.heartbeat_id, lastBeat: row.last_beat_ms, armed: true });
      return adopted;
    }
    const expected = s?.armed ? s.id : row?.armed === 1 ? row.heartbeat_id : '';
    throw new ApiError('invalid_heartbeat', 'Invalid Heartbeat ID', { extra: { heartbeat_id: expected } });
  }

  private row(address: string, s: Session): SessionRow {
    return { address, heartbeat_id: s.id, last_beat_ms: s.lastBeat, armed: s.armed ? 1 : 0 };
  }

  /** Writes the sessions changed since the last flush, in batches. */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows: SessionRow[] = [];
    for (const address of this.dirty) {
      const s = this.sessions.get(address);
      if (s) rows.push(this.row(address, s));
    }
    this.dirty.clear();
    try {
      await upsertSessions(this.opts.store, rows);
    } catch (err) {
      for (const r of rows) this.dirty.add(r.address); // retried next tick
      this.log.error({ err }, 'heartbeat flush failed');
    }
  }

  /** One tick: flush, then fire what is due. Never runs twice at once. */
  sweep(): Promise<void> {
    this.sweeping ??= this.runSweep().finally(() => { this.sweeping = undefined; });
    return this.sweeping;
  }

  private async runSweep(): Promise<void> {
    try {
      await this.flush();
      const now = this.opts.now();
      const due: string[] = [];
      for (let top = this.heap.peek(); top && top.deadline <= now; top = this.heap.peek()) {
        this.heap.pop();
        const s = this.sessions.get(top.address);
        if (!s) continue;
        s.queued = false;
        if (!s.armed) continue;
        const deadline = s.lastBeat + this.totalMs;
        if (deadline > now) {
          s.queued = true;
          this.heap.push({ deadline, address: top.address });
        } else due.push(top.address);
      }
      for (let i = 0; i < due.length; i += CONCURRENCY) {
        await Promise.all(due.slice(i, i + CONCURRENCY).map((a) => this.expire(a, now)));
      }
      await this.runRetries(now);
    } catch (err) {
      this.log.error({ err }, 'heartbeat sweep failed');
    }
  }

  private async expire(address: string, now: number): Promise<void> {
    const s = this.sessions.get(address);
    if (!s) return;
    const seen = s.lastBeat;
    if (!(await claimExpiry(this.opts.store, address, now - this.totalMs))) {
      // Another instance fired it, or recorded a newer beat: follow the database.
      const row = await readSession(this.opts.store, address);
      if (s.lastBeat !== seen) return; // fed meanwhile
      if (row && row.armed === 1) {
        Object.assign(s, { id: row.heartbeat_id, lastBeat: row.last_beat_ms, queued: true });
        this.heap.push({ deadline: Math.max(row.last_beat_ms + this.totalMs, now + this.tickMs), address });
        return;
      }
      if (row) {
        s.armed = false; // disarmed (and fired) elsewhere
        return;
      }
      this.log.warn({ address }, 'heartbeat session missing from the database; firing from memory');
    }
    if (s.lastBeat === seen) s.armed = false;
    this.log.info({ address, lastBeat: seen }, 'heartbeat expired: cancelling open orders');
    heartbeatMetrics.switchFirings.inc();
    await this.fire(address, 1, now);
  }

  private async fire(address: string, attempt: number, now: number): Promise<void> {
    try {
      await this.onExpire(address);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS) {
        this.log.error({ err, address, attempt }, 'heartbeat expiry handler failed; giving up');
        return;
      }
      this.log.error({ err, address, attempt }, 'heartbeat expiry handler failed; will retry');
      this.retries.push({ address, attempt: attempt + 1, at: now + this.tickMs * 2 ** attempt });
    }
  }

  private async runRetries(now: number): Promise<void> {
    if (this.retries.length === 0) return;
    const ready = this.retries.filter((r) => r.at <= now);
    this.retries = this.retries.filter((r) => r.at > now);
    for (const r of ready) await this.fire(r.address, r.attempt, now);
  }
}
