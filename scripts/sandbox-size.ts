/**
 * Fast-forwards the simulated traders on an injected clock and reports the embedded database's
 * size as simulated time passes (docs/sandbox.md "Disk use"). Usage:
 *   node --import tsx scripts/sandbox-size.ts [hours=6] [rate=5] [retentionH=12] [stepS=3600] [dataDir fromHour]
 * (a fourth argument shortens the reporting step from 3600 simulated seconds). Prints, per step: the database's size after a checkpoint, the rows of the tables the
 * traders grow, the pruned rows so far, and the book-history rows.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { createService } from '../src/server.js';

const [hours = 6, rate = 5, retentionH = 12, stepS = 3600] = process.argv.slice(2, 6).map(Number);
// To go on with a run that stopped: its data directory and the hour it reached.
const resumeDir = process.argv[6];
const fromHour = Number(process.argv[7] ?? 0);
const dir = resumeDir ?? mkdtempSync(join(tmpdir(), 'sibyl-size-'));
const clock = { now: Date.UTC(2026, 10, 2) + fromHour * stepS * 1000 };
const svc = await createService(loadConfig({
  SIBYL_DATA_DIR: dir, SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '1', SIBYL_DEMO_RATE: String(rate), SIBYL_DEMO_RETENTION_H: String(retentionH),
  LOG_LEVEL: 'silent', SIBYL_HEARTBEAT_TIMEOUT_MS: '3600000',
}), { logger: false, now: () => clock.now, sandboxManual: true });
const sqlite = svc.store.sqlite!;
const size = () => {
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(join(dir, 'sibyl.db')).size;
};
const rows = (t: string) => Number((sqlite.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n);
const mb = (b: number) => (b / 2 ** 20).toFixed(1);
const started = performance.now();
console.log(`start: ${mb(size())} MiB, rate ${rate}/s, retention ${retentionH} h`);
for (let h = fromHour + 1; h <= hours; h++) {
  for (let s = 0; s < stepS; s++) {
    clock.now += 1000;
    await svc.services.sandbox.advance();
    if (s % 5 === 0) await svc.services.bookHistory.tick();
  }
  const c = svc.services.sandbox.counts()!;
  console.log(JSON.stringify({
    hour: h, mib: Number(mb(size())), moves: c.steps, orders: rows('orders'), trades: rows('trades'), activity: rows('activity'),
    ledger: rows('ledger_entries'), bookHistory: rows('book_history'), pruned: svc.services.sandbox.pruned, realS: Math.round((performance.now() - started) / 1000),
  }));
}
try {
  const top = sqlite.prepare('select name, sum(pgsize) as bytes from dbstat group by name order by bytes desc limit 12').all() as Array<{ name: string; bytes: number }>;
  console.log('largest:', top.map((t) => `${t.name} ${mb(t.bytes)} MiB`).join(', '));
} catch { /* no dbstat in this SQLite build */ }
await svc.close();
if (resumeDir === undefined) rmSync(dir, { recursive: true, force: true });
