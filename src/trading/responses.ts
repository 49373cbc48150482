/**
 * The order-entry answer of docs/venue.md §3: `{success, errorMsg, orderID, status, makingAmount,
 * takingAmount, transactionsHashes, tradeIDs}`. A rejection also carries a machine-readable
 * `code` and `limit`, the rule it broke with its numbers (e.g. the free balance and what the
 * order needed), so a bot can react without parsing text. Amounts are decimal strings.
 */
import type { PlaceResult } from '../core/index.js';
import { formatMicro } from '../domain/money.js';
import type { OrderResponse } from './wire.js';

export type { OrderResponse } from './wire.js';

/** Detail values in micro-units are shown as decimals where their name says they are amounts. */
const AMOUNT_KEYS = new Set(['price', 'size', 'min', 'max', 'tick', 'required', 'free', 'amount', 'reserved', 'lot', 'balance']);

function limitOf(detail: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(detail)) {
    if (k === 'code' || k === 'message') continue;
    out[k] = AMOUNT_KEYS.has(k) && typeof v === 'number' && Number.isSafeInteger(v) ? formatMicro(v) : v;
  }
  return out;
}

export function rejected(r: { code: string; message: string; [k: string]: unknown }): OrderResponse {
  return {
    success: false, errorMsg: r.message, orderID: '', status: '', makingAmount: '0', takingAmount: '0',
    transactionsHashes: [], tradeIDs: [], code: r.code, limit: limitOf(r),
  };
}

export function placed(r: PlaceResult): OrderResponse {
  if (!r.ok) return rejected(r.reject);
  return {
    success: true, errorMsg: '', orderID: r.order.id, status: r.status,
    makingAmount: formatMicro(r.makingAmount), takingAmount: formatMicro(r.takingAmount),
    transactionsHashes: r.transactionHashes, tradeIDs: r.tradeIds,
  };
}
