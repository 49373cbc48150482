/**
 * Engine and ledger counters for `GET /metrics`, derived from each command's effects: fills,
 * settlements, cancels by reason (from the reason recorded on the order) and the number of
 * open orders. Label values come from a fixed set, never from ids or addresses.
 */
import type { Effects } from '../core/index.js';
import { engineMetrics } from '../edge/metrics.js';

type CancelLabel = 'user' | 'heartbeat' | 'expiry' | 'resolution' | 'operator';

function cancelLabel(reason: string | null): CancelLabel {
  const r = reason ?? '';
  if (r.includes('heartbeat')) return 'heartbeat';
  if (r.includes('expired')) return 'expiry';
  if (r.includes('resolved')) return 'resolution';
  return 'user';
}

export function recordEffects(e: Effects, openOrders: number): void {
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
