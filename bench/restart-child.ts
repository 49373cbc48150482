/**
 * One restart, in a process of its own as a real start is: opens the exchange on the database in
 * the data directory given as the argument and prints `{"s":…,"cpu":…,"restored":…}` — the wall
 * and CPU seconds of `ExchangeService.open`, the live orders it restored and the seconds of it
 * spent in the integrity check (src/exchange/integrity.ts). Run by
 * bench/durable.ts for each timed restart.
 */
import { openStore } from '../src/store/db.js';
import { ExchangeService } from '../src/exchange/service.js';
import { counterIds, manualClock } from '../src/core/index.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: restart-child.ts <data dir>');
const store = openStore({ dataDir });
try {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const svc = await ExchangeService.open(store, { clock: manualClock(Date.UTC(2026, 0, 2)), ids: counterIds() });
  const c = process.cpuUsage(c0);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const restored = svc.core.openOrderCount();
  await svc.close();
  const { checkMs, ok } = svc.integrity.report;
  if (!ok) throw new Error(`integrity check failed: ${svc.integrity.report.violations.join('; ')}`);
  console.log(JSON.stringify({ s, cpu: (c.user + c.system) / 1e6, restored, checkS: checkMs / 1000 }));
} finally {
  await store.close();
}
