/**
 * Imported markets keep the token ids their source gives (issue #28, docs/bots.md): a Gamma
 * record's `clobTokenIds` are what `ctf` mode shows and accepts for that market — before and
 * after a restart — while markets created here show the derived position ids.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createService, type Service } from '../../src/server.js';
import { importEvent } from '../../src/catalog/import/gamma.js';
import { backends } from '../support/backends.js';

const CID = '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce';
const SOURCE = ['111111111111111111111111111111', '222222222222222222222222222222'];

for (const backend of backends()) {
  describe(`imported markets keep their source token ids (${backend.name})`, { skip: backend.skip }, () => {
    let config: Awaited<ReturnType<typeof backend.fresh>>;
    let svc: Service;
    before(async () => {
      config = await backend.fresh();
      svc = await createService(config.config, { logger: false });
    });
    after(async () => { await svc?.close(); await config?.dispose(); });

    const check = async () => {
      const m = (await svc.app.inject({ method: 'GET', url: `/markets/${CID}` })).json();
      assert.deepEqual(m.tokens.map((t: { token_id: string }) => t.token_id), SOURCE);
      const book = await svc.app.inject({ method: 'GET', url: `/book?token_id=${SOURCE[1]}` });
      assert.equal(book.statusCode, 200, book.body);
      assert.equal(book.json().asset_id, SOURCE[1]);
      assert.equal((await svc.app.inject({ method: 'GET', url: `/book?token_id=${CID}:0` })).json().asset_id, SOURCE[0]);
    };

    it('shows and accepts the source ids, also after a restart', async () => {
      const outcome = await importEvent(svc.store.db, {
        slug: 'imported-ids', title: 'Imported',
        markets: [{ question: 'Up or down?', slug: 'imported-ids-m', conditionId: CID, outcomes: '["Up","Down"]', clobTokenIds: JSON.stringify(SOURCE) }],
      }, Date.now());
      assert.equal(outcome, 'created');
      await svc.services.exchange.syncMarket(CID);
      await check();
      await svc.close();
      svc = await createService(config.config, { logger: false });
      await check();
    });
  });
}
