/**
 * `GET /positions` on positions built by real trades (support.ts): the PnL numbers worked out
 * by hand, every filter, sort and bound, mergeable and redeemable, then a resolution and a
 * redemption — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { A, B, M1_END, buildWorld, type World } from './support.js';

for (const backend of backends()) {
  describe(`GET /positions (${backend.name})`, { skip: backend.skip }, () => {
    let w: World;
    before(async () => { w = await buildWorld(backend); });
    after(async () => { await w?.svc.dispose(); });
    const positions = async (query: string) => {
      const r = await w.get(`/positions?${query}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body as any[];
    };

    it('computes PnL of bought, averaged and partly sold shares at the book midpoint', async () => {
      const [yes] = await positions(`user=${A}&market=${w.m1}`);
      // Bought 10 @ 0.40 + 30 @ 0.60 → avg 0.55; sold 15 @ 0.70 → realized (0.70 − 0.55) × 15 = 2.25.
      // Book 0.62 / 0.68 → curPrice 0.65. 25 left: initial 13.75, current 16.25, cash PnL 2.5.
      assert.deepEqual(yes, {
        proxyWallet: A, asset: w.tokens[w.m1]![0], conditionId: w.m1, size: 25, avgPrice: 0.55, initialValue: 13.75,
        currentValue: 16.25, cashPnl: 2.5, percentPnl: 18.181818, totalBought: 40, realizedPnl: 2.25,
        percentRealizedPnl: 10.227273, // 100 × 2.25 / (40 × 0.55)
        curPrice: 0.65, redeemable: false, mergeable: false, title: 'Will it rain in Paris?', slug: 'rain-paris',
        icon: 'https://img.example/rain.png', eventSlug: 'weather-and-stocks', outcome: 'Yes', outcomeIndex: 0,
        oppositeOutcome: 'No', oppositeAsset: w.tokens[w.m1]![1], timestamp: w.at.sell70, endDate: new Date(M1_END).toISOString(),
        negativeRisk: false,
      });
    });

    it('values the seller side too: split at 0.50, sold 40 for +2, bought 15 back at 0.70', async () => {
      const rows = await positions(`user=${B}&market=${w.m1}`);
      const yes = rows.find((p) => p.outcomeIndex === 0);
      const no = rows.find((p) => p.outcomeIndex === 1);
      // (0.40 − 0.50) × 10 + (0.60 − 0.50) × 30 = 2; avg (60 × 0.50 + 15 × 0.70) / 75 = 0.54.
      assert.deepEqual([yes.size, yes.avgPrice, yes.realizedPnl, yes.totalBought, yes.curPrice], [75, 0.54, 2, 115, 0.65]);
      assert.deepEqual([no.size, no.avgPrice, no.curPrice, no.cashPnl, no.outcome], [100, 0.5, 0.35, -15, 'No']);
      assert.ok(yes.mergeable && no.mergeable, 'B holds both outcomes');
      assert.equal(yes.proxyWallet, B);
    });

    it('accepts the user in any case and answers checksummed; rejects invalid addresses', async () => {
      const lower = await positions(`user=${A.toLowerCase()}`);
      const upper = await positions(`user=0x${A.slice(2).toUpperCase()}`);
      assert.equal(lower.length, 3);
      assert.deepEqual(upper, lower);
      assert.ok(lower.every((p) => p.proxyWallet === A));
      for (const bad of ['0x123', 'abc', '', `${A}00`]) {
        const r = await w.get(`/positions?user=${bad}`);
        assert.equal(r.status, 400);
        assert.match(r.body.error, /^user must be a wallet address/);
      }
      assert.equal((await w.get('/positions')).body.error, 'user is required');
    });

    it('filters by market, size threshold, title, mergeable', async () => {
      // The filter's subject is which positions; their order (ties by asset id) is the sort test's.
      assert.deepEqual((await positions(`user=${A}&market=${w.m2}`)).map((p) => p.asset).sort(), [...w.tokens[w.m2]!].sort());
      assert.equal((await positions(`user=${A}&market=${w.m1},${w.m2.toUpperCase().replace('0X', '0x')}`)).length, 3);
      assert.equal((await positions(`user=${A}&sizeThreshold=5`)).length, 3);
      assert.equal((await positions(`user=${A}&sizeThreshold=5.01`)).length, 1);
      assert.equal((await positions(`user=${A}&sizeThreshold=26`)).length, 0);
      assert.deepEqual((await positions(`user=${A}&title=APPLE`)).map((p) => p.slug), ['apple-up', 'apple-up']);
      assert.deepEqual((await positions(`user=${A}&mergeable=true`)).map((p) => p.conditionId), [w.m2, w.m2]);
      assert.equal((await positions(`user=${A}&mergeable=false`)).length, 3);
      assert.equal((await positions(`user=${A}&redeemable=true`)).length, 0);
      const m2 = await positions(`user=${A}&market=${w.m2}`);
      assert.deepEqual(Object.fromEntries(m2.map((p) => [p.outcome, [p.oppositeOutcome, p.curPrice, p.icon]])), {
        Up: ['Down', 0.5, 'https://img.example/event.png'], Down: ['Up', 0.5, 'https://img.example/event.png'],
      });
    });

    it('sorts by every key in both directions, ties by asset', async () => {
      const [m1] = [w.tokens[w.m1]![0]];
      const [u, d] = [w.tokens[w.m2]![0], w.tokens[w.m2]![1]];
      const order = async (sortBy: string, dir = 'DESC') => (await positions(`user=${A}&sortBy=${sortBy}&sortDirection=${dir}`)).map((p) => p.asset);
      const m2Pair = [u, d].sort();
      assert.deepEqual(await order('TOKENS'), [m1, ...m2Pair]);
      assert.deepEqual(await order('TOKENS', 'ASC'), [...m2Pair, m1]);
      for (const key of ['CURRENT', 'INITIAL', 'CASHPNL', 'PERCENTPNL', 'PRICE', 'AVGPRICE']) {
        assert.deepEqual(await order(key), [m1, ...m2Pair], key);
        assert.deepEqual(await order(key, 'ASC'), [...m2Pair, m1], key);
      }
      // Titles: "Apple stock up?" < "Will it rain in Paris?"; ends: M2 (March) before M1 (June).
      assert.deepEqual(await order('TITLE', 'ASC'), [...m2Pair, m1]);
      assert.deepEqual(await order('TITLE'), [m1, ...m2Pair]);
      assert.deepEqual(await order('RESOLVING', 'ASC'), [...m2Pair, m1]);
      assert.deepEqual(await order('RESOLVING'), [m1, ...m2Pair]);
    });

    it('pages with limit and offset', async () => {
      const all = await positions(`user=${A}`);
      assert.deepEqual(await positions(`user=${A}&limit=1&offset=1`), [all[1]]);
      assert.deepEqual(await positions(`user=${A}&limit=0`), []);
      assert.deepEqual(await positions(`user=${A}&offset=10000`), []);
      assert.deepEqual(await positions(`user=${A}&limit=500`), all);
    });

    it('rejects out-of-range and mistyped parameters with a clear message', async () => {
      const cases: Array<[string, RegExp]> = [
        ['limit=501', /^limit must be <= 500$/], ['limit=-1', /^limit must be >= 0$/], ['limit=1.5', /^limit must be an integer$/],
        ['offset=10001', /^offset must be <= 10000$/], ['sizeThreshold=-1', /^sizeThreshold must be >= 0$/],
        ['sizeThreshold=abc', /^sizeThreshold must be a number$/], ['redeemable=yes', /^redeemable must be boolean/],
        ['sortBy=SIZE', /^sortBy must be one of: CURRENT, INITIAL, TOKENS/], ['sortDirection=up', /^sortDirection must be one of: ASC, DESC$/],
        [`title=${'x'.repeat(101)}`, /^title must be at most 100 characters$/], ['market=0x12', /^market must be comma-separated condition ids/],
      ];
      for (const [q, msg] of cases) {
        const r = await w.get(`/positions?user=${A}&${q}`);
        assert.equal(r.status, 400, q);
        assert.match(r.body.error, msg, q);
      }
    });

    it('follows the live book: a better bid moves curPrice, cancelling it moves it back', async () => {
      const price = async () => (await positions(`user=${A}&market=${w.m1}`))[0].curPrice;
      assert.equal(await price(), 0.65);
      const r = await w.run({ type: 'place', order: { wallet: B, tokenId: w.tokens[w.m1]![0], side: 'BUY', price: 660_000, size: 5_000_000, type: 'GTC' } });
      assert.equal(await price(), 0.67);
      const id = (r as { order: { id: string } }).order.id;
      await w.run({ type: 'cancel', wallet: B, orderIds: [id] });
      assert.equal(await price(), 0.65);
    });

    it('after resolution: payout prices, redeemable; after redeeming, realized PnL of the closed position', async () => {
      await w.run({ type: 'resolve', conditionId: w.m1, payouts: [1_000_000, 0] });
      const [yes] = await positions(`user=${A}&market=${w.m1}`);
      assert.deepEqual([yes.curPrice, yes.currentValue, yes.cashPnl, yes.percentPnl, yes.redeemable, yes.mergeable], [1, 25, 11.25, 81.818182, true, false]);
      const bRows = await positions(`user=${B}&market=${w.m1}&redeemable=true`);
      assert.equal(bRows.length, 2);
      assert.ok(bRows.every((p) => !p.mergeable), 'a resolved market cannot be merged');
      assert.equal(bRows.find((p) => p.outcomeIndex === 1).curPrice, 0);

      const redeemedAt = Math.floor(w.tick() / 1000);
      await w.run({ type: 'redeem', wallet: A, conditionId: w.m1 });
      assert.deepEqual(await positions(`user=${A}&market=${w.m1}`), [], 'a closed position is below the default threshold');
      const [closed] = await positions(`user=${A}&market=${w.m1}&sizeThreshold=0`);
      // Redeemed 25 @ 1 against avg 0.55 → +11.25; realized 2.25 + 11.25 = 13.5 = 61.363636 % of 22.
      assert.deepEqual([closed.size, closed.realizedPnl, closed.percentRealizedPnl, closed.redeemable, closed.initialValue, closed.percentPnl],
        [0, 13.5, 61.363636, false, 0, 0]);
      assert.equal(closed.timestamp, redeemedAt, 'timestamp = the last change');
    });
  });
}
