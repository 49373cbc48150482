/**
 * The provoked faults of the venue (issue #41; the venue's behaviour: docs/venue.md §12). The
 * operator adds, lists and ends them (`/admin/faults`); the edge asks `armed` on every request —
 * one boolean, false while nothing is provoked — and only then what a request meets
 * (`trading`, `latency`). Faults end on time by themselves: a timer at the next end, and a lazy
 * check on every armed request. `engine_restart` flows into `post_only` by itself.
 *
 * Randomness (which orders `execution_error` / `lost_answer` hit, the latency jitter) comes from
 * each fault's own seeded generator (src/domain/prng.ts), so a run under the same seed draws the
 * same way.
 */
import { Prng } from '../domain/prng.js';
import { errors } from '../errors/catalogue.js';
import type { ApiError } from '../errors/catalogue.js';
import { modeRefusal } from '../exchange/mode.js';
import { executionError, serviceNotReady } from './answers.js';
import type { FaultInput, FaultKind, FaultScope, FaultView } from './schemas.js';

export interface Identity { address: string; apiKey: string }

interface Fault {
  id: string;
  kind: FaultKind;
  scope: FaultScope | undefined;
  startsAt: number;
  /** Unix ms; Infinity = until ended. */
  endsAt: number;
  input: FaultInput;
  rng: Prng;
  cause?: string;
}

/** What a trading request meets now. */
export type TradingVerdict =
  | { refuse: ApiError }
  /** post-only window: non-post-only orders are refused, Retry-After in seconds. */
  | { postOnly: number }
  /** the order goes through and the connection is closed before its answer. */
  | { lose: true };

/** The sockets `stream_freeze` mutes and `stream_drop` cuts (src/streams `setFaults`). */
export interface StreamSocket { channel: 'market' | 'user'; account: Identity | null; assets(): string[] }
export interface StreamFaults { freeze(s: StreamSocket): boolean; drop(s: StreamSocket): boolean }
export interface StreamSink { setFaults(rule: StreamFaults | null): void }

const DEFAULT_S: Partial<Record<FaultKind, number>> = { engine_restart: 90, post_only: 120 };
const TRADING: ReadonlySet<FaultKind> = new Set(['engine_restart', 'post_only', 'cancel_only', 'trading_disabled', 'execution_error', 'lost_answer']);
const STREAM: ReadonlySet<FaultKind> = new Set(['stream_freeze', 'stream_drop']);

export class Faults {
  /** The one check on the request path: true while any fault is active. */
  armed = false;
  private faults: Fault[] = [];
  private counter = 0;
  private timer: NodeJS.Timeout | undefined;

  /** `streams`: the streams service, told which sockets to freeze or cut (absent: no stream faults reach a socket). */
  constructor(private readonly now: () => number, private readonly streams?: StreamSink) {}

  add(input: FaultInput): FaultView {
    const scope = input.scope;
    if (scope !== undefined && (scope.wallet === undefined) === (scope.apiKey === undefined)) {
      throw errors.badRequest('scope: give exactly one of wallet or apiKey');
    }
    if (scope !== undefined && STREAM.has(input.kind) && input.assets !== undefined) {
      throw errors.badRequest('give either scope (user-channel sockets) or assets (market-channel sockets), not both');
    }
    if (input.kind === 'latency' && input.ms === undefined) throw errors.badRequest('latency: ms is required');
    const now = this.now();
    const fault = this.make(input, now, undefined);
    this.faults.push(fault);
    this.changed(now);
    return view(fault);
  }

  list(): FaultView[] {
    this.expire(this.now());
    return this.faults.map(view);
  }

  /**
   * What the whole venue meets now, for anyone to see (`GET /venue/faults`, the explorer): the
   * faults without a scope, as kind and window (and the tokens of a stream fault); scoped faults
   * are the operator's business with one account and are only counted.
   */
  publicView(): { faults: Array<{ kind: string; startsAt: string; endsAt: string | null; assets?: string[] }>; scoped: number } {
    const list = this.list();
    const open = list.filter((f) => f.scope === undefined);
    return {
      faults: open.map((f) => ({ kind: f.kind, startsAt: f.startsAt, endsAt: f.endsAt, ...(f.assets ? { assets: f.assets } : {}) })),
      scoped: list.length - open.length,
    };
  }

