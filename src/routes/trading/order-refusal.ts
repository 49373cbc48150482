/**
 * Refusals of order entry that happen before any order is looked at — a body that fails its
 * schema, a batch of more than 15 — answer 400 with the same body as an order the exchange
 * rejects: `{error, success: false, errorMsg, code, limit, …}`, so a client reads one
 * machine-readable `code` on every order rejection (docs/venue.md §3's decision). The HTTP error is
 * the catalogue's `invalid_order` (also in `x-error-code`).
 */
import { ApiError } from '../../errors/catalogue.js';
import { rejected } from '../../trading/responses.js';
import { PAYLOAD } from '../../trading/order-input.js';
import { validationField, validationMessage, type AjvLikeError } from '../../http/validation-message.js';

export function orderRefusal(code: string, message: string, detail: Record<string, unknown> = {}): ApiError {
  return new ApiError('invalid_order', message, { extra: { ...rejected({ code, message, ...detail }) } });
}

/** A body that failed the order schema: `invalid_order_payload`, naming the field and its rule. */
export function payloadRefusal(err: Error & { validation?: unknown }): ApiError {
  const list = (Array.isArray(err.validation) ? err.validation : []) as AjvLikeError[];
  const { message } = validationMessage(list, 'body');
  return orderRefusal('invalid_order_payload', `${PAYLOAD}: ${message}`, { field: validationField(list, 'body') });
}
