/**
 * The importer's loop (`sibyl import <file|directory>`): reads `.json` files (an array of
 * records, `{events: [...]}` / `{markets: [...]}`, or one record) and `.jsonl`/`.ndjson` files
 * (one record per line), in name order for a directory. Each record is written in its own
 * transaction: a bad record is rolled back and reported with its position (`file#index` or
 * `file:line`) and reason, the good ones are kept, and a summary is returned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { CatalogWriteError } from '../write.js';
import { ImportError, importRecord, type Outcome } from './gamma.js';

export interface ImportProblem { position: string; reason: string }
export interface ImportSummary { records: number; created: number; updated: number; unchanged: number; failed: number; problems: ImportProblem[] }

interface Item { position: string; record: unknown }

export function importFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).filter((n) => /\.(json|jsonl|ndjson)$/i.test(n)).sort().map((n) => join(path, n));
}

function itemsOf(file: string, problems: ImportProblem[]): Item[] {
  const text = readFileSync(file, 'utf8');
  const name = basename(file);
  if (/\.(jsonl|ndjson)$/i.test(file)) {
    const items: Item[] = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      try { items.push({ position: `${name}:${i + 1}`, record: JSON.parse(line) }); } catch { problems.push({ position: `${name}:${i + 1}`, reason: 'invalid JSON' }); }
    });
    return items;
  }
  let doc: unknown;
  try { doc = JSON.parse(text); } catch { problems.push({ position: name, reason: 'invalid JSON' }); return []; }
  const obj = doc as Record<string, unknown> | null;
  const list = Array.isArray(doc) ? doc
    : obj && (Array.isArray(obj.events) || Array.isArray(obj.markets)) ? [...((obj.events as unknown[]) ?? []), ...((obj.markets as unknown[]) ?? [])]
    : [doc];
  return list.map((record, i) => ({ position: `${name}#${i}`, record }));
}

export async function runImport(db: Kysely<Database>, path: string, opts: { now?: () => number; onProgress?: (done: number, total: number) => void } = {}): Promise<ImportSummary> {
  const now = opts.now ?? Date.now;
  const summary: ImportSummary = { records: 0, created: 0, updated: 0, unchanged: 0, failed: 0, problems: [] };
  const items = importFiles(path).flatMap((f) => itemsOf(f, summary.problems));
  summary.failed = summary.problems.length;
  for (const [i, item] of items.entries()) {
    summary.records++;
    try {
      const outcome: Outcome = await db.transaction().execute((trx) => importRecord(trx, item.record, now()));
      summary[outcome]++;
    } catch (err) {
      // Our own refusals carry a reason; anything else (a constraint the data broke) is reported too.
      const known = err instanceof ImportError || err instanceof CatalogWriteError;
      summary.failed++;
      summary.problems.push({ position: item.position, reason: known ? err.message : `rejected by the database: ${(err as Error).message}` });
    }
    opts.onProgress?.(i + 1, items.length);
  }
  return summary;
}
