/**
 * examples/sdk/read-market.mjs, run as a user would (Node 24, the SDK from test/sdk) against a
 * Sibyl with the demo markets: it lists events through /gamma and reads a book and midpoint
 * through /clob. The printed midpoint must be the server's own.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { runNode24, SDK_SERVER_ENV, sdkMissing, sdkSkip } from './kit.js';

const backend = backends()[0]!; // one store is enough: the example only reads

describe('examples/sdk/read-market.mjs against a demo Sibyl', { skip: sdkSkip() }, () => {
  let svc: TestService;
  let host: string;
  before(async () => {
    svc = await startTestService(backend, { SIBYL_DEMO: '1', ...SDK_SERVER_ENV });
    host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => { await svc?.dispose(); });

  it('prints events and an open market\'s book and midpoint, as the server gives them', async () => {
    assert.equal(sdkMissing(), undefined, sdkMissing());
    const run = await runNode24(['examples/sdk/read-market.mjs', host], process.cwd());
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.match(lines[0]!, /^events: .+/);
    const shown = JSON.parse(lines[1]!) as { tokenId: string; midpoint: string; bids: number; asks: number };
    const mid = (await svc.app.inject({ url: `/midpoint?token_id=${shown.tokenId}` })).json() as { mid: string };
    assert.equal(shown.midpoint, mid.mid);
    const book = (await svc.app.inject({ url: `/book?token_id=${shown.tokenId}` })).json() as { bids: unknown[]; asks: unknown[] };
    assert.deepEqual([shown.bids, shown.asks], [book.bids.length, book.asks.length]);
  });
});
