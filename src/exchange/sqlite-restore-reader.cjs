'use strict';
/**
 * Reads the live orders of a SQLite database in pages for the restore (sqlite-restore.ts), as
 * plain CommonJS so that a worker thread can load it without a loader or a build step.
 *
 * A page carries its rows packed: every number of a row in one Float64Array (STRIDE slots; the
 * repeated strings — wallet, api key, builder, market — as indexes into a string table that grows
 * page by page), the order ids as an array of strings. What costs on a million rows is
 * better-sqlite3 turning each SQLite value into a JavaScript value; packed pages let that run on
 * another thread while the main thread builds the book, and cross between threads cheaply (the
 * Float64Array is transferred, the strings copied once).
 */

/**
 * Live orders in time priority, one page after the given seq (seqs are unique and increasing).
 * Each value costs the driver about the same whatever it holds, so SQLite folds them:
 * - `packed` = outcome + 2·BUY + 4·GTD + 8·post-only + 32·price, or -1 when a column holds a value
 *   outside what a live order can have, or the order has a builder code (few do; migration 0030):
 *   then the main thread reads the row whole;
 * - `extra` is null for a plain order nothing has happened to since it was placed (nothing
 *   matched, no fee reserved or charged, no notional, no amount, no expiration, updated when
 *   created), else those eight values as a JSON array: one value instead of eight for most live
 *   orders.
 * A live order's status is LIVE and it has no cancel reason; its token id is its market's token
 * id of its outcome (the core takes an order's token id from its market: the loader fills it in
 * from the markets it restored; checking it per row in SQL made the read slower).
 */
const ORDERS_SQL = `select "id", "seq", "wallet", "api_key", "builder", "market",
  case when "outcome" in (0, 1) and "side" in ('BUY', 'SELL') and "type" in ('GTC', 'GTD') and "post_only" in (0, 1)
    and "cancel_reason" is null and "price" between 0 and 1000000 and "builder_code" is null
  then "outcome" + 2 * ("side" = 'BUY') + 4 * ("type" = 'GTD') + 8 * "post_only" + 32 * "price" else -1 end,
  "original_size", "created_at", "reserved",
  case when "size_matched" = 0 and "amount" is null and "fee_base" = 0 and "fee_charged" = 0 and "notional" = 0
    and "updated_at" = "created_at" and "max_fee" = 0 and "expiration" = 0 then null
  else json_array("size_matched", "amount", "fee_base", "fee_charged", "notional", "updated_at", "max_fee", "expiration") end
  from "orders" where "status" = 'LIVE' and "seq" > ? order by "seq" limit `;

/** Slots of a packed row: seq, flags (outcome + 2·BUY + 4·GTD + 8·post-only), the four string indexes (-1 = null), then the numbers. */
const SLOT = {
  seq: 0, flags: 1, wallet: 2, apiKey: 3, builder: 4, market: 5, price: 6, originalSize: 7, sizeMatched: 8,
  amount: 9, expiration: 10, createdAt: 11, updatedAt: 12, reserved: 13, maxFee: 14, feeBase: 15, feeCharged: 16, notional: 17,
};
const STRIDE = 18;
/** A null `amount` (the only nullable number) travels as NaN. */
const NULL_AMOUNT = NaN;
/** `flags` of a row to be read whole by the main thread (its other slots are not filled). */
const WHOLE_ROW = -1;

/**
 * Returns `next()`, which reads the following page of `pageSize` live orders and packs it, or
 * returns null after the last one. `db` is a better-sqlite3 connection; the caller holds the read
 * transaction that makes all pages one snapshot.
 */
function pageReader(db, pageSize) {
  const stmt = db.prepare(ORDERS_SQL + String(pageSize)).raw(true);
  const index = new Map();
  let after = Number.MIN_SAFE_INTEGER;
  let done = false;
  let fresh = [];
  const intern = (s) => {
    if (s === null) return -1;
    let k = index.get(s);
    if (k === undefined) {
      k = index.size;
      index.set(s, k);
      fresh.push(s);
    }
    return k;
  };
  return function next() {
    if (done) return null;
    const rows = stmt.all(after);
    if (rows.length < pageSize) done = true;
    if (rows.length === 0) return null;
    const nums = new Float64Array(rows.length * STRIDE);
    const ids = new Array(rows.length);
    fresh = [];
    for (let i = 0, o = 0; i < rows.length; i++, o += STRIDE) {
      const r = rows[i];
      ids[i] = r[0];
      nums[o] = r[1];
      const packed = r[6];
      if (packed < 0) {
        nums[o + SLOT.flags] = WHOLE_ROW;
        continue;
      }
      nums[o + SLOT.flags] = packed & 31;
      nums[o + SLOT.wallet] = intern(r[2]);
      nums[o + SLOT.apiKey] = intern(r[3]);
      nums[o + SLOT.builder] = intern(r[4]);
      nums[o + SLOT.market] = intern(r[5]);
      nums[o + SLOT.price] = packed >> 5;
      nums[o + SLOT.originalSize] = r[7];
      nums[o + SLOT.createdAt] = r[8];
      nums[o + SLOT.reserved] = r[9];
      const extra = r[10];
      if (extra === null) {
        nums[o + SLOT.amount] = NULL_AMOUNT;
        nums[o + SLOT.updatedAt] = r[8];
      } else {
        const x = JSON.parse(extra);
        nums[o + SLOT.sizeMatched] = x[0];
        nums[o + SLOT.amount] = x[1] === null ? NULL_AMOUNT : x[1];
        nums[o + SLOT.feeBase] = x[2];
        nums[o + SLOT.feeCharged] = x[3];
        nums[o + SLOT.notional] = x[4];
        nums[o + SLOT.updatedAt] = x[5];
        nums[o + SLOT.maxFee] = x[6];
        nums[o + SLOT.expiration] = x[7];
      }
    }
    after = rows[rows.length - 1][1];
    return { count: rows.length, nums, ids, strings: fresh };
  };
}

/**
 * The worker thread's side: opens its own read-only connection, reads inside one read
 * transaction, and posts pages while the main thread asks for them (`'more'`), keeping at most
 * `ahead` pages in flight so that a slow consumer does not collect every page in its queue.
 */
function serve(parentPort, { driver, file, pageSize, ahead }) {
  const Database = require(driver);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  let closed = false;
  const finish = (err) => {
    if (closed) return;
    closed = true;
    try { if (db.inTransaction) db.exec('COMMIT'); db.close(); } catch { /* closing anyway */ }
    parentPort.postMessage(err === undefined ? { end: true } : { error: String(err && err.stack || err) });
    parentPort.close();
  };
  try {
    db.exec('BEGIN');
    const next = pageReader(db, pageSize);
    const send = () => {
      if (closed) return;
      try {
        const page = next();
        if (page === null) return finish();
        parentPort.postMessage(page, [page.nums.buffer]);
      } catch (err) {
        finish(err);
      }
    };
    parentPort.on('message', send);
    for (let i = 0; i < ahead; i++) send();
  } catch (err) {
    finish(err);
  }
}

module.exports = { pageReader, serve, SLOT, STRIDE, WHOLE_ROW };
