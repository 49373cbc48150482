/**
 * Engine and ledger counters for `GET /metrics`, derived from each command's effects: fills,
 * settlements, cancels by reason (from the reason recorded on the order) and the number of
 * open orders. Label values come from a fixed set, never from ids or addresses.
 */
import type { Effects } from '../core/index.js';
import { Gauge } from 'prom-client';
import { engineMetrics, registry } from './index.js';

type CancelLabel = 'user' | 'heartbeat' | 'expiry' | 'resolution' | 'operator';

function cancelLabel(reason: string | null): CancelLabel {
  const r = reason ?? '';
  if (r.includes('heartbeat')) return 'heartbeat';
  if (r.includes('expired')) return 'expiry';
  if (r.includes('resolved')) return 'resolution';
  return 'user';
}

/** Counts every command's effects as the exchange applies them (a subscriber of its event sequence). */
export function countEngineEffects(exchange: { subscribe(l: { applied(e: Effects): void }): () => void; core: { openOrderCount(): number } }): () => void {
  return exchange.subscribe({ applied: (e) => recordEffects(e, exchange.core.openOrderCount()) });
}

function recordEffects(e: Effects, openOrders: number): void {
  if (e.trades.length > 0) {
    let fills = 0;
    for (const t of e.trades) fills += t.makers.length;
    engineMetrics.fills.inc(fills);
    engineMetrics.settlements.inc(e.trades.length);
  }
  for (const o of e.orders) {
    if (o.status === 'CANCELED' && o.cancelReason !== null) engineMetrics.cancels.inc({ reason: cancelLabel(o.cancelReason) });
  }
  engineMetrics.openOrders.set(openOrders);
}

/** The integrity check on the last rebuild (src/exchange/integrity.ts) and the writer lock. */
export const integrityMetrics = {
  ok: new Gauge({ name: 'sibyl_integrity_ok', help: '1 when the last rebuild passed the ledger invariants, 0 when it failed', registers: [registry] }),
  violations: new Gauge({ name: 'sibyl_integrity_violations', help: 'Broken invariants found by the last check (listed up to 20)', registers: [registry] }),
  checkSeconds: new Gauge({ name: 'sibyl_integrity_check_seconds', help: 'How long the last integrity check took', registers: [registry] }),
  writerLockHeld: new Gauge({ name: 'sibyl_writer_lock_held', help: '1 while this process holds the database\'s writer lock', registers: [registry] }),
};
