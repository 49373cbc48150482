/**
 * `GET /activity` and `GET /holders` on the world of support.ts: activity types, profile and
 * catalog fields, the documented extensions (market, type, start, end, side, sortBy,
 * sortDirection), bounds; holders order, minBalance, limit and groups — SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { A, B, buildWorld, type World } from './support.js';
import { upsertProfile } from '../../src/catalog/write.js';

for (const backend of backends()) {
  describe(`GET /activity and /holders (${backend.name})`, { skip: backend.skip }, () => {
    let w: World;
    before(async () => { w = await buildWorld(backend); });
    after(async () => { await w?.svc.dispose(); });
    const ok = async (url: string) => {
      const r = await w.get(url);
      assert.equal(r.status, 200, `${url}: ${JSON.stringify(r.body)}`);
      return r.body as any[];
    };
    const activity = (q: string) => ok(`/activity?user=${A}&${q}`);

    it('lists a wallet\'s activity newest first with catalog and profile fields', async () => {
      const rows = await activity('');
      assert.deepEqual(rows.map((r) => [r.type, r.side, r.size, r.usdcSize, r.price, r.timestamp]), [
        ['SPLIT', '', 5, 5, 0, w.at.splitA],
        ['TRADE', 'SELL', 15, 10.5, 0.7, w.at.sell70],
        ['TRADE', 'BUY', 30, 18, 0.6, w.at.buy60],
        ['TRADE', 'BUY', 10, 4, 0.4, w.at.buy40],
        ['DEPOSIT', '', 0, 1000, 0, w.at.depositA],
      ]);
      const trade = rows[1];
      assert.deepEqual({ ...trade, transactionHash: undefined }, {
        proxyWallet: A, timestamp: w.at.sell70, conditionId: w.m1, type: 'TRADE', size: 15, usdcSize: 10.5,
        transactionHash: undefined, price: 0.7, asset: w.tokens[w.m1]![0], side: 'SELL', outcomeIndex: 0,
        title: 'Will it rain in Paris?', slug: 'rain-paris', icon: 'https://img.example/rain.png', eventSlug: 'weather-and-stocks',
        outcome: 'Yes', name: 'alice', pseudonym: 'Amber-Fox', bio: 'hi', profileImage: 'https://img.example/a.png',
        profileImageOptimized: 'https://img.example/a.png',
      });
      assert.match(trade.transactionHash, /^0x[0-9a-f]{64}$/);
      const deposit = rows[4];
      assert.deepEqual([deposit.conditionId, deposit.asset, deposit.title, deposit.slug, deposit.eventSlug, deposit.outcome], ['', '', '', '', '', '']);
      const b = await ok(`/activity?user=${B.toLowerCase()}&type=SPLIT`);
      assert.deepEqual(b.map((r) => [r.proxyWallet, r.name, r.pseudonym, r.profileImage, r.size]), [[B, '', '', '', 100]]);
    });

    it('filters by type, market, side and time; sorts by tokens and cash', async () => {
      assert.deepEqual((await activity('type=trade,SPLIT')).map((r) => r.type), ['SPLIT', 'TRADE', 'TRADE', 'TRADE']);
      assert.deepEqual((await activity('type=REWARD')), []);
      assert.deepEqual((await activity(`market=${w.m2}`)).map((r) => r.type), ['SPLIT']);
      assert.deepEqual((await activity('side=BUY')).map((r) => r.size), [30, 10]);
      assert.deepEqual((await activity(`start=${w.at.buy60}&end=${w.at.sell70}`)).map((r) => r.timestamp), [w.at.sell70, w.at.buy60]);
      assert.deepEqual((await activity(`start=${w.at.sell70 + 1}`)).map((r) => r.type), ['SPLIT']);
      assert.deepEqual((await activity('sortBy=TIMESTAMP&sortDirection=ASC')).map((r) => r.type), ['DEPOSIT', 'TRADE', 'TRADE', 'TRADE', 'SPLIT']);
      assert.deepEqual((await activity('sortBy=TOKENS')).map((r) => r.size), [30, 15, 10, 5, 0]);
      assert.deepEqual((await activity('sortBy=CASH&sortDirection=ASC')).map((r) => r.usdcSize), [4, 5, 10.5, 18, 1000]);
      assert.deepEqual((await activity('limit=2&offset=1')).map((r) => r.timestamp), [w.at.sell70, w.at.buy60]);
      assert.deepEqual(await activity('limit=0'), []);
    });

    it('shows new activity and profile changes at once (pages are cached by version)', async () => {
      const before = await activity('limit=2');
      assert.deepEqual(await activity('limit=2'), before);
      const t = Math.floor(w.tick() / 1000);
      await w.run({ type: 'deposit', wallet: A, amount: 7_000_000 });
      const after = await activity('limit=2');
      assert.deepEqual(after.map((r) => [r.type, r.usdcSize, r.timestamp]), [['DEPOSIT', 7, t], ['SPLIT', 5, w.at.splitA]]);
      await upsertProfile(w.svc.store.db, { address: A, name: 'alice2', pseudonym: 'Amber-Fox', bio: 'hi', profileImage: 'https://img.example/a.png' }, w.tick());
      assert.deepEqual((await activity('limit=2')).map((r) => r.name), ['alice2', 'alice2']);
      await upsertProfile(w.svc.store.db, { address: A, name: 'alice', pseudonym: 'Amber-Fox', bio: 'hi', profileImage: 'https://img.example/a.png' }, w.tick());
    });

    it('rejects bad activity parameters', async () => {
      const cases: Array<[string, RegExp]> = [
        ['limit=501', /^limit must be <= 500$/], ['offset=10001', /^offset must be <= 10000$/], ['type=FOO', /^type must be comma-separated values of: TRADE/],
        ['side=HOLD', /^side must be one of: BUY, SELL$/], ['sortBy=PRICE', /^sortBy must be one of: TIMESTAMP, TOKENS, CASH$/],
        ['start=-1', /^start must be >= 0$/], ['start=10&end=5', /^start must be <= end$/], ['end=soon', /^end must be an integer$/],
      ];
      for (const [q, msg] of cases) {
        const r = await w.get(`/activity?user=${A}&${q}`);
        assert.equal(r.status, 400, q);
        assert.match(r.body.error, msg, q);
      }
      assert.equal((await w.get('/activity?limit=5')).body.error, 'user is required');
    });

    it('lists holders per token, largest first, with profiles', async () => {
      const groups = await ok(`/holders?market=${w.m1}`);
      assert.deepEqual(groups.map((g) => [g.token, g.holders.map((h: any) => [h.proxyWallet, h.amount])]), [
        [w.tokens[w.m1]![0], [[B, 75], [A, 25]]],
        [w.tokens[w.m1]![1], [[B, 100]]],
      ]);
      assert.deepEqual(groups[0].holders[1], {
        proxyWallet: A, bio: 'hi', asset: w.tokens[w.m1]![0], pseudonym: 'Amber-Fox', amount: 25, displayUsernamePublic: true,
        outcomeIndex: 0, name: 'alice', profileImage: 'https://img.example/a.png', profileImageOptimized: 'https://img.example/a.png',
      });
      assert.deepEqual(groups[1].holders[0].outcomeIndex, 1);
    });

    it('applies minBalance and limit per token; keeps request order; skips unheld tokens', async () => {
      const big = await ok(`/holders?market=${w.m1}&minBalance=30`);
      assert.deepEqual(big.map((g) => g.holders.map((h: any) => h.amount)), [[75], [100]]);
      assert.deepEqual((await ok(`/holders?market=${w.m1}&limit=1`)).map((g) => g.holders.length), [1, 1]);
      assert.deepEqual(await ok(`/holders?market=${w.m1}&limit=0`), []);
      assert.deepEqual(await ok(`/holders?market=${w.m1}&minBalance=1000`), []);
      const both = await ok(`/holders?market=${w.m2},${w.m1}`);
      assert.deepEqual(both.map((g) => g.token), [w.tokens[w.m2]![0], w.tokens[w.m2]![1], w.tokens[w.m1]![0], w.tokens[w.m1]![1]]);
      assert.deepEqual(await ok(`/holders?market=0x${'ab'.repeat(32)}`), []);
      // Equal amounts: ties by wallet address.
      await w.run({ type: 'split', wallet: B, conditionId: w.m2, amount: 5_000_000 });
      const tied = await ok(`/holders?market=${w.m2}`);
      assert.deepEqual(tied.map((g) => g.holders.map((h: any) => [h.proxyWallet, h.amount])), [[[A, 5], [B, 5]], [[A, 5], [B, 5]]]);
    });

    it('shows holder and profile changes at once (answers are cached while the database is unchanged)', async () => {
      const url = `/holders?market=${w.m1}`;
      const amounts = (gs: any[]) => gs.map((g) => g.holders.map((h: any) => [h.proxyWallet, h.amount, h.name]));
      const before = await ok(url);
      assert.deepEqual(await ok(url), before);
      await w.run({ type: 'deposit', wallet: A, amount: 1_000_000 });
      await w.run({ type: 'split', wallet: A, conditionId: w.m1, amount: 1_000_000 });
      assert.deepEqual(amounts(await ok(url)), [[[B, 75, ''], [A, 26, 'alice']], [[B, 100, ''], [A, 1, 'alice']]]);
      await upsertProfile(w.svc.store.db, { address: B, name: 'bob' }, w.tick());
      assert.deepEqual(amounts(await ok(url)), [[[B, 75, 'bob'], [A, 26, 'alice']], [[B, 100, 'bob'], [A, 1, 'alice']]]);
    });

    it('rejects bad holders parameters', async () => {
      const cases: Array<[string, RegExp]> = [
        ['', /^market is required$/], ['market=', /^market is required$/], [`market=${w.m1}&limit=501`, /^limit must be <= 500$/],
        [`market=${w.m1}&minBalance=-0.5`, /^minBalance must be >= 0$/], ['market=nope', /^market must be comma-separated condition ids/],
      ];
      for (const [q, msg] of cases) {
        const r = await w.get(`/holders?${q}`);
        assert.equal(r.status, 400, q);
        assert.match(r.body.error, msg, q);
      }
    });
  });
}
