/**
 * The integrity check (`findViolations`) finds each kind of broken state: a healthy core with
 * resting BUYs and SELLs of three wallets is corrupted one way at a time, in memory, and every
 * corruption must be reported (issue #40 made the check one pass over numeric keys; this pins
 * that it still sees what the string-keyed check saw).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findViolations } from './invariants.js';
import type { ExchangeCore } from './exchange.js';
import type { LiveOrder } from './state.js';
import { A, B, C, CID, T0, T1, ok, order, setup, u } from './test-kit.js';

function healthy(): ExchangeCore {
  const { ex } = setup();
  for (const w of [A, B, C]) assert.equal(ex.split(w, CID, u('100')).ok, true);
  for (const [i, w] of [A, B, C, A, B].entries()) {
    ok(ex, order(w, T0, 'BUY', `0.${20 + i}`, '10'));
    ok(ex, order(w, T1, 'SELL', `0.${90 - i}`, '10'));
  }
  assert.deepEqual(findViolations(ex), []);
  return ex;
}

const liveOf = (ex: ExchangeCore): LiveOrder[] => [...ex.state.live.values()];

const corruptions: Array<[string, (ex: ExchangeCore) => void]> = [
  ['a reserve changed', (ex) => { liveOf(ex)[0]!.row.reserved += 1; }],
  ['a balance reserved without an order', (ex) => { ex.state.ledger.load({ wallet: C, asset: 'USDC', free: ex.state.ledger.free(C, 'USDC') - 1, reserved: ex.state.ledger.balance(C, 'USDC').reserved + 1 }); }],
  ['a live order missing from the live map', (ex) => { ex.state.live.delete(liveOf(ex)[2]!.row.id); }],
  ['a stale order in the live map', (ex) => { const lo = liveOf(ex)[1]!; ex.state.live.set('0xstale', { ...lo, row: { ...lo.row, id: '0xstale' } }); }],
  ['a list out of time order', (ex) => { const lo = liveOf(ex)[0]!; lo.row.seq = 1e9; }],
  ['an order unlinked from its wallet list', (ex) => { const lo = liveOf(ex).find((x) => x.prev !== undefined && x.next !== undefined)!; lo.prev!.next = lo.next; lo.next!.prev = lo.prev; }],
  ['an order in the wrong wallet', (ex) => { liveOf(ex)[3]!.row.wallet = B === liveOf(ex)[3]!.row.wallet ? A : B; }],
  ['a book size unlike the order', (ex) => { liveOf(ex)[4]!.row.sizeMatched += u('1'); }],
  ['a book slot pointing elsewhere', (ex) => { const [x, y] = liveOf(ex); x!.market.bySlot[x!.slot] = y; }],
  ['an order cancelled in the book only', (ex) => { const lo = liveOf(ex)[5]!; lo.market.book.cancel(lo.slot); }],
  ['a closed status', (ex) => { liveOf(ex)[6]!.row.status = 'CANCELED'; }],
  ['a token balance off by a lot', (ex) => { ex.state.ledger.load({ wallet: A, asset: T0, free: ex.state.ledger.free(A, T0) + u('1'), reserved: ex.state.ledger.balance(A, T0).reserved }); }],
  ['collateral created', (ex) => { ex.state.ledger.load({ wallet: B, asset: 'USDC', free: ex.state.ledger.free(B, 'USDC') + 1, reserved: ex.state.ledger.balance(B, 'USDC').reserved }); }],
];

for (const [name, corrupt] of corruptions) {
  test(`the integrity check finds ${name}`, () => {
    const ex = healthy();
    corrupt(ex);
    const found = findViolations(ex);
    assert.ok(found.length > 0, `${name}: nothing found`);
  });
}
