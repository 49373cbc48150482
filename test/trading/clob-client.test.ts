/**
 * The real, unmodified `@polymarket/clob-client` reads our account routes with its own
 * pagination loops: `getOpenOrders` (pages of 100; our last page ends with "" and the
 * follow-up request with an empty cursor answers LTE=, docs/venue.md §5) and `getTrades`.
 * Orders are placed through our HTTP API (the client's order builder signs uint256 token ids,
 * which our `<condition_id>:<index>` token ids are not — see docs/trading.md).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient } from '@polymarket/clob-client';
import { createWalletClient, http } from 'viem';
import { polygon } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { deposit, newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

for (const backend of backends()) {
  describe(`real clob-client reads the account (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let host: string;
    before(async () => {
      svc = await tradingService(backend);
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => { await svc?.dispose(); });

    it('walks open orders and trades to the end with its own loops', async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      const signer = createWalletClient({ account, chain: polygon, transport: http('http://127.0.0.1:9') });
      const creds = await new ClobClient(host, 137, signer).createOrDeriveApiKey();
      const me: Trader = { address: account.address, creds: { apiKey: creds.key, secret: creds.secret, passphrase: creds.passphrase } };
      await deposit(svc, me.address, '5000');
      const cid = await newMarket(svc);
      const [yes] = await tokenIdsOf(svc, cid);
      const ids = new Set<string>();
      for (let i = 0; i < 130; i++) {
        const r = await post(svc, me, 'POST', '/order', orderBody(me, yes, 'BUY', (0.01 + (i % 40) / 100).toFixed(2), '5'));
        assert.equal(r.statusCode, 200, r.body);
        ids.add(r.json().orderID);
      }
      const seller = await trader(svc);
      await post(svc, seller, 'POST', '/split', { market: cid, amount: '50000000' });
      const sold = await post(svc, seller, 'POST', '/order', orderBody(seller, yes, 'SELL', '0.40', '5', { orderType: 'FAK' }));
      assert.equal(sold.json().status, 'matched', sold.body);

      const client = new ClobClient(host, 137, signer, creds);
      const open = await client.getOpenOrders();
      assert.equal(open.length, 129, 'one order was filled; every other open order comes back once');
      assert.equal(new Set(open.map((o) => o.id)).size, 129);
      for (const o of open) assert.ok(ids.has(o.id));
      for (const o of open) assert.equal((o as unknown as { assetId: string }).assetId, yes, 'the position id');
      const trades = await client.getTrades();
      assert.equal(trades.length, 1);
      assert.equal((trades[0] as unknown as { type: string }).type, 'MAKER');
      const byMarket = await client.getOpenOrders({ market: cid });
      assert.equal(byMarket.length, 129);
    });
  });
}
