/**
 * The counters a sealed batch is numbered with, and the one way a batch is sealed — on the
 * writer before its commit, on a follower after replaying the batch's journaled commands
 * (service.ts `replay`), so both number trades, batches and books alike and a follower's digest
 * is comparable with the writer's: the batch's `seq`, each book's `seq`, the trade `seq` and the
 * first order placed in the batch (events.ts).
 */
import type { Command, ExchangeCore } from '../core/index.js';
import type { Batch } from './batch.js';
import { advanceBookSeqs, committedBatch, type CommittedBatch } from './events.js';
import { digestOf, TRIM_EVERY, type JournalEntry } from './journal.js';
import { seal, type SealedBatch } from './rows.js';
import type { Restored } from './restore.js';

export interface SealOptions {
  /** The generation of the core the batch ran on (events.ts). */
  generation: number;
  /** Build the committed event (someone listens). */
  event: boolean;
  /** Journal the batch at this writer epoch, keeping at least `keep` entries (journal.ts). */
  journal?: { epoch: number; keep: number };
  /** Compute the rows' digest without journaling (a replay compares it). */
  digest?: boolean;
}

export interface Sealed {
  rows: SealedBatch;
  event: CommittedBatch | null;
  /** The rows' digest when journaled or asked for, else ''. */
  digest: string;
}

export class Sealer {
  private readonly tradeSeq: { value: number };
  /** The last sealed batch's number in the event sequence. */
  batchSeq: number;
  /** The core's order counter at the last seal: later orders were placed in the next batch. */
  private sealedOrderSeq: number;

  constructor(r: Restored, private readonly bookSeqs: Map<string, number> = r.bookSeqs) {
    this.tradeSeq = { value: r.tradeSeq };
    this.batchSeq = r.batchSeq;
    this.sealedOrderSeq = r.exchange.counters().seq;
  }

  /** A book's `seq` as of the last sealed batch; 0 before its first change. */
  bookSeq(conditionId: string): number { return this.bookSeqs.get(conditionId) ?? 0; }

  /** Seals `batch` (its commands' effects, applied to `ex` in order) as the next batch, at `at`. */
  seal(batch: Batch, ex: ExchangeCore, at: number, o: SealOptions): Sealed {
    const seq = ++this.batchSeq;
    const bookSeqs = advanceBookSeqs(batch, this.bookSeqs);
    const rows = seal(batch, ex, this.tradeSeq, seq, bookSeqs, at);
    const digest = o.journal !== undefined || o.digest === true ? digestOf(rows) : '';
    const journal: JournalEntry | undefined = o.journal && { seq, epoch: o.journal.epoch, at, commands: batch.commands, digest };
    if (journal !== undefined) {
      rows.journal.push({ seq, epoch: journal.epoch, at, commands: JSON.stringify(journal.commands), digest });
      if (seq % TRIM_EVERY === 0) rows.journalKeepFrom = seq - o.journal!.keep;
    }
    const event = o.event ? committedBatch(batch, ex, seq, bookSeqs, this.sealedOrderSeq + 1, o.generation, at, journal) : null;
    this.sealedOrderSeq = ex.counters().seq;
    return { rows, event, digest };
  }
}

export type { Command };
