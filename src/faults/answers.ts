/**
 * The venue's own answers to its failures (docs/venue.md §12), byte for byte: status, `{"error"}`
 * body (with the venue's extra fields where it sends them) and headers. The machine-readable
 * code of each also goes out in `x-error-code`, as on every error of this service.
 */
import { ApiError } from '../errors/catalogue.js';

export const SERVICE_NOT_READY = 'service not ready';
export const POST_ONLY_TEXT = 'post-only mode: only post-only orders and cancels are allowed';
export const EXECUTION_ERROR_TEXT = 'could not run the execution';

/** 425 during a matching-engine restart. */
export function serviceNotReady(): ApiError {
  return new ApiError('service_not_ready', SERVICE_NOT_READY);
}

/** 503 in the post-only window: `{error, code: "post_only_mode", retry_after_seconds}` and `Retry-After`. */
export function postOnlyRefusal(retryAfterS: number): ApiError {
  return new ApiError('unavailable', POST_ONLY_TEXT, {
    extra: { code: 'post_only_mode', retry_after_seconds: retryAfterS },
    headers: { 'retry-after': String(retryAfterS) },
  });
}

/**
 * The answer of one refused entry of `POST /orders` in the post-only window — the venue says
 * `success: true` here; the key order is the venue's.
 */
export const POST_ONLY_ENTRY = JSON.stringify({
  errorMsg: POST_ONLY_TEXT, orderID: '', takingAmount: '', makingAmount: '', status: '', success: true,
});

/** 500 when the venue could not run an order. Nothing was placed. */
export function executionError(): ApiError {
  return new ApiError('execution_failed', EXECUTION_ERROR_TEXT);
}
