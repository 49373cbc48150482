/**
 * Historical order books (docs/sandbox.md): with SIBYL_BOOK_HISTORY_S=2 on an injected clock,
 * the simulated traders move the demo's books; the recorder keeps a snapshot of each changed
 * book at most once per 2 s per token — and one on every trade for a market the operator asked
 * for. `GET /orderbook-history` answers exactly the stored entries, in time order, by range and
 * page, each equal to what `GET /book` answered at that time; bad parameters get `{error}`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';

const START = Date.UTC(2026, 10, 2, 12, 0, 0);
const ADMIN = 'sandbox-admin-token-0123456789';
const SPACING_MS = 2000;
const STEPS = 3000; // 30 s at one move per 10 ms

interface Snap { timestamp: string; hash: string; asset_id: string; market: string }

describe('order-book history (sqlite)', () => {
  let svc: TestService;
  const clock = { now: START };
  const seen = new Map<string, Map<string, string>>(); // token → hash → the /book body with it
  const watched: string[] = [];
  let everyTrade: string[] = [];

  const get = async (url: string) => {
    const res = await svc.app.inject({ url });
    return { status: res.statusCode, text: res.body, body: res.json() as any };
  };

  before(async () => {
    svc = await startTestService(backends()[0]!, {
      SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '1', SIBYL_DEMO_RATE: '100', SIBYL_DEMO_SEED: '3', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_BOOK_HISTORY_S: '2', SIBYL_RATE_LIMITS: 'off',
    }, { now: () => clock.now, sandboxManual: true });
    // The markets the traders touch most in a dry count are many; watch the tokens of a few busy ones.
    const markets = svc.services.exchange.core.markets().filter((m) => m.acceptingOrders).map((m) => m.conditionId).sort().slice(0, 8);
    for (const m of markets) watched.push(`${m}:0`, `${m}:1`);
    everyTrade = markets.slice(0, 4); // recorded on every trade too; the other 4 by the spacing alone
    for (const m of everyTrade) {
      const put = await svc.app.inject({
        method: 'PUT', url: `/admin/markets/${m}/book-history`, headers: { authorization: `Bearer ${ADMIN}` }, payload: { every_trade: true },
      });
      assert.equal(put.statusCode, 200, put.body);
    }
    for (let i = 0; i < STEPS; i++) {
      clock.now += 10;
      await svc.services.sandbox.advance();
      await svc.services.bookHistory.tick();
      for (const t of watched) {
        const b = await get(`/book?token_id=${t}`);
        let m = seen.get(t);
        if (!m) seen.set(t, (m = new Map()));
        m.set(b.body.hash, b.text);
      }
    }
    await svc.services.bookHistory.flush();
  });
  after(async () => { await svc?.dispose(); });

  it('stores snapshots equal to what /book answered, at most one per spacing per token but for every-trade markets', async () => {
    let total = 0;
    let moved = 0;
    let throttled = 0; // tokens whose book changed more often than it was recorded
    for (const t of watched) {
      const h = await get(`/orderbook-history?asset_id=${t}&limit=1000`);
      assert.equal(h.status, 200, h.text);
      assert.equal(h.body.count, h.body.data.length);
      const data = h.body.data as Snap[];
      total += data.length;
      if (data.length > 1) moved++;
      for (const [i, s] of data.entries()) {
        assert.equal(JSON.stringify(s), seen.get(t)!.get(s.hash), `${t} entry ${i} is a /book answer`);
        if (i > 0) assert.ok(Number(s.timestamp) >= Number(data[i - 1]!.timestamp), 'time order');
      }
      if (everyTrade.some((m) => t.startsWith(m))) continue;
      // One snapshot at most per spacing (the first change is taken at once, later ones after the spacing).
      assert.ok(data.length <= Math.floor((STEPS * 10) / SPACING_MS) + 1, `${t}: ${data.length} snapshots in ${STEPS / 100} s`);
      if (seen.get(t)!.size > data.length + 5) throttled++;
    }
    assert.ok(moved >= 5, `tokens with several snapshots: ${moved}`);
    assert.ok(throttled >= 2, `tokens recorded less often than they changed: ${throttled}`);
    let traded = 0;
    for (const m of everyTrade) {
      const trades = await get(`/trades?market=${m}`);
      const fresh = (trades.body.data as Array<{ match_time: string }>).filter((x) => (/^\d+$/.test(x.match_time) ? Number(x.match_time) * 1000 : Date.parse(x.match_time)) > START);
      const rows = await get(`/orderbook-history?asset_id=${m}:0&limit=1000`);
      assert.ok(rows.body.count >= fresh.length, `every trade recorded: ${rows.body.count} snapshots, ${fresh.length} trades`);
      traded += fresh.length;
    }
    console.log(`# every-trade markets: ${traded} trades; ${total} snapshots of ${watched.length} tokens`);
    assert.ok(traded >= 3, `trades on the every-trade markets: ${traded}`);
  });

  it('pages and ranges return exactly the stored entries', async () => {
    const token = watched.map((t) => t).sort((a, b) => (seen.get(b)!.size - seen.get(a)!.size))[0]!;
    const all = (await get(`/orderbook-history?asset_id=${token}&limit=1000`)).body;
    assert.ok(all.count >= 3, `count ${all.count}`);
    const paged: Snap[] = [];
    for (let offset = 0; offset < all.count; offset += 2) {
      const p = (await get(`/orderbook-history?asset_id=${token}&limit=2&offset=${offset}`)).body;
      assert.equal(p.count, all.count);
      paged.push(...p.data);
    }
    assert.deepEqual(paged, all.data);
    const from = all.data[1].timestamp;
    const to = all.data[all.count - 1].timestamp;
    const ranged = (await get(`/orderbook-history?asset_id=${token}&startTs=${from}&endTs=${to}&limit=1000`)).body;
    assert.deepEqual(ranged.data, all.data.filter((s: Snap) => Number(s.timestamp) >= Number(from) && Number(s.timestamp) <= Number(to)));
    assert.equal(ranged.count, ranged.data.length);
    const none = (await get(`/orderbook-history?asset_id=${token}&endTs=${START - 1}`)).body;
    assert.equal(none.count, 0);
    assert.deepEqual(none.data, []);
  });

  it('prunes the snapshots older than the retention, oldest first, in batches', async () => {
    const token = watched.sort((a, b) => (seen.get(b)!.size - seen.get(a)!.size))[0]!;
    const all = (await get(`/orderbook-history?asset_id=${token}&limit=1000`)).body.data as Snap[];
    const cutoff = Number(all[Math.floor(all.length / 2)]!.timestamp);
    let deleted = 0;
    for (let n = -1; n !== 0;) deleted += (n = await svc.services.bookHistory.pruneOnce(cutoff));
    assert.ok(deleted >= Math.floor(all.length / 2), `deleted ${deleted}`);
    const left = (await get(`/orderbook-history?asset_id=${token}&limit=1000`)).body.data as Snap[];
    assert.deepEqual(left, all.filter((x) => Number(x.timestamp) >= cutoff));
  });

  it('answers bad parameters with the simple error shape', async () => {
    for (const q of ['', 'asset_id=nope', `asset_id=${watched[0]}&startTs=abc`, `asset_id=${watched[0]}&limit=0`, `asset_id=${watched[0]}&limit=1001`,
      `asset_id=${watched[0]}&offset=-1`, `asset_id=${watched[0]}&startTs=10&endTs=5`]) {
      const r = await get(`/orderbook-history?${q}`);
      assert.equal(r.status, 400, q);
      assert.deepEqual(Object.keys(r.body), ['error'], q);
    }
  });
});
