/**
 * The exchange's operating mode, set by the operator: `normal`, `cancel-only` (cancels allowed,
 * new orders refused) or `disabled` (every trading write refused). Kept in the `settings`
 * table so a restart keeps it; changes are audited. The exchange service holds the current mode
 * in memory (src/exchange/service.ts) so the order path never reads it from the database.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { ApiError, errors } from '../errors/catalogue.js';

export const EXCHANGE_MODES = ['normal', 'cancel-only', 'disabled'] as const;
export type ExchangeMode = (typeof EXCHANGE_MODES)[number];

const KEY = 'exchange_mode';

export async function loadExchangeMode(db: Kysely<Database>): Promise<ExchangeMode> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return (row?.value as ExchangeMode | undefined) ?? 'normal';
}

export async function storeExchangeMode(db: Kysely<Database>, mode: ExchangeMode, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('settings').values({ key: KEY, value: mode })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode })).execute();
    await tx.insertInto('admin_audit').values({ action: 'set_exchange_mode', target: KEY, payload: JSON.stringify({ mode }), created_at: now }).execute();
  });
}

/** The venue's own texts for its cancel-only and disabled modes (docs/venue.md §12). */
export const VENUE_MODE_TEXT = {
  'cancel-only': 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.',
  disabled: 'Trading is currently disabled. Check polymarket.com for updates',
} as const;

export type WriteKind = 'order' | 'cancel' | 'ledger';

/** Whether `mode` lets a write of `kind` through: cancel-only lets cancels, disabled nothing. */
export function modeAllows(mode: ExchangeMode, kind: WriteKind): boolean {
  return mode === 'normal' || (mode === 'cancel-only' && kind === 'cancel');
}

/**
 * The 503 of a write `mode` refuses: orders and cancels get the venue's text, ledger operations
 * (which the venue runs on chain) say which mode refused them. `retryAfterS` goes in `Retry-After`.
 */
export function modeRefusal(mode: Exclude<ExchangeMode, 'normal'>, kind: WriteKind, retryAfterS: number): ApiError {
  const message = kind === 'ledger' ? `the exchange is in ${mode} mode: ledger operations are not accepted` : VENUE_MODE_TEXT[mode];
  return new ApiError('unavailable', message, { headers: { 'retry-after': String(retryAfterS) } });
}

/**
 * Why a write of `kind` is refused now, or null: a failed integrity check holds new orders and
 * ledger operations (503, Retry-After 60) until the operator acknowledges it; `cancel-only`
 * allows only cancels and `disabled` nothing (503, Retry-After 30).
 */
export function writeRefusal(mode: ExchangeMode, kind: WriteKind, integrityHolding: boolean): ApiError | null {
  if (kind !== 'cancel' && integrityHolding) {
    return errors.unavailable('the exchange failed its integrity check on start: new orders and ledger operations are refused until the operator acknowledges it (GET /admin/status)', 60);
  }
  if (mode === 'normal' || modeAllows(mode, kind)) return null;
  return modeRefusal(mode, kind, 30);
}
