/**
 * The signature backend through the real server, with the libsecp256k1 binding (the default)
 * and without it (`SIBYL_NATIVE_SECP256K1=0`: the @noble/curves fallback CI exercises): the
 * start says which one runs (one log line on the fallback, `/admin/status`, the
 * `sibyl_secp256k1_backend` metric); an unmodified clob-client creates its key (L1) and places a
 * signed order; a later order of the same signer — whose key is then cached — with its `v`
 * flipped between 27 and 28 is refused as the exchange contract would refuse it, and the same
 * order with its own `v` is accepted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient, Side } from '@polymarket/clob-client';
import { createService, type Service } from '../../src/server.js';
import { backends } from '../support/backends.js';
import { deposit, ADMIN } from '../trading/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { market, newWallet } from './kit.js';
import type { TestService } from '../support/service.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const OPTS = { tickSize: '0.01' as const };
type Answer = { success?: boolean; orderID?: string; code?: string; error?: string };
const sqlite = backends()[0]!;

for (const native of [true, false]) {
  describe(`signatures through the server (${native ? 'libsecp256k1' : 'SIBYL_NATIVE_SECP256K1=0: @noble/curves'})`, () => {
    let svc: Service;
    let config: Awaited<ReturnType<typeof sqlite.fresh>>;
    let host: string;
    const lines: string[] = [];

    before(async () => {
      config = await sqlite.fresh({ SIBYL_ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'info', ...(native ? {} : { SIBYL_NATIVE_SECP256K1: '0' }) });
      svc = await createService(config.config, { logger: true, logStream: { write: (l) => { lines.push(l); } } });
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => { await svc?.close(); await config?.dispose(); });

    it('says which backend runs: the log (once, on the fallback), /admin/status and the metric', async () => {
      const auth = { authorization: `Bearer ${ADMIN}` };
      const status = await (await fetch(`${host}/admin/status`, { headers: auth })).json() as { signatures: { backend: string; fallbackReason: string | null } };
      assert.equal(status.signatures.backend, native ? 'native' : 'js');
      if (native) assert.equal(status.signatures.fallbackReason, null);
      else assert.match(String(status.signatures.fallbackReason), /SIBYL_NATIVE_SECP256K1=0/);
      const metrics = await (await fetch(`${host}/metrics`, { headers: auth })).text();
      assert.match(metrics, new RegExp(`sibyl_secp256k1_backend\\{backend="${native ? 'native' : 'js'}"\\} 1`));
      assert.match(metrics, new RegExp(`sibyl_secp256k1_backend\\{backend="${native ? 'js' : 'native'}"\\} 0`));
      const said = lines.filter((l) => l.includes('@noble/curves in JavaScript'));
      assert.equal(said.length, native ? 0 : 1);
    });

    it('L1 key creation and a signed order work; a cached signer’s order with v flipped is refused, with its own v accepted', async () => {
      const cid = await market(svc as unknown as TestService);
      const yes = positionId(USDC_E, cid as `0x${string}`, 0);
      const alice = newWallet();
      await deposit(svc as unknown as TestService, alice.address, '1000');
      const creds = await new ClobClient(host, 137, alice.signer).createOrDeriveApiKey();
      assert.ok(creds.key, 'L1: the API key was created from the wallet signature');
      const a = new ClobClient(host, 137, alice.signer, creds);
      const first = await a.postOrder(await a.createOrder({ tokenID: yes, price: 0.3, size: 10, side: Side.BUY }, OPTS)) as Answer;
      assert.equal(first.success, true, JSON.stringify(first));
      const second = await a.createOrder({ tokenID: yes, price: 0.31, size: 10, side: Side.BUY }, OPTS);
      const v = parseInt(second.signature.slice(130), 16);
      const flipped = await a.postOrder({ ...second, signature: `${second.signature.slice(0, 130)}${(v === 27 ? 28 : 27).toString(16)}` }) as Answer;
      assert.equal(flipped.code, 'invalid_signature', JSON.stringify(flipped));
      const open = svc.services.exchange.core.openOrderCount();
      const own = await a.postOrder(second) as Answer;
      assert.equal(own.success, true, JSON.stringify(own));
      assert.equal(svc.services.exchange.core.openOrderCount(), open + 1);
    });
  });
}
