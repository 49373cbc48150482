/**
 * Per-signer rate limits (docs/venue.md §13) over real sockets: headers on every order and cancel,
 * warn (default) passes with `Poly-RateLimit-Warning: true`, enforce answers 429 with
 * `Retry-After`; batches all or nothing; cancel-all's +1 per order cancelled; tiers set by the
 * operator and read with `GET /v1/user/rate-limit-tier`; two instances sharing one Redis count once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { newMarket, orderBody, trader, type Trader } from '../trading/kit.js';
import { MemoryBuckets } from '../../src/edge/signer-buckets.js';
import { SignerTiers } from '../../src/trading/signer-tiers.js';
import { admin, call, liveService, sleep, type LiveService } from './kit.js';

const remaining = (h: Headers) => Number(h.get('poly-ratelimit-remaining'));

describe('signer buckets', () => {
  it('refill at the rate up to the burst; a forced take goes negative only where allowed', () => {
    let now = 1_000_000;
    const b = new MemoryBuckets(() => now);
    const t = { key: 'k', rate: 40, burst: 60, cost: 60, force: false, floor: 0 };
    assert.equal(b.take(t).milli, 0);
    assert.equal(b.take({ ...t, cost: 1 }).ok, false);
    now += 100; // 4 tokens
    assert.deepEqual(b.take({ ...t, cost: 4 }), { ok: true, milli: 0, at: now });
    assert.equal(b.take({ ...t, cost: 10, force: true, floor: -Infinity }).milli, -10_000);
    assert.equal(b.take({ ...t, key: 'p', cost: 70, force: true }).milli, 0, 'a floor of 0 where negative balances are not allowed');
    assert.equal(b.take({ ...t, key: 'q', cost: 61 }).ok, false, 'more than the burst never passes');
  });
});

for (const backend of backends()) {
  describe(`per-signer rate limits (${backend.name})`, { skip: backend.skip }, () => {
    let warn: LiveService;
    let strict: LiveService;
    let cidW: string;
    let cidS: string;
    // The in-memory buckets run on the service's clock: held still here, so no token refills
    // behind a test's back on a busy machine; a test moves it to show the refill.
    const clock = { now: Date.now() };
    const opts = { now: () => clock.now };
    before(async () => {
      warn = await liveService(backend, { SIBYL_AUTH_WINDOW_S: '3600' }, opts);
      strict = await liveService(backend, { SIBYL_SIGNER_LIMITS: 'enforce', SIBYL_AUTH_WINDOW_S: '3600' }, opts);
      cidW = await newMarket(warn);
      cidS = await newMarket(strict);
    });
    after(async () => { await warn?.dispose(); await strict?.dispose(); });
    const order = (t: Trader, cid: string, i = 0) => orderBody(t, `${cid}:0`, 'BUY', '0.10', '5', { order: { ...orderBody(t, `${cid}:0`, 'BUY', '0.10', '5').order, salt: String(1000 + i) } });

    it('warn (default): headers on every order, a refused request passes with the warning', async () => {
      const t = await trader(warn, '1000');
      const r = await call(warn, t, 'POST', '/order', order(t, cidW));
      assert.equal(r.status, 200);
      assert.equal(remaining(r.headers), 59);
      assert.equal(r.headers.get('poly-ratelimit-tier'), 'Standard');
      const reset = Number(r.headers.get('poly-ratelimit-reset'));
      assert.equal(reset, Math.ceil((clock.now + 25) / 1000), 'full again once 1 token refilled: 25 ms at 40/s');
      assert.equal(r.headers.get('poly-ratelimit-warning'), null);
      const big = Array.from({ length: 15 }, (_, i) => order(t, cidW, i));
      for (let i = 0; i < 3; i++) assert.equal((await call(warn, t, 'POST', '/orders', big)).headers.get('poly-ratelimit-warning'), null);
      await call(warn, t, 'POST', '/orders', big.slice(0, 14));
      const over = await call(warn, t, 'POST', '/orders', big);
      assert.equal(over.status, 200, 'warn mode lets it through');
      assert.equal(over.headers.get('poly-ratelimit-warning'), 'true');
      assert.equal((await call(warn, t, 'GET', '/data/orders')).headers.get('poly-ratelimit-tier'), null, 'reads are not evaluated');
      await call(warn, t, 'DELETE', '/cancel-all');
    });

    it('enforce: 429 with Retry-After, batches all or nothing, refill', async () => {
      const t = await trader(strict, '1000');
      const big = Array.from({ length: 15 }, (_, i) => order(t, cidS, i));
      for (let i = 0; i < 3; i++) assert.equal((await call(strict, t, 'POST', '/orders', big)).status, 200);
      const left = await call(strict, t, 'POST', '/order', order(t, cidS, 99));
      assert.equal(remaining(left.headers), 14);
      assert.equal((await call(strict, t, 'POST', '/orders', big.slice(0, 14))).status, 200);
      const before = JSON.parse((await call(strict, t, 'GET', '/data/orders')).body).data.length;
      const short = await call(strict, t, 'POST', '/orders', big);
      assert.equal(short.status, 429);
      assert.equal(short.body, '{"error":"Too Many Requests"}');
      assert.ok(Number(short.headers.get('retry-after')) >= 1);
      assert.equal(short.headers.get('poly-ratelimit-tier'), 'Standard');
      const after = JSON.parse((await call(strict, t, 'GET', '/data/orders')).body).data.length;
      assert.equal(after, before, 'the refused batch placed nothing');
      clock.now += 500; // 20 tokens back
      assert.equal((await call(strict, t, 'POST', '/order', order(t, cidS, 77))).status, 200);
      await call(strict, t, 'DELETE', '/cancel-all');
    });

    it('cancel-all costs 1 up front and 1 per order it cancelled', async () => {
      const t = await trader(strict, '1000');
      await call(strict, t, 'POST', '/orders', Array.from({ length: 10 }, (_, i) => order(t, cidS, i)));
      const all = await call(strict, t, 'DELETE', '/cancel-all');
      assert.equal(JSON.parse(all.body).canceled.length, 10);
      assert.equal(remaining(all.headers), 119);
      const next = await call(strict, t, 'DELETE', '/order', { orderID: `0x${'0'.repeat(64)}` });
      const r = remaining(next.headers);
      assert.equal(r, 108); // 120 − 1 − 10 − 1
    });

    it('tiers: the operator sets one, the wallet reads it, the headers show it', async () => {
      const t = await trader(strict, '1000');
      const std = await call(strict, t, 'GET', '/v1/user/rate-limit-tier');
      assert.deepEqual(JSON.parse(std.body), { tier: 'Standard', orders: { ratePerSecond: 40, burst: 60 }, cancels: { ratePerSecond: 80, burst: 120, negativeBalance: true }, source: 'volume', volume30d: '0' });
      const set = await admin(strict, 'PUT', `/admin/wallets/${t.address}/rate-limit-tier`, { tier: 'Platinum' });
      assert.equal(set.status, 200, set.body);
      assert.equal(JSON.parse(set.body).wallet, t.address);
      assert.equal((await admin(strict, 'PUT', `/admin/wallets/${t.address}/rate-limit-tier`, { tier: 'Mithril' })).status, 400);
      assert.equal((await admin(strict, 'PUT', '/admin/wallets/0xnope/rate-limit-tier', { tier: 'Gold' })).status, 400);
      assert.equal(JSON.parse((await call(strict, t, 'GET', '/v1/user/rate-limit-tier')).body).tier, 'Platinum');
      const r = await call(strict, t, 'POST', '/order', order(t, cidS));
      assert.equal(r.headers.get('poly-ratelimit-tier'), 'Platinum');
      assert.equal(remaining(r.headers), 674);
      await call(strict, t, 'DELETE', '/cancel-all');
    });

    it('tiers follow the 30-day traded volume: a wallet that trades past $30k is Copper; the operator\'s tier wins until removed', async () => {
      const alice = await trader(strict, '40000');
      const bob = await trader(strict, '40000');
      const tierOf = async (t: Trader) => JSON.parse((await call(strict, t, 'GET', '/v1/user/rate-limit-tier')).body) as { tier: string; source: string; volume30d: string };
      assert.deepEqual(await tierOf(alice), { ...(await tierOf(bob)), tier: 'Standard', source: 'volume', volume30d: '0' });
      // alice buys 59,990 YES at 0.50 and bob 59,990 NO at 0.50: one minted fill, $29,995 each — not yet.
      const fill = async (size: string) => {
        const a = await call(strict, alice, 'POST', '/order', orderBody(alice, `${cidS}:0`, 'BUY', '0.50', size));
        assert.equal(a.status, 200, a.body);
        const r = await call(strict, bob, 'POST', '/order', orderBody(bob, `${cidS}:1`, 'BUY', '0.50', size));
        assert.equal(JSON.parse(r.body).status, 'matched', r.body);
      };
      await fill('59990');
      assert.deepEqual(await tierOf(alice), { ...(await tierOf(alice)), tier: 'Standard', volume30d: '29995' });
      await fill('10'); // $5 more each: $30,000, the Copper threshold
      assert.deepEqual([await tierOf(alice), await tierOf(bob)].map((v) => [v.tier, v.source, v.volume30d]), [['Copper', 'volume', '30000'], ['Copper', 'volume', '30000']]);
      const next = await call(strict, alice, 'POST', '/order', order(alice, cidS, 7));
      assert.equal(next.headers.get('poly-ratelimit-tier'), 'Copper', 'the bucket follows the tier');
      assert.equal(remaining(next.headers), 57, 'the balance carries over (60 − 3 on the held clock)…');
      clock.now += 2000;
      const later = await call(strict, alice, 'POST', '/order', order(alice, cidS, 8));
      assert.equal(remaining(later.headers), 89, '…and refills up to Copper\'s burst (90)');
      // The operator's tier wins, even a lower one, until the operator removes it.
      await admin(strict, 'PUT', `/admin/wallets/${alice.address}/rate-limit-tier`, { tier: 'Standard' });
      assert.deepEqual(await tierOf(alice), { ...(await tierOf(alice)), tier: 'Standard', source: 'operator', volume30d: '30000' });
      assert.equal((await call(strict, alice, 'DELETE', '/cancel-all')).headers.get('poly-ratelimit-tier'), 'Standard');
      const gone = await admin(strict, 'DELETE', `/admin/wallets/${alice.address}/rate-limit-tier`);
      assert.deepEqual(JSON.parse(gone.body), { wallet: alice.address, removed: true });
      assert.equal((await tierOf(alice)).tier, 'Copper');
      assert.deepEqual(JSON.parse((await admin(strict, 'DELETE', `/admin/wallets/${alice.address}/rate-limit-tier`)).body), { wallet: alice.address, removed: false });
      // Every wallet's volume is recomputed every 3 h (the venue's refresh) over the last 30 days:
      // a fresh reader knows bob's tier without bob asking, and drops it once the trades are 30 days old.
      let now = clock.now;
      const tiers = new SignerTiers(strict.store.db, () => now, 5);
      await tiers.start();
      try {
        assert.equal(tiers.of(bob.address).name, 'Copper');
        now += 29 * 86_400_000;
        await sleep(30);
        assert.equal(tiers.of(bob.address).name, 'Copper', 'still inside 30 days');
        now += 2 * 86_400_000;
        await sleep(30);
        assert.equal(tiers.of(bob.address).name, 'Standard', 'the fill left the 30-day window');
      } finally { tiers.stop(); }
    });

    it('the unmodified clob-client-v2 sees the 429 the venue answers', async () => {
      const { ClobClient, OrderType, Side } = await import('@polymarket/clob-client-v2');
      const { newWallet } = await import('../bots/kit.js');
      const { deposit } = await import('../trading/kit.js');
      const w = newWallet();
      await deposit(strict, w.address, '1000');
      const creds = await new ClobClient({ host: strict.base, chain: 137, signer: w.signer }).createOrDeriveApiKey();
      const client = new ClobClient({ host: strict.base, chain: 137, signer: w.signer, creds });
      const t: Trader = { address: w.address, creds: { apiKey: creds.key, secret: creds.secret, passphrase: creds.passphrase } };
      const big = Array.from({ length: 15 }, (_, i) => order(t, cidS, i));
      for (let i = 0; i < 4; i++) await call(strict, t, 'POST', '/orders', big);
      const token = strict.services.exchange.core.market(cidS)!.tokenIds[0];
      const r = await client.createAndPostOrder({ tokenID: token, price: 0.1, size: 10, side: Side.BUY }, { tickSize: '0.01' }, OrderType.GTC) as unknown as { error?: string; status?: number };
      assert.equal(r.status, 429);
      assert.equal(r.error, 'Too Many Requests');
      await call(strict, t, 'DELETE', '/cancel-all');
    });

    it('two instances sharing one Redis draw from one bucket', { skip: process.env.REDIS_URL ? false : 'REDIS_URL is not set' }, async () => {
      const prefix = `test-signer-${Date.now()}`;
      const env = { SIBYL_SIGNER_LIMITS: 'enforce', REDIS_URL: process.env.REDIS_URL!, SIBYL_RATE_LIMIT_PREFIX: prefix };
      const a = await liveService(backend, env);
      const b = await liveService(backend, env);
      try {
        const ca = await newMarket(a);
        const { newKey } = await import('../auth/helpers.js');
        const { account, creds } = await newKey(a.app);
        const ta: Trader = { address: account.address, creds };
        const tb: Trader = { address: account.address, creds: (await newKey(b.app, account)).creds }; // the same wallet, its key on b
        const batch = Array.from({ length: 15 }, (_, i) => order(ta, ca, i));
        for (let i = 0; i < 3; i++) await call(a, ta, 'POST', '/orders', batch);
        const r2 = await call(b, tb, 'POST', '/order', order(tb, ca)); // refused by b's exchange (no such market), counted all the same
        // One bucket: 60 − 45 − 1 plus what refilled meanwhile (40/s); a bucket of b's own would show 59.
        assert.ok(remaining(r2.headers) <= 50, String(remaining(r2.headers)));
      } finally {
        await a.dispose();
        await b.dispose();
      }
    });
  });
}
