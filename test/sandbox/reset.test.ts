/**
 * `POST /admin/reset` (docs/sandbox.md): during load — a real client placing, reading and
 * cancelling, the simulated traders having run — the venue is reset; no request gets a 500,
 * and afterwards the state equals a fresh demo load (books, balances, positions, live orders,
 * catalog counts, keys). With the simulated traders live, a reset keeps them live and they
 * trade again. A database without the demo refuses unless told to wipe, which empties it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { deposit, orderBody, post, trader, type Trader } from '../trading/kit.js';
import { ADMIN, auth, state } from './kit.js';
import { createService } from '../../src/server.js';
import { openStore } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { DEMO_SEED, loadDemo } from '../../src/demo/load.js';
import { markDemo } from '../../src/sandbox/reset.js';
import { Client, liveService, type LiveService } from '../streams/kit.js';



describe('reset (sqlite)', () => {
  let fresh: TestService;
  let svc: TestService;
  let reference: Awaited<ReturnType<typeof state>>;
  before(async () => {
    fresh = await startTestService(backends()[0]!, { SIBYL_DEMO: '1', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off' });
    reference = await state(fresh);
    await fresh.dispose();
    svc = await startTestService(backends()[0]!, {
      SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '1', SIBYL_DEMO_RATE: '50', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off', SIBYL_BOOK_HISTORY_S: '1',
    });
  });
  after(async () => { await svc?.dispose(); });

  /** A client's load until `stop`: orders, cancels and reads, counting statuses. */
  function load(t: Trader, token: string, stop: { done: boolean }) {
    const statuses = new Map<number, number>();
    const note = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
    const worker = async (k: number) => {
      for (let i = 0; !stop.done; i++) {
        const price = (0.01 + ((i * 7 + k) % 20) / 100).toFixed(2);
        const r = await post(svc, t, 'POST', '/order', orderBody(t, token, 'BUY', price, '5'));
        note(r.statusCode);
        if (r.statusCode === 200 && r.json().orderID && i % 3 === 0) note((await post(svc, t, 'DELETE', '/order', { orderID: r.json().orderID })).statusCode);
        note((await svc.app.inject({ url: `/book?token_id=${token}` })).statusCode);
        note((await svc.app.inject({ url: '/events?limit=5' })).statusCode);
        note((await svc.app.inject({ url: `/trades?market=${token.split(':')[0]}` })).statusCode);
      }
    };
    return { statuses, done: Promise.all([0, 1, 2, 3].map(worker)) };
  }

  it('restores the fresh demo state while clients keep sending requests, none failing with a 500', async () => {
    const t = await trader(svc, '500');
    const token = svc.services.exchange.core.markets().find((m) => m.acceptingOrders)!.tokenIds[0];
    await new Promise((r) => setTimeout(r, 1500)); // the simulated traders move the venue
    assert.ok(svc.services.sandbox.counts()!.accepted > 10, 'the simulated traders traded');
    const paused = await svc.app.inject({ method: 'PUT', url: '/admin/demo', headers: auth, payload: { live: false } });
    assert.deepEqual(paused.json(), { live: false, rate: 50 });
    const stop = { done: false };
    const l = load(t, token, stop);
    await new Promise((r) => setTimeout(r, 300));
    const reset = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'reset' } });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal(reset.json().reset, 'demo');
    await new Promise((r) => setTimeout(r, 300));
    stop.done = true;
    await l.done;
    const codes = Object.fromEntries(l.statuses);
    console.log('# statuses during the reset:', JSON.stringify(codes), 'reset took', reset.json().ms, 'ms');
    assert.ok(![...l.statuses.keys()].some((s) => s >= 500), JSON.stringify(codes));
    assert.ok((l.statuses.get(200) ?? 0) > 20);
    // The client's key went with the reset: its requests after it are refused (401), never half-served.
    assert.ok((l.statuses.get(401) ?? 0) > 0, 'requests after the reset see the reset state');
    assert.deepEqual(await state(svc), reference);
  });

  it('keeps the simulated traders live through a reset, and they trade again', async () => {
    const on = await svc.app.inject({ method: 'PUT', url: '/admin/demo', headers: auth, payload: { live: true, rate: 50 } });
    assert.deepEqual(on.json(), { live: true, rate: 50 });
    await new Promise((r) => setTimeout(r, 800));
    const reset = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'reset' } });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.deepEqual(reset.json().demo, { live: true, rate: 50 });
    console.log('# a second reset (template reused) took', reset.json().ms, 'ms');
    const before = svc.services.sandbox.counts()!.accepted;
    await new Promise((r) => setTimeout(r, 1000));
    assert.ok(svc.services.sandbox.counts()!.accepted > before, 'the traders move the reset venue');
    const status = (await svc.app.inject({ url: '/admin/status', headers: auth })).json();
    assert.deepEqual(status.demo, { live: true, rate: 50 });
    assert.deepEqual(status.counts, reference.counts && { events: reference.counts.events, markets: reference.counts.markets, comments: reference.counts.comments, profiles: reference.counts.profiles });
    // A new key and deposit work on the reset venue (same credentials for the same wallet and nonce).
    const t = await trader(svc, '100');
    await deposit(svc, t.address, '1');
  });

  it('asks for confirmation', async () => {
    const r = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'yes' } });
    assert.equal(r.statusCode, 400);
    assert.match(r.json().error, /confirm/);
  });
});

