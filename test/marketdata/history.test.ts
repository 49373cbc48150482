/**
 * Price history from the stored fills: bucket construction (last fill in the bucket, carried
 * forward), outcome 1 = 1 − outcome 0, interval vs startTs/endTs, fidelity, the batch form,
 * history after resolution, the cache following new fills, and every error path — on SQLite
 * and PostgreSQL. Trade times come from the service's injected clock.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { A, B, kit, micro, type Kit } from './support.js';

for (const backend of backends()) {
  describe(`price history (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let m: string;
    let quiet: string;
    let yes: string;
    let no: string;
    let quietYes: string;
    let quietNo: string;
    let t0: number; // Unix seconds, minute-aligned
    const at = async (offsetS: number) => { k.clock.now = (t0 + offsetS) * 1000; };
    before(async () => {
      k = await kit(backend);
      [m, quiet] = await k.markets([{}, {}]);
      [yes, no] = await tokenIdsOf(k.svc, m!);
      [quietYes, quietNo] = await tokenIdsOf(k.svc, quiet!);
      await k.fund(A, [m!]);
      await k.fund(B, [m!]);
      t0 = Math.floor(k.clock.now / 60_000) * 60;
      await at(10);
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.4), size: micro(10) });
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.4), size: micro(10), type: 'FOK' });
      await at(90); // a fill of outcome 1 at 0.48 observes outcome 0 at 0.52
      await k.order({ wallet: A, tokenId: no, side: 'BUY', price: micro(0.48), size: micro(10) });
      await k.order({ wallet: B, tokenId: no, side: 'SELL', price: micro(0.48), size: micro(10), type: 'FOK' });
      await at(300);
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.6), size: micro(10) });
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.6), size: micro(10), type: 'FOK' });
      await at(630);
    });
    after(async () => { await k?.svc.dispose(); });

    const expected0 = () => {
      const pts: Array<{ t: number; p: number }> = [{ t: t0, p: 0.4 }];
      for (let i = 1; i <= 10; i++) pts.push({ t: t0 + 60 * i, p: i < 5 ? 0.52 : 0.6 });
      return pts;
    };

    it('interval + fidelity: one point per bucket from the first fill, carried forward', async () => {
      const r = await k.get(`/prices-history?market=${yes}&interval=1h&fidelity=1`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { history: expected0() });
      const alias = await k.get(`/prices-history?market=${m}:0&interval=1h&fidelity=1`);
      assert.equal(alias.text, r.text, 'the alias <condition_id>:0 names the same token');
      const other = await k.get(`/prices-history?market=${no}&interval=1h&fidelity=1`);
      assert.deepEqual(other.body.history, expected0().map(({ t, p }) => ({ t, p: Math.round((1 - p) * 1e6) / 1e6 })));
      const five = await k.get(`/prices-history?market=${yes}&interval=1d&fidelity=5`);
      assert.deepEqual(five.body.history, [{ t: t0, p: 0.52 }, { t: t0 + 300, p: 0.6 }, { t: t0 + 600, p: 0.6 }]);
    });

    it('startTs/endTs select a range; no interval means max; a market without fills has no points', async () => {
      const r = await k.get(`/prices-history?market=${yes}&startTs=${t0 + 60}&endTs=${t0 + 200}&fidelity=1`);
      assert.deepEqual(r.body.history, [{ t: t0 + 60, p: 0.52 }, { t: t0 + 120, p: 0.52 }, { t: t0 + 180, p: 0.52 }]);
      const max = await k.get(`/prices-history?market=${yes}&fidelity=1`);
      assert.deepEqual(max.body.history, expected0());
      const dflt = await k.get(`/prices-history?market=${yes}&interval=max`);
      assert.deepEqual(dflt.body.history, expected0());
      const none = await k.get(`/prices-history?market=${quietYes}&interval=1w&fidelity=1`);
      assert.deepEqual(none.body, { history: [] });
    });

    it('startTs/endTs in the middle of a bucket: every point lies inside [startTs, endTs], at every fidelity', async () => {
      // Fills: t0+10 at 0.4, t0+90 at 0.52, t0+300 at 0.6; now t0+630.
      const history = async (startTs: number, endTs: number, fidelity: number) =>
        (await k.get(`/prices-history?market=${yes}&startTs=${startTs}&endTs=${endTs}&fidelity=${fidelity}`)).body.history;
      assert.deepEqual(await history(t0 + 30, t0 + 200, 1), [{ t: t0 + 60, p: 0.52 }, { t: t0 + 120, p: 0.52 }, { t: t0 + 180, p: 0.52 }]);
      assert.deepEqual(await history(t0 + 100, t0 + 400, 2), [{ t: t0 + 120, p: 0.52 }, { t: t0 + 240, p: 0.6 }, { t: t0 + 360, p: 0.6 }]);
      assert.deepEqual(await history(t0 + 30, t0 + 630, 5), [{ t: t0 + 300, p: 0.6 }, { t: t0 + 600, p: 0.6 }]);
      // A window holding no bucket start has no point; one starting on a boundary keeps that bucket.
      assert.deepEqual(await history(t0 + 70, t0 + 110, 1), []);
      assert.deepEqual(await history(t0 + 300, t0 + 301, 5), [{ t: t0 + 300, p: 0.6 }]);
      // The last bucket, cut by endTs, shows the price at endTs, not the fill at t0+90 after it.
      assert.deepEqual(await history(t0, t0 + 60, 5), [{ t: t0, p: 0.4 }]);
      for (const fidelity of [1, 2, 3, 5, 7, 15, 60]) {
        for (const [from, to] of [[1, 599], [45, 250], [119, 121], [299, 629], [10, 90]] as const) {
          const pts = await history(t0 + from, t0 + to, fidelity);
          for (const { t } of pts) assert.ok(t >= t0 + from && t <= t0 + to, `fidelity ${fidelity}, [${from}, ${to}]: t0+${t - t0}`);
          const starts = Math.floor((t0 + to) / (fidelity * 60)) - Math.ceil((t0 + from) / (fidelity * 60)) + 1; // epoch-aligned
          assert.equal(pts.length, Math.max(starts, 0), `fidelity ${fidelity}, [${from}, ${to}]: one point per bucket starting inside`);
        }
      }
    });

    it('POST /batch-prices-history follows the same rule: start_ts/end_ts in a bucket', async () => {
      const r = await k.post('/batch-prices-history', { markets: [yes, no], start_ts: t0 + 30, end_ts: t0 + 200, fidelity: 1 });
      assert.equal(r.status, 200);
      const pts = [{ t: t0 + 60, p: 0.52 }, { t: t0 + 120, p: 0.52 }, { t: t0 + 180, p: 0.52 }];
      assert.deepEqual(r.body, { history: { [yes]: pts, [no]: pts.map(({ t }) => ({ t, p: 0.48 })) } });
      const five = await k.post('/batch-prices-history', { markets: [yes], start_ts: t0 + 30, end_ts: t0 + 630, fidelity: 5 });
      assert.deepEqual(five.body, { history: { [yes]: [{ t: t0 + 300, p: 0.6 }, { t: t0 + 600, p: 0.6 }] } });
      const cut = await k.post('/batch-prices-history', { markets: [yes], start_ts: t0, end_ts: t0 + 60, fidelity: 5 });
      assert.deepEqual(cut.body, { history: { [yes]: [{ t: t0, p: 0.4 }] } });
    });

    it('POST /batch-prices-history answers per token', async () => {
      // end_ts t0+60: the bucket at t0+60 shows the price then (0.4), not the fill at t0+90.
      const r = await k.post('/batch-prices-history', { markets: [yes, no, quietNo], start_ts: t0, end_ts: t0 + 60, fidelity: 1 });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { history: { [yes]: [{ t: t0, p: 0.4 }, { t: t0 + 60, p: 0.4 }], [no]: [{ t: t0, p: 0.6 }, { t: t0 + 60, p: 0.6 }], [quietNo]: [] } });
      const iv = await k.post('/batch-prices-history', { markets: [yes], interval: '1h', fidelity: 60 });
      assert.deepEqual(iv.body, { history: { [yes]: [{ t: t0, p: 0.6 }] } });
    });

    it('new fills show at once (cache follows the market\'s trades), and history stays after resolution', async () => {
      const url = `/prices-history?market=${yes}&startTs=${t0}&endTs=${t0 + 3600}&fidelity=1`;
      const a = await k.get(url);
      assert.equal(a.text, (await k.get(url)).text);
      await at(700);
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.7), size: micro(10) });
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.7), size: micro(10), type: 'FOK' });
      await at(760);
      const b = await k.get(url);
      assert.deepEqual(b.body.history.at(-1), { t: t0 + 720, p: 0.7 });
      assert.deepEqual(b.body.history.at(-2), { t: t0 + 660, p: 0.7 });
      assert.deepEqual(b.body.history.at(-3), { t: t0 + 600, p: 0.6 });
      const res = await k.svc.services.exchange.submit({ type: 'resolve', conditionId: m, payouts: [1_000_000, 0] });
      assert.equal(res.ok, true);
      await at(3 * 86_400);
      // Points end at min(endTs, now, resolution): resolved at t0 + 760 s on the exchange clock,
      // so the history is exactly what it was, and it stays after resolution.
      const c = await k.get(url);
      assert.deepEqual(c.body.history, b.body.history);
      assert.deepEqual(c.body.history.at(-1), { t: t0 + 720, p: 0.7 });
      const max = await k.get(`/prices-history?market=${no}&interval=max&fidelity=60`);
      assert.deepEqual(max.body.history, [{ t: t0, p: 0.3 }], 'max ends at the resolution too');
    });

    it('errors: market, interval, range, fidelity, batch size', async () => {
      const cases: Array<[string, number, string?]> = [
        ['/prices-history', 400],
        ['/prices-history?market=junk', 400, 'Invalid token id'],
        [`/prices-history?market=0x${'aa'.repeat(32)}:0`, 404, 'No orderbook exists for the requested token id'],
        [`/prices-history?market=${yes}&interval=2h`, 400, 'interval must be one of: 1h, 6h, 1d, 1w, 1m, max'],
        [`/prices-history?market=${yes}&interval=1h&startTs=${t0}`, 400, 'interval cannot be combined with startTs/endTs'],
        [`/prices-history?market=${yes}&startTs=${t0 + 10}&endTs=${t0}`, 400, 'startTs must be before endTs'],
        [`/prices-history?market=${yes}&fidelity=0`, 400],
        [`/prices-history?market=${yes}&fidelity=abc`, 400],
        [`/prices-history?market=${yes}&startTs=-5`, 400],
        [`/prices-history?market=${yes}&startTs=0&fidelity=1`, 400],
      ];
      for (const [url, status, error] of cases) {
        const r = await k.get(url);
        assert.equal(r.status, status, url);
        assert.deepEqual(Object.keys(r.body), ['error'], url);
        if (error) assert.equal(r.body.error, error, url);
      }
      const many = await k.post('/batch-prices-history', { markets: Array.from({ length: 21 }, () => yes) });
      assert.equal(many.status, 400);
      const mixed = await k.post('/batch-prices-history', { markets: [yes], interval: '1d', start_ts: t0 });
      assert.deepEqual([mixed.status, mixed.body], [400, { error: 'interval cannot be combined with startTs/endTs' }]);
      const bad = await k.post('/batch-prices-history', { markets: [yes, 'nope'] });
      assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid token id' }]);
      assert.equal((await k.post('/batch-prices-history', { markets: [] })).status, 400);
    });
  });
}
