/**
 * In `ctf` mode every token id Sibyl shows is the position id — here the routes the client tests
 * do not read: the data API (positions, activity, holders), market trades, prices, and the
 * WebSocket market and user channels (subscribed by position id) — and no `<condition_id>:<index>`
 * is left in any of those answers. The same ids work in `seed` mode as input (docs/bots.md).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { liveService, Client, type LiveService } from '../streams/kit.js';
import { orderBody, post, trader, type Trader } from '../trading/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { market } from './kit.js';
import type { TestService } from '../support/service.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const INTERNAL = /0x[0-9a-f]{64}:[01]/i;

for (const backend of backends()) {
  describe(`ctf ids everywhere (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    let cid: string;
    let yes: string;
    let no: string;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await liveService(backend);
      cid = await market(svc as TestService);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      no = positionId(USDC_E, cid as `0x${string}`, 1);
      alice = await trader(svc);
      bob = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    it('streams, trades, prices and the data API show position ids only', async () => {
      const m = await Client.open(`${svc.url}/ws/market`);
      m.send({ type: 'market', assets_ids: [yes, no] });
      const dump = await m.frame(0) as Array<{ asset_id: string }>;
      assert.deepEqual(dump.map((b) => b.asset_id), [yes, no]);
      const rest = await post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.40', '10'));
      assert.equal(rest.json().success, true, rest.body);
      const sold = await post(svc, bob, 'POST', '/order', orderBody(bob, no, 'BUY', '0.60', '10'));
      assert.equal(sold.json().status, 'matched', sold.body);
      const change = await m.until(() => m.frames.find((f) => JSON.stringify(f).includes('last_trade_price') || JSON.stringify(f).includes('price_change')), 'a book change');
      assert.doesNotMatch(JSON.stringify(change), INTERNAL);
      assert.match(JSON.stringify(m.frames), new RegExp(yes));
      m.close();

      const answers: Record<string, string> = {};
      for (const url of [
        `/positions?user=${alice.address}`, `/activity?user=${alice.address}`, `/holders?market=${cid}`,
        `/trades?market=${cid}`, `/trades?asset_id=${yes}`, `/price?token_id=${yes}&side=BUY`, `/last-trade-price?token_id=${no}`,
        `/markets/${cid}`, `/clob-markets/${cid}`, `/markets-by-token/${yes}`,
      ]) {
        const r = await svc.app.inject({ method: 'GET', url });
        assert.equal(r.statusCode, 200, `${url}: ${r.body}`);
        assert.doesNotMatch(r.body, INTERNAL, url);
        answers[url] = r.body;
      }
      assert.equal(JSON.parse(answers[`/positions?user=${alice.address}`]!)[0].asset, yes);
      assert.ok(JSON.parse(answers[`/activity?user=${alice.address}`]!).some((a: { asset: string }) => a.asset === yes));
      assert.ok(JSON.parse(answers[`/holders?market=${cid}`]!).some((h: { token: string }) => h.token === yes));
      assert.deepEqual(JSON.parse(answers[`/markets-by-token/${yes}`]!), { condition_id: cid, primary_token_id: yes, secondary_token_id: no });
      assert.equal(JSON.parse(answers[`/clob-markets/${cid}`]!).t[1].t, no);
    });

    it('the user channel reports the order and the trade by position id', async () => {
      const u = await Client.open(`${svc.url}/ws/user`);
      u.send({ type: 'user', auth: { apiKey: alice.creds.apiKey, secret: alice.creds.secret, passphrase: alice.creds.passphrase }, markets: [cid] });
      await new Promise((r) => setTimeout(r, 200));
      const r = await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.30', '5'));
      assert.equal(r.json().success, true, r.body);
      const frame = await u.until(() => u.frames.find((f) => JSON.stringify(f).includes(r.json().orderID)), 'the order event');
      assert.match(JSON.stringify(frame), new RegExp(yes));
      assert.doesNotMatch(JSON.stringify(frame), INTERNAL);
      u.close();
    });
  });
}
