/** The book-hash test vectors of docs/streams.md are what the one hash function (REST and WS) computes. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { hashOf, type BookSnapshot } from '../../src/marketdata/book.js';

it('matches the documented book-hash test vectors', () => {
  const cid = `0x${'1'.repeat(64)}`;
  const a: BookSnapshot = { market: cid, asset_id: `${cid}:0`, timestamp: '1767225600000', hash: '', bids: [], asks: [], min_order_size: '5', tick_size: '0.01', neg_risk: false, last_trade_price: '' };
  const b: BookSnapshot = { ...a, bids: [{ price: '0.38', size: '7' }, { price: '0.4', size: '10' }], asks: [{ price: '0.62', size: '2.5' }, { price: '0.6', size: '6' }], last_trade_price: '0.4' };
  const c: BookSnapshot = { ...b, asset_id: `${cid}:1`, bids: [{ price: '0.38', size: '2.5' }, { price: '0.4', size: '6' }], asks: [{ price: '0.62', size: '7' }, { price: '0.6', size: '10' }], neg_risk: true, last_trade_price: '0.6' };
  const docs = readFileSync(new URL('../../docs/streams.md', import.meta.url), 'utf8');
  for (const [snap, hash] of [[a, 'a793804c97ba7e8237231ff4b5324bdfcdc23daf'], [b, 'ff2067a8d76f6a1fef2ddf96d7c61e2f0f250211'], [c, '69f7e0e42fcb30e263ad2fb639dda5b5a5432f2a']] as const) {
    assert.equal(hashOf(snap), hash);
    assert.ok(docs.includes(`\`${hash}\``), `docs/streams.md lists ${hash}`);
  }
});