  /** Ends one fault; false when no active fault has this id. */
  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    if (this.faults.length === before) return false;
    this.changed(this.now());
    return true;
  }

  /** Ends every fault; answers how many were active. */
  clear(): number {
    this.expire(this.now());
    const n = this.faults.length;
    this.faults = [];
    this.changed(this.now());
    return n;
  }

  close(): void {
    clearTimeout(this.timer);
    this.faults = [];
    this.armed = false;
  }

  /**
   * What an order (`kind: 'order'`, `postOnly` = every order of the request is post-only) or a
   * cancel meets now, for `who`; null = the normal venue. Call only while `armed`.
   */
  trading(kind: 'order' | 'cancel', who: Identity | undefined, postOnly: boolean): TradingVerdict | null {
    const now = this.now();
    this.expire(now);
    let verdict: TradingVerdict | null = null;
    let rank = 99;
    for (const f of this.faults) {
      if (!TRADING.has(f.kind) || !inScope(f.scope, who)) continue;
      const r = RANK[f.kind] ?? 99;
      if (r >= rank) continue;
      const v = this.verdict(f, kind, postOnly, now);
      if (v !== null) { verdict = v; rank = r; }
    }
    return verdict;
  }

  /** Milliseconds to hold a request of `family` for `who` (0 = none). Call only while `armed`. */
  latency(family: string, who: Partial<Identity> | undefined): number {
    const now = this.now();
    this.expire(now);
    let ms = 0;
    for (const f of this.faults) {
      const families: readonly string[] = f.input.families ?? ['clob'];
      if (f.kind !== 'latency' || !families.includes(family) || !inScope(f.scope, who)) continue;
      const jitter = f.input.jitterMs ?? 0;
      ms += Math.max(0, (f.input.ms ?? 0) + (jitter > 0 ? f.rng.int(-jitter, jitter) : 0));
    }
    return ms;
  }

  private verdict(f: Fault, kind: 'order' | 'cancel', postOnly: boolean, now: number): TradingVerdict | null {
    switch (f.kind) {
      case 'trading_disabled': return { refuse: modeRefusal('disabled', kind, retryAfter(f, now)) };
      case 'engine_restart': return { refuse: serviceNotReady() };
      case 'cancel_only': return kind === 'cancel' ? null : { refuse: modeRefusal('cancel-only', kind, retryAfter(f, now)) };
      case 'post_only': return kind === 'cancel' || postOnly ? null : { postOnly: retryAfter(f, now) };
      case 'execution_error': return kind === 'order' && f.rng.chance(f.input.rate ?? 1) ? { refuse: executionError() } : null;
      case 'lost_answer': return kind === 'order' && f.rng.chance(f.input.rate ?? 1) ? { lose: true } : null;
      default: return null;
    }
  }

  private make(input: FaultInput, now: number, cause: string | undefined): Fault {
    const id = `fault-${++this.counter}`;
    const seconds = input.durationS ?? DEFAULT_S[input.kind];
    const endsAt = input.kind === 'stream_drop' && seconds === undefined ? now : seconds === undefined ? Infinity : now + Math.round(seconds * 1000);
    const f: Fault = { id, kind: input.kind, scope: input.scope, startsAt: now, endsAt, input, rng: new Prng(input.seed ?? id) };
    if (cause !== undefined) f.cause = cause;
    return f;
  }

  /** Ends what is over; an ended engine restart enters its post-only window (same scope). */
  private expire(now: number): void {
    if (!this.faults.some((f) => f.endsAt <= now)) return;
    const next: Fault[] = [];
    for (const f of this.faults) {
      if (f.endsAt > now) { next.push(f); continue; }
      if (f.kind === 'engine_restart') {
        const window = f.input.postOnlyS ?? 120;
        const po = this.make({ kind: 'post_only', durationS: window, ...(f.scope ? { scope: f.scope } : {}) }, f.endsAt, f.id);
        if (po.endsAt > now) next.push(po);
      }
    }
    this.faults = next;
    this.changed(now);
  }

  /** Re-arms the flag, the streams' rule and the timer for the next end. */
  private changed(now: number): void {
    this.armed = this.faults.length > 0;
    clearTimeout(this.timer);
    this.timer = undefined;
    const ends = this.faults.map((f) => f.endsAt).filter((t) => Number.isFinite(t));
    const pendingDrop = this.faults.some((f) => f.kind === 'stream_drop');
    if (ends.length > 0) {
      this.timer = setTimeout(() => this.expire(this.now()), Math.max(0, Math.min(...ends) - now) + 1);
      this.timer.unref();
    }
    this.streams?.setFaults(this.faults.some((f) => STREAM.has(f.kind)) || pendingDrop ? this.streamRule() : null);
    // A drop with no duration acts once: it cut its sockets just now and is over.
    if (this.faults.some((f) => f.kind === 'stream_drop' && f.endsAt <= now)) {
      this.faults = this.faults.filter((f) => !(f.kind === 'stream_drop' && f.endsAt <= now));
      this.changed(now);
    }
  }

  private streamRule(): StreamFaults {
    const active = this.faults.filter((f) => STREAM.has(f.kind));
    const hits = (kind: FaultKind) => (s: StreamSocket) => active.some((f) => f.kind === kind && socketInScope(f, s));
    return { freeze: hits('stream_freeze'), drop: hits('stream_drop') };
  }
}

/** Precedence when several faults apply: the most severe answers. */
const RANK: Partial<Record<FaultKind, number>> = {
  trading_disabled: 0, engine_restart: 1, cancel_only: 2, post_only: 3, execution_error: 4, lost_answer: 5,
};

function retryAfter(f: Fault, now: number): number {
  return Number.isFinite(f.endsAt) ? Math.max(1, Math.ceil((f.endsAt - now) / 1000)) : 30;
}

function inScope(scope: FaultScope | undefined, who: Partial<Identity> | undefined): boolean {
  if (scope === undefined) return true;
  if (who === undefined) return false;
  if (scope.wallet !== undefined) return who.address !== undefined && who.address.toLowerCase() === scope.wallet.toLowerCase();
  return who.apiKey === scope.apiKey;
}

function socketInScope(f: Fault, s: StreamSocket): boolean {
  if (f.input.assets !== undefined) {
    if (s.channel !== 'market') return false;
    const held = s.assets();
    return f.input.assets.some((a) => held.includes(a));
  }
  if (f.scope === undefined) return true;
  return s.account !== null && inScope(f.scope, s.account);
}

function iso(ms: number): string { return new Date(ms).toISOString(); }

function view(f: Fault): FaultView {
  const { kind, scope: _s, durationS: _d, ...rest } = f.input;
  return {
    id: f.id, kind, ...(f.scope ? { scope: f.scope } : {}), startsAt: iso(f.startsAt),
    endsAt: Number.isFinite(f.endsAt) ? iso(f.endsAt) : null, ...rest, ...(f.cause ? { cause: f.cause } : {}),
  };
}
