/**
 * Every fault at once, with the simulated traders on (issue #41): bots trade over real sockets
 * through execution errors, lost answers, latency, a restart, post-only, cancel-only and
 * disabled windows (each scoped to one bot) and a frozen stream, while the traders move the demo
 * venue; afterwards the ledger invariants hold.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { findViolations } from '../../src/core/index.js';
import { ADMIN, deposit, orderBody, trader, type Trader } from '../trading/kit.js';
import { call, provoke, type LiveService } from './kit.js';

describe('every fault at once, simulated traders on (sqlite)', () => {
  const clock = { now: Date.now() };
  let svc: LiveService;
  let bots: Trader[];
  let token: string;
  before(async () => {
    const base: TestService = await startTestService(backends()[0]!, {
      SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '1', SIBYL_DEMO_RATE: '50', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_BOOK_HISTORY_S: '0', SIBYL_RATE_LIMITS: 'off', SIBYL_SIGNER_LIMITS: 'enforce',
    }, { now: () => clock.now, sandboxManual: true });
    svc = { ...base, base: await base.app.listen({ host: '127.0.0.1', port: 0 }) };
    const core = svc.services.exchange.core;
    const m = core.markets().find((x) => x.acceptingOrders && x.status === 'active' && !x.negRisk)!;
    token = m.tokenIds[0];
    bots = [];
    for (let i = 0; i < 5; i++) { const t = await trader(svc, '0'); await deposit(svc, t.address, '1000'); bots.push(t); }
  });
  after(async () => { await svc?.dispose(); });

  it('answers each bot its fault, and the ledger invariants hold', async () => {
    const [a, b, c, d, e] = bots as [Trader, Trader, Trader, Trader, Trader];
    await provoke(svc, { kind: 'execution_error', rate: 0.3, seed: 1 });
    await provoke(svc, { kind: 'lost_answer', rate: 0.3, seed: 2 });
    await provoke(svc, { kind: 'latency', ms: 2, jitterMs: 2, families: ['clob', 'data'] });
    await provoke(svc, { kind: 'stream_freeze' });
    await provoke(svc, { kind: 'engine_restart', scope: { wallet: b.address }, durationS: 3600 });
    await provoke(svc, { kind: 'post_only', scope: { wallet: c.address }, durationS: 3600 });
    await provoke(svc, { kind: 'cancel_only', scope: { wallet: d.address } });
    await provoke(svc, { kind: 'trading_disabled', scope: { wallet: e.address } });
    const statuses = new Map<string, number>();
    let lost = 0;
    for (let i = 0; i < 60; i++) {
      clock.now += 100;
      await svc.services.sandbox.advance();
      for (const bot of bots) {
        const price = (0.3 + (i % 20) / 100).toFixed(2);
        const body = orderBody(bot, token, i % 2 ? 'BUY' : 'SELL', price, '5', { postOnly: i % 3 === 0 });
        body.order.salt = String(1_000 + i);
        try {
          const r = await call(svc, bot, 'POST', '/order', body);
          statuses.set(String(r.status), (statuses.get(String(r.status)) ?? 0) + 1);
        } catch { if (bot === a || bot === c) lost++; }
        if (i % 10 === 9) await call(svc, bot, 'DELETE', '/cancel-all').catch(() => undefined);
      }
    }
    assert.ok(lost > 0, 'some answers were lost');
    for (const s of ['200', '425', '500', '503']) assert.ok((statuses.get(s) ?? 0) > 0, `${s}: ${JSON.stringify([...statuses])}`);
    assert.ok((svc.services.sandbox.counts()?.orders ?? 0) > 50, 'the simulated traders traded meanwhile');
    assert.deepEqual(findViolations(svc.services.exchange.core), []);
  });
});
