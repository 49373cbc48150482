/**
 * The data API's versions on the exchange's side, all told by its event sequence
 * (src/exchange/events.ts) — nothing here reads the database or compares fields:
 * - `generation`: the core's generation (bumped on every rebuild, and when the writer lock is lost);
 * - `committedSeq`: the `seq` of the last committed batch. Positions (and so holders) change only
 *   through the exchange's batches; a reset replaces them under a rebuild (src/sandbox/replace.ts).
 * - `wallet(w)`: a stamp per wallet that moves when a command changes the wallet's positions or
 *   activity in memory (`applied`), and again once the batch holding that change is durable (so a
 *   page read from the database before the commit is not kept past it). A command applied between
 *   the commits of batches N−1 and N is in batch N or N+1 (a batch is sealed only once the one
 *   before it is written), so the wallets applied in that span are stamped again at both commits.
 * - `marketRows`: moves when a market row of the core changes (created, settings, resolution).
 * A rebuild moves every stamp. A cluster follower (src/cluster/follower.ts) runs no commands, so
 * no `applied`: its core is restored from the database and each of the writer's batches is told
 * as `committed` once the core holds it; there every committed batch moves every stamp (the
 * batch does not name the wallets of splits, merges or deposits).
 *
 * Stamps are drawn from one counter, so a stamp is never handed out twice; wallets not in the
 * map share `base`, and forgetting them all (the bound, a rebuild) draws a new base.
 */
import type { ExchangeCore, Effects } from '../core/index.js';
import type { CommittedBatch, ExchangeListener } from '../exchange/events.js';

/** What the data API reads of the exchange: its core, generation, role and event sequence. */
export interface ExchangeFeed {
  readonly core: ExchangeCore;
  readonly coreGeneration: number;
  readonly isFollower: boolean;
  subscribe(listener: ExchangeListener): () => void;
}

const MAX_WALLETS = 100_000;

export class ExchangeStamps {
  private readonly wallets = new Map<string, number>();
  private counter = 0;
  private base = 0;
  private markets = 0;
  private seq = 0;
  /** Wallets applied since the last commit, and in the span before it: stamped again at the next commit. */
  private thisRound = new Set<string>();
  private lastRound = new Set<string>();

  constructor(private readonly exchange: ExchangeFeed) {
    exchange.subscribe({
      applied: (e) => this.applied(e),
      committed: (b) => this.committed(b),
      rebuilt: () => this.forgetAll(),
    });
  }

  get generation(): number { return this.exchange.coreGeneration; }
  get committedSeq(): number { return this.seq; }
  get marketRows(): number { return this.markets; }

  wallet(wallet: string): number {
    return this.wallets.get(wallet) ?? this.base;
  }

  private applied(e: Effects): void {
    for (const p of e.positions) this.touch(p.wallet, true);
    for (const a of e.activity) this.touch(a.wallet, true);
    if (e.markets.length > 0) this.markets = ++this.counter;
  }

  private committed(b: CommittedBatch): void {
    this.seq = b.seq;
    if (this.exchange.isFollower) {
      this.forgetAll();
      return;
    }
    for (const w of this.lastRound) this.touch(w, false);
    for (const w of this.thisRound) this.touch(w, false);
    this.lastRound = this.thisRound;
    this.thisRound = new Set();
    if (b.markets.length > 0) this.markets = ++this.counter;
  }

  private touch(wallet: string, applied: boolean): void {
    if (this.wallets.size >= MAX_WALLETS && !this.wallets.has(wallet)) this.forgetAll();
    this.wallets.set(wallet, ++this.counter);
    if (applied) this.thisRound.add(wallet);
  }

  /** Every stamp moves. The rounds are kept: their wallets must still move at their commits. */
  private forgetAll(): void {
    this.wallets.clear();
    this.base = ++this.counter;
    this.markets = ++this.counter;
  }
}