describe('reset without the demo (sqlite)', () => {
  let svc: TestService;
  before(async () => { svc = await startTestService(backends()[0]!, { SIBYL_DEMO: '0', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off' }); });
  after(async () => { await svc?.dispose(); });

  it('refuses unless told to wipe, and a wipe empties the venue', async () => {
    const t = await trader(svc, '10');
    const refused = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'reset' } });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().error, /does not hold the demo/);
    assert.equal((await svc.app.inject({ url: '/admin/status', headers: auth })).json().demo.live, false);
    const wiped = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'reset', wipe: true } });
    assert.equal(wiped.statusCode, 200, wiped.body);
    assert.equal(wiped.json().reset, 'empty');
    const status = (await svc.app.inject({ url: '/admin/status', headers: auth })).json();
    assert.deepEqual(status.counts, { events: 0, markets: 0, comments: 0, profiles: 0 });
    assert.equal(svc.services.exchange.core.balance(t.address, 'USDC').free, 0);
    const keys = await svc.store.db.selectFrom('api_keys').select('address').execute();
    assert.deepEqual(keys, []);
  });
});

const pg = backends()[1]!;
describe('reset (postgres)', { skip: pg.skip }, () => {
  let svc: TestService;
  let dispose: () => Promise<void>;
  before(async () => {
    // Seeded as `sibyl seed --demo` does it: migrate, load the demo, mark it.
    const fresh = await pg.fresh({ SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off' });
    const store = openStore({ databaseUrl: fresh.config.databaseUrl, dataDir: fresh.config.dataDir });
    try {
      await migrateToLatest(store);
      await loadDemo(store);
      await markDemo(store.db, DEMO_SEED);
    } finally {
      await store.close();
    }
    const service = await createService(fresh.config, { logger: false });
    svc = { ...service, dispose: async () => { await service.close(); await fresh.dispose(); } };
    dispose = svc.dispose;
  });
  after(async () => { await dispose?.(); });

  it('restores the demo state in one transaction while serving', async () => {
    const reference = await state(svc);
    assert.equal((await svc.app.inject({ url: '/admin/status', headers: auth })).json().demo.live, false, 'off by default on PostgreSQL');
    const t = await trader(svc, '300');
    const token = svc.services.exchange.core.markets().find((m) => m.acceptingOrders)!.tokenIds[0];
    assert.equal((await post(svc, t, 'POST', '/order', orderBody(t, token, 'BUY', '0.02', '10'))).statusCode, 200);
    assert.notDeepEqual(await state(svc), reference);
    const stop = { done: false };
    const reads = (async () => {
      const codes: number[] = [];
      while (!stop.done) codes.push((await svc.app.inject({ url: `/book?token_id=${token}` })).statusCode, (await svc.app.inject({ url: '/events?limit=3' })).statusCode);
      return codes;
    })();
    const reset = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'reset' } });
    stop.done = true;
    assert.equal(reset.statusCode, 200, reset.body);
    assert.ok((await reads).every((s) => s === 200));
    assert.deepEqual(await state(svc), reference);
  });
});

describe('reset and the market channel (sqlite)', () => {
  let svc: LiveService;
  before(async () => { svc = await liveService(backends()[0]!, { SIBYL_DEMO: '1' }); });
  after(async () => { await svc?.dispose(); });

  it('sends subscribers the reset book of every token they hold, with a seq that goes on', async () => {
    const token = svc.services.exchange.core.markets().find((m) => m.acceptingOrders && m.tickSize === 10_000)!.tokenIds[0];
    const c = await Client.open(`${svc.url}/ws/market`);
    try {
      c.send({ type: 'market', assets_ids: [token] });
      const books = () => c.events().filter((e) => e.event_type === 'book' && e.asset_id === token);
      await c.until(() => books().length >= 1, 'the first book');
      const t = await trader(svc, '100');
      assert.equal((await post(svc, t, 'POST', '/order', orderBody(t, token, 'BUY', '0.01', '50'))).statusCode, 200);
      await c.until(() => c.events().some((e) => e.event_type === 'price_change'), 'the order\'s price change');
      const seqBefore = Math.max(...c.events().map((e) => Number(e.seq ?? 0)));
      const reset = await svc.app.inject({ method: 'POST', url: '/admin/reset', headers: auth, payload: { confirm: 'reset' } });
      assert.equal(reset.statusCode, 200, reset.body);
      const after = await c.until(() => books().length >= 2 && books().at(-1), 'the book after the reset', 10_000);
      const rest = (await svc.app.inject({ url: `/book?token_id=${token}` })).json();
      assert.deepEqual({ bids: after.bids, asks: after.asks }, { bids: rest.bids, asks: rest.asks });
      if (after.seq !== undefined) assert.ok(Number(after.seq) > seqBefore, `seq ${String(after.seq)} after ${seqBefore}`);
    } finally {
      c.close();
    }
  });
});
