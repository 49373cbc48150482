/**
 * Integrity on every rebuild (issue #33 §2) and commands that break (§6): a database that breaks
 * the ledger invariants is reported in /admin/status and /metrics, new orders and ledger
 * operations are refused (cancels and reads go on) until the operator acknowledges; a deposit
 * past the exact range is refused with its limit; a command that throws half-way leaves the
 * exchange exactly as before it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { createService, type Service } from '../../src/server.js';
import { ADMIN, deposit, newMarket, orderBody, post, trader } from '../trading/kit.js';
import type { TestService } from '../support/service.js';
import { COLLATERAL } from '../../src/ledger/types.js';
import { MAX_AMOUNT } from '../../src/domain/money.js';
import { openStore, type Store } from '../../src/store/db.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { checkInvariants, type CommandBody } from '../../src/core/index.js';
import { faultyIds } from '../support/faulty-ids.js';

const admin = (svc: Service, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  svc.app.inject({ method, url, headers: { authorization: `Bearer ${ADMIN}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function metric(svc: Service, name: string): Promise<number> {
  const text = (await svc.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN}` } })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  assert.ok(line, `${name} is exported`);
  return Number(line.split(' ')[1]);
}

for (const backend of backends()) {
  describe(`integrity on rebuild (${backend.name})`, { skip: backend.skip }, () => {
    it('a corrupted ledger is reported and holds new orders until the operator acknowledges', async () => {
      const { config, dispose } = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn' });
      let svc = await createService(config, { logger: false }) as TestService;
      try {
        const cid = await newMarket(svc);
        const alice = await trader(svc, '100');
        const resting = await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.40', '10'));
        assert.equal(resting.json().success, true);
        const healthy = (await admin(svc, 'GET', '/admin/status')).json();
        assert.equal(healthy.integrity.ok, true);
        assert.deepEqual(healthy.integrity.violations, []);
        await svc.close();

        // Money appears from nowhere: the wallet's row no longer matches what was deposited.
        const { openStore } = await import('../../src/store/db.js');
        const raw = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
        await raw.db.updateTable('balances').set((eb) => ({ free: eb('free', '+', 5_000_000) }))
          .where('wallet', '=', alice.address).where('asset', '=', COLLATERAL).execute();
        await raw.close();

        const logged: string[] = [];
        svc = await createService(config, { logger: true, logStream: { write: (l: string) => { logged.push(l); } } }) as TestService;
        const status = (await admin(svc, 'GET', '/admin/status')).json();
        assert.equal(status.integrity.ok, false);
        assert.equal(status.integrity.holding, true);
        assert.ok(status.integrity.violations.some((v: string) => /collateral .* deposited − withdrawn/.test(v)), status.integrity.violations.join('; '));
        assert.ok(logged.some((l) => l.includes('INTEGRITY CHECK FAILED') && l.includes('"level":60')), 'logged loudly');
        assert.equal(await metric(svc, 'sibyl_integrity_ok'), 0);
        assert.ok(await metric(svc, 'sibyl_integrity_violations') >= 1);

        const refused = await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.30', '10'));
        assert.equal(refused.statusCode, 503);
        assert.match(refused.json().error, /integrity check/);
        const split = await post(svc, alice, 'POST', '/split', { market: cid, amount: '1000000' });
        assert.equal(split.statusCode, 503, 'ledger operations are held too');
        const book = await svc.app.inject({ method: 'GET', url: `/book?token_id=${cid}:0` });
        assert.equal(book.statusCode, 200, 'reads go on');
        assert.equal(book.json().bids.length, 1);
        const cancel = await post(svc, alice, 'DELETE', '/cancel-all');
        assert.equal(cancel.statusCode, 200, 'cancels go on');
        assert.equal(cancel.json().canceled.length, 1);

        const ack = await admin(svc, 'POST', '/admin/integrity/acknowledge');
        assert.equal(ack.statusCode, 200);
        assert.equal(ack.json().acknowledged, true);
        const after = (await admin(svc, 'GET', '/admin/status')).json();
        assert.equal(after.integrity.holding, false);
        assert.ok(after.integrity.acknowledgedAt);
        const accepted = await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.31', '10'));
        assert.equal(accepted.json().success, true, 'orders are accepted once acknowledged');
      } finally {
        await svc.close();
        await dispose();
      }
    });

    it('a deposit past the exact range is refused with its limit and changes nothing', async () => {
      const { config, dispose } = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN });
      const svc = await createService(config, { logger: false }) as TestService;
      try {
        const cid = await newMarket(svc);
        const whale = await trader(svc, '0');
        // 9,007 of the largest deposit one request may make (1M USDC) stay inside 2^53 micro-units;
        // the 9,008th would pass it (the drill's 9,008,000,000 USDC).
        const big = String(MAX_AMOUNT);
        for (let i = 0; i < 9007; i += 500) {
          await Promise.all(Array.from({ length: Math.min(500, 9007 - i) }, () => svc.services.exchange.submit({ type: 'deposit', wallet: whale.address, amount: MAX_AMOUNT })));
        }
        await deposit(svc, whale.address, '1'); // and the route still takes a small one
        const before = svc.services.exchange.core.balance(whale.address, COLLATERAL);
        const res = await admin(svc, 'POST', `/admin/wallets/${whale.address}/deposit`, { amount: big });
        assert.equal(res.statusCode, 400);
        assert.match(res.json().error, /at most 9007199254740991 micro-units/);
        assert.deepEqual(svc.services.exchange.core.balance(whale.address, COLLATERAL), before, 'memory unchanged');
        // The wallet still trades and splits: nothing was left half-applied.
        const order = await post(svc, whale, 'POST', '/order', orderBody(whale, `${cid}:0`, 'BUY', '0.50', '10'));
        assert.equal(order.json().success, true);
        const split = await post(svc, whale, 'POST', '/split', { market: cid, amount: '1000000' });
        assert.equal(split.statusCode, 200);
        const status = (await admin(svc, 'GET', '/admin/status')).json();
        assert.equal(status.integrity.ok, true);
      } finally {
        await svc.close();
        await dispose();
      }
    });

    it('a command that throws half-way leaves the exchange as before it; later commands run', async () => {
      const { config, dispose } = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN });
      const svc = await createService(config, { logger: false }) as TestService;
      let open = true;
      let store: Store | undefined;
      let exchange: ExchangeService | undefined;
      try {
        const cid = await newMarket(svc);
        const alice = await trader(svc, '100');
        const bob = await trader(svc, '100');
        assert.equal((await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.40', '10'))).json().success, true);
        assert.equal((await post(svc, bob, 'POST', '/split', { market: cid, amount: '10000000' })).statusCode, 200);
        await svc.close();
        open = false;
        // Commands are data: the fault is planted in the core's id source, which the service takes
        // from no configuration, so the exchange is opened on the same database with one that fails.
        store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
        const ids = faultyIds();
        exchange = await ExchangeService.open(store, { ids });
        const before = exchange.core.snapshot();
        const yes = exchange.core.tokenIds(cid)![0];
        const sell: CommandBody = { type: 'place', order: { wallet: bob.address, tokenId: yes, side: 'SELL', price: 400_000, size: 10_000_000, type: 'GTC' } };
        // Bob's sell crosses Alice's bid: its trade id throws once the order is created and its tokens reserved.
        ids.failOn('trade');
        const fault = exchange.submit(sell);
        await assert.rejects(fault, (e: Error & { status?: number }) => e.status === 503);
        assert.equal(ids.thrown, 1, 'the fault was met inside the command');
        // Refused while the core is rebuilt, then served again from the database's state.
        for (let i = 0; i < 100 && (await exchange.submit({ type: 'deposit', wallet: alice.address, amount: 0 }).then(() => true, (e: Error) => !/rebuilding/.test(e.message))) === false; i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.deepEqual(exchange.core.snapshot(), before, 'memory is exactly as before the command');
        assert.equal(exchange.core.balance(alice.address, COLLATERAL).free + exchange.core.balance(alice.address, COLLATERAL).reserved, 100_000_000);
        assert.equal(exchange.core.balance(bob.address, yes).free, 10_000_000, 'the tokens the broken sell reserved are free');
        const order = await exchange.submit({ type: 'place', order: { wallet: alice.address, tokenId: yes, side: 'BUY', price: 410_000, size: 10_000_000, type: 'GTC' } });
        assert.equal(order.ok, true);
        const traded = await exchange.submit(sell);
        assert.ok(traded.ok && traded.tradeIds.length === 1, 'the same sell, sent again, trades');
        checkInvariants(exchange.core);
      } finally {
        if (open) await svc.close();
        await exchange?.close();
        await store?.close();
        await dispose();
      }
    });
  });
}
