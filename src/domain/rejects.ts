/**
 * The closed catalogue of order and ledger rejections. A rejection is a value, never an
 * exception: it carries a machine-readable `code`, the limit that was broken, and — where the
 * real exchange has one (docs/venue.md §3) — the exact error text so the HTTP layer can pass it on.
 */

export type RejectCode =
  | 'market_not_found'
  | 'market_not_ready'
  | 'invalid_token'
  | 'invalid_price'
  | 'invalid_size'
  | 'size_below_minimum'
  | 'amount_below_minimum'
  | 'invalid_amount'
  | 'amount_too_large'
  | 'invalid_expiration'
  | 'invalid_order_type'
  | 'insufficient_balance'
  | 'fok_not_filled'
  | 'fak_no_match'
  | 'post_only_crosses'
  | 'order_not_found'
  | 'not_owner'
  | 'market_resolved'
  | 'market_not_resolved'
  | 'invalid_payouts'
  | 'duplicate_market'
  | 'invalid_market_settings'
  | 'nothing_to_redeem'
  | 'invalid_wallet'
  // neg-risk events (src/core/neg-risk.ts, docs/neg-risk.md)
  | 'neg_risk_market_not_found'
  | 'no_convertible_positions'
  | 'invalid_index_set'
  | 'neg_risk_determined'
  | 'neg_risk_second_winner'
  | 'neg_risk_no_winner';

export interface Reject {
  code: RejectCode;
  /** Human-readable text; the real exchange's text where one exists. */
  message: string;
  /** The limit that was broken, e.g. `{asset, required, free}` or `{tick, min, max}`. */
  [detail: string]: unknown;
}

export function reject(code: RejectCode, message: string, detail: Record<string, unknown> = {}): Reject {
  return { code, message, ...detail };
}

/** Real texts (docs/venue.md §3). Amounts in messages are decimal strings, as the real exchange shows. */
export const MSG = {
  balance: 'not enough balance / allowance',
  price: (p: string, t: string, max: string) => `invalid price (${p}), min: ${t} - max: ${max}`,
  minSize: (x: string, min: string) => `Size (${x}) lower than the minimum: ${min}`,
  fok: "order couldn't be fully filled. FOK orders are fully filled or killed.",
  fak: 'no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.',
  postOnly: 'invalid post-only order: order crosses book',
  notReady: 'the market is not yet ready to process new orders',
  expiration: 'invalid expiration',
  payload: 'Invalid order payload',
} as const;
