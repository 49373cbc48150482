/**
 * Provoked stream faults over real sockets (issue #41, docs/venue.md §12): a frozen market socket
 * keeps answering PING with PONG and gets no events; after the freeze it resumes where the
 * book is, with a visible `seq` gap that `resync` repairs. A drop cuts sockets abruptly (1006).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { newMarket } from '../trading/kit.js';
import { Client, liveService, place, restBook, trader, type LiveService, type Trader } from '../streams/kit.js';
import { sleep } from './kit.js';

const ADMIN_H = { authorization: 'Bearer trading-admin-token-0123456789', 'content-type': 'application/json' };

for (const backend of backends()) {
  describe(`provoked stream faults (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    let http: string;
    let cid: string;
    let alice: Trader;
    const provoke = async (body: unknown) => {
      const r = await fetch(`${http}/admin/faults`, { method: 'POST', headers: ADMIN_H, body: JSON.stringify(body) });
      assert.equal(r.status, 200, await r.clone().text());
      return r.json() as Promise<{ id: string; endsAt: string }>;
    };
    before(async () => {
      svc = await liveService(backend);
      http = svc.url.replace('ws://', 'http://');
      cid = await newMarket(svc);
      alice = await trader(svc, '1000');
    });
    after(async () => { await svc?.dispose(); });

    it('stream_freeze: PONG still answers, no events, then a seq gap that resync repairs', async () => {
      const token = `${cid}:0`;
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'market', assets_ids: [token] });
      const first = await c.until(() => c.events().find((e) => e.event_type === 'book'), 'the first book');
      const seq0 = first.seq as number;
      const frozen = await provoke({ kind: 'stream_freeze', durationS: 3 }) as { endsAt: string };
      const seen = c.events().length;
      await place(svc, alice, token, 'BUY', '0.20', '5');
      c.send('PING');
      await c.until(() => c.texts.includes('PONG'), 'PONG during the freeze');
      await sleep(300);
      assert.equal(c.events().length, seen, 'no event reaches a frozen socket');
      await sleep(Math.max(0, Date.parse(frozen.endsAt) - Date.now()) + 100); // the freeze ends on time
      await place(svc, alice, token, 'BUY', '0.21', '5');
      const next = await c.until(() => c.events().slice(seen).find((e) => e.event_type === 'price_change'), 'events after the freeze');
      assert.equal(next.seq, seq0 + 2, 'the change made during the freeze is missing: a visible gap');
      c.send({ operation: 'resync', assets_ids: [token] });
      const fresh = await c.until(() => c.events().slice(seen).find((e) => e.event_type === 'book'), 'a fresh book');
      assert.equal(fresh.seq, seq0 + 2);
      const rest = await restBook(svc, token);
      assert.deepEqual(fresh.bids, rest.bids);
      c.close();
    });

    it('stream_freeze by assets mutes only the sockets holding them', async () => {
      const [t0] = svc.services.exchange.core.market(cid)!.tokenIds;
      const other = await newMarket(svc);
      const [o0] = svc.services.exchange.core.market(other)!.tokenIds;
      const a = await Client.open(`${svc.url}/ws/market`);
      const b = await Client.open(`${svc.url}/ws/market`);
      a.send({ type: 'market', assets_ids: [t0] });
      b.send({ type: 'market', assets_ids: [o0] });
      await a.until(() => a.events().find((e) => e.event_type === 'book'), 'a book');
      await b.until(() => b.events().find((e) => e.event_type === 'book'), 'b book');
      const f = await provoke({ kind: 'stream_freeze', assets: [t0] });
      const [na, nb] = [a.events().length, b.events().length];
      await place(svc, alice, t0, 'BUY', '0.22', '5');
      await place(svc, alice, o0, 'BUY', '0.22', '5');
      await b.until(() => b.events().length > nb, 'b keeps streaming');
      await sleep(200);
      assert.equal(a.events().length, na);
      await fetch(`${http}/admin/faults/${f.id}`, { method: 'DELETE', headers: { authorization: ADMIN_H.authorization } });
      await place(svc, alice, t0, 'BUY', '0.23', '5');
      await a.until(() => a.events().length > na, 'a resumes once the fault ends');
      a.close(); b.close();
    });

    it('stream_drop cuts the sockets abruptly and is over at once', async () => {
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'market', assets_ids: [`${cid}:0`] });
      await c.until(() => c.events().find((e) => e.event_type === 'book'), 'a book');
      await provoke({ kind: 'stream_drop' });
      assert.equal((await c.waitClose()).code, 1006);
      const list = await (await fetch(`${http}/admin/faults`, { headers: { authorization: ADMIN_H.authorization } })).json();
      assert.deepEqual(list, { faults: [] });
    });
  });
}
