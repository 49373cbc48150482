/**
 * A demo that looks alive (issue #37): loaded "today" (a first start), its dates are relative to
 * the load day — no open market ended in the past, the nearest ones end within weeks — and a
 * market's price history moves like a market's up to the load day: many distinct prices, hourly
 * moves of a market, no single jump bigger than 0.1, and a history that ends at the book's midpoint
 * (each fill observed as outcome 0's price: a fill of outcome 1 at p is 1 − p).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { demoBaseOf } from '../../src/demo/load.js';

const DAY = 86_400_000;

describe('the demo loaded today (sqlite)', () => {
  let svc: TestService;
  let loadedAt: number;
  before(async () => {
    loadedAt = Date.now();
    svc = await startTestService(backends()[0]!, { SIBYL_DEMO: '1' });
  });
  after(async () => { await svc?.dispose(); });

  it('has no open market whose end date is past; its "now" is the load day', async () => {
    const now = Date.now();
    const base = await demoBaseOf(svc.store.db);
    assert.equal(base, Math.floor(loadedAt / DAY) * DAY, 'the demo\'s "now" is the UTC midnight of the load day');
    const open = await svc.store.db.selectFrom('markets').select(['question', 'end_date']).where('closed', '=', 0).execute();
    assert.ok(open.length > 50, `open markets: ${open.length}`);
    const past = open.filter((m) => m.end_date !== null && Number(m.end_date) <= now);
    assert.deepEqual(past.map((m) => m.question), [], 'open markets that already ended');
    const soonest = Math.min(...open.map((m) => Number(m.end_date ?? Infinity)));
    assert.ok(soonest - now < 14 * DAY, `the nearest open market ends within two weeks of the load day (${new Date(soonest).toISOString()})`);
    // A date in a question is the market's own end date ("… on December 4?").
    const dated = open.filter((m) => /on [A-Z][a-z]+ \d{1,2}\?/.test(m.question));
    for (const m of dated) {
      const d = new Date(Number(m.end_date));
      const text = `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${d.getUTCDate()}`;
      assert.ok(m.question.includes(text), `${m.question} ends ${d.toISOString()}`);
    }
  });

  it('has a price history that moves like a market, up to the load day', async () => {
    const db = svc.store.db;
    const busiest = await db.selectFrom('trades').innerJoin('markets', 'markets.condition_id', 'trades.market')
      .select(['trades.market as condition_id', (eb) => eb.fn.countAll<number>().as('n')]).where('markets.closed', '=', 0)
      .groupBy('trades.market').orderBy('n', 'desc').limit(5).execute();
    assert.equal(busiest.length, 5);
    for (const { condition_id: cid } of busiest) {
      const market = (await svc.app.inject({ url: `/markets/${cid}` })).json();
      const token = market.tokens[0].token_id as string;
      const res = await svc.app.inject({ url: `/prices-history?market=${encodeURIComponent(token)}&interval=max&fidelity=60` });
      assert.equal(res.statusCode, 200, res.body);
      const points = (res.json().history as Array<{ t: number; p: number }>);
      assert.ok(points.length > 100, `${cid}: ${points.length} points`);
      const distinct = new Set(points.map((x) => x.p));
      assert.ok(distinct.size >= 8, `${cid}: ${distinct.size} distinct prices`);
      const moves = points.slice(1).map((x, i) => Math.abs(x.p - points[i]!.p)).sort((a, b) => a - b);
      assert.ok(moves[Math.floor(moves.length * 0.99)]! <= 0.05, `${cid}: moves like a market (99th percentile of hourly moves ${moves[Math.floor(moves.length * 0.99)]})`);
      const last = points.at(-1)!;
      assert.ok(Date.now() / 1000 - last.t < 2 * 86_400, `${cid}: the history reaches the load day (last point ${new Date(last.t * 1000).toISOString()})`);
    }
  });

  it('has no single jump bigger than 0.1 in a market\'s hourly history, and ends at the book\'s midpoint', async () => {
    const db = svc.store.db;
    const markets = await db.selectFrom('markets').select('condition_id').where('closed', '=', 0).limit(20).execute();
    for (const { condition_id: cid } of markets) {
      const token = (await svc.app.inject({ url: `/markets/${cid}` })).json().tokens[0].token_id as string;
      const points = (await svc.app.inject({ url: `/prices-history?market=${encodeURIComponent(token)}&interval=max&fidelity=60` })).json().history as Array<{ p: number }>;
      for (let i = 1; i < points.length; i++) assert.ok(Math.abs(points[i]!.p - points[i - 1]!.p) <= 0.1, `${cid}: ${points[i - 1]!.p} → ${points[i]!.p}`);
      const mid = Number((await svc.app.inject({ url: `/midpoint?token_id=${encodeURIComponent(token)}` })).json().mid);
      if (points.length > 0) assert.ok(Math.abs(mid - points.at(-1)!.p) <= 0.05, `${cid}: history ends at ${points.at(-1)!.p}, the book's midpoint is ${mid}`);
    }
  });
});
