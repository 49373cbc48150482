/**
 * What both restore paths (restore.ts on PostgreSQL, sqlite-restore.ts on SQLite) and the account
 * reads share: a stored order row as the core's `OrderRow`, and the page sizes the restore reads in.
 */
import type { OrderRow, OrderStatus, OrderType, Side } from '../core/index.js';
import type { OrdersTable } from '../store/schema-exchange.js';

export function orderFromRow(r: OrdersTable): OrderRow {
  return {
    id: r.id, seq: r.seq, wallet: r.wallet, apiKey: r.api_key, builder: r.builder, builderCode: r.builder_code, conditionId: r.market, tokenId: r.token_id,
    outcomeIndex: r.outcome as 0 | 1, side: r.side as Side, type: r.type as OrderType, postOnly: r.post_only === 1,
    price: r.price, originalSize: r.original_size, sizeMatched: r.size_matched, amount: r.amount, expiration: r.expiration,
    status: r.status as OrderStatus, cancelReason: r.cancel_reason, createdAt: r.created_at, updatedAt: r.updated_at,
    reserved: r.reserved, maxFee: r.max_fee, feeBase: r.fee_base, feeCharged: r.fee_charged, notional: r.notional,
  };
}

/**
 * How the restore reads live orders (keyset pages on `seq`: a large book is never held whole).
 * - `pgPage`: rows a FETCH from the restore's cursor on PostgreSQL (one round trip each);
 * - `sqlitePage`: rows a page read on this thread (`all()` on a page of 512 costs about a
 *   quarter less than `iterate()` row by row, and the page's arrays die young);
 * - `threadFrom`: from this many live orders (judged by the live seq span) SQLite's pages are
 *   read on a worker thread, in pages of `threadPage` with at most `ahead` in flight.
 * Tests lower them to run every path on small books.
 */
export const restoreTuning = { pgPage: 5000, sqlitePage: 512, threadFrom: 20_000, threadPage: 4096, ahead: 16 };
