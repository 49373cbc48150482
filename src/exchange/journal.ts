/**
 * The command journal (migration 0031): each committed batch's commands and a digest of the rows
 * it wrote, stored by the batch's own statement (pg-writer.ts), so an entry exists exactly when
 * its batch does. A follower applies an entry's commands to its core and compares the digest of
 * the rows it would have written (service.ts `replay`); a new writer replays the tail it missed
 * (`readJournal`). Retention is a count of batches: the writer trims older entries every
 * `TRIM_EVERY` batches (docs/scaling.md). PostgreSQL clusters only: SQLite has no followers.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Command } from '../core/index.js';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';

export interface JournalEntry {
  seq: number;
  /** The writer epoch that committed the batch (src/cluster/lease.ts). */
  epoch: number;
  /** The batch's seal time (ms): the time its rows carry. */
  at: number;
  commands: Command[];
  digest: string;
}

/** Journaling settings of a cluster writer: the epoch is read at every seal (it moves on takeover). */
export interface JournalOptions {
  /** Batches kept (at least). */
  keep: number;
}

/** How often (in batches) the writer trims the journal to `keep` entries. */
export const TRIM_EVERY = 256;

/**
 * The digest of a batch: sha1 over its sealed rows as JSON (their key order is fixed by
 * rows.ts), so any difference in an order, trade, ledger entry, balance, position, book or
 * counter — a non-deterministic command, a clock read in the core — changes it.
 */
export function digestOf(rows: SealedBatch): string {
  const { orders, trades, makers, ledger, positions, activity, balances, books, state } = rows;
  return createHash('sha1').update(JSON.stringify([orders, trades, makers, ledger, positions, activity, balances, books, state])).digest('hex');
}

/** The entry as its Redis field and its `journal.commands` text: JSON, the commands inline. */
export function entryJson(e: JournalEntry): string {
  return JSON.stringify(e);
}

export function parseEntry(text: string): JournalEntry {
  const e = JSON.parse(text) as JournalEntry;
  if (!Number.isSafeInteger(e.seq) || !Array.isArray(e.commands) || typeof e.digest !== 'string') throw new Error('a malformed journal entry');
  return e;
}

/** Entries after `afterSeq`, in seq order, at most `limit`; they may start later than `afterSeq + 1` (trimmed). */
export async function readJournal(db: Kysely<Database>, afterSeq: number, limit: number): Promise<JournalEntry[]> {
  const rows = await db.selectFrom('journal').selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({ seq: Number(r.seq), epoch: Number(r.epoch), at: Number(r.at), commands: JSON.parse(r.commands) as Command[], digest: r.digest }));
}
