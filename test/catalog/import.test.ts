/** The Gamma importer (`sibyl import`): shapes, idempotence, bad records, per-record transactions. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backends } from '../support/backends.js';
import { runImport } from '../../src/catalog/import/run.js';
import { startApi, type Api } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'gamma');

for (const backend of backends()) {
  describe(`catalog importer (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    before(async () => { api = await startApi(backend); });
    after(async () => { await api?.svc.dispose(); });

    it('imports the good records of a directory and reports the bad ones with position and reason', async () => {
      const s = await runImport(api.svc.store.db, FIXTURES);
      assert.deepEqual({ ...s, problems: undefined }, { records: 7, created: 3, updated: 1, unchanged: 0, failed: 4, problems: undefined });
      assert.deepEqual(s.problems.map((p) => p.position).sort(), ['markets.jsonl:3', 'markets.jsonl:4', 'markets.jsonl:5', 'markets.jsonl:6']);
      const reasons = Object.fromEntries(s.problems.map((p) => [p.position, p.reason]));
      assert.equal(reasons['markets.jsonl:3'], 'outcomes must name exactly 2 outcomes');
      assert.equal(reasons['markets.jsonl:4'], 'invalid JSON');
      assert.equal(reasons['markets.jsonl:5'], 'slug is required');
      assert.match(reasons['markets.jsonl:6']!, /^conditionId is not 0x \+ 64 hex/);
    });

    it('what was imported reads back in the catalog shape', async () => {
      const e = (await api.get('/events/slug/presidential-election-winner-2028')).body;
      assert.equal(e.title, 'Presidential Election Winner 2028');
      assert.equal(e.creationDate, '2025-01-14T17:01:51.127Z');
      assert.deepEqual(e.tags.map((t: any) => t.slug), ['politics', 'usa-election']);
      assert.deepEqual(e.series.map((s: any) => [s.slug, s.recurrence]), [['us-presidential-elections', 'quadrennial']]);
      assert.deepEqual(e.markets.map((m: any) => m.slug), [
        'will-jd-vance-win-the-2028-us-presidential-election', 'will-gavin-newsom-win-the-2028-us-presidential-election',
        'will-kamala-harris-win-the-2028-us-presidential-election']);
      const m = (await api.get('/markets/slug/will-jd-vance-win-the-2028-us-presidential-election')).body;
      assert.equal(m.conditionId, '0x5a4f2e28fd36c4bc9d0a1a6e8e0f9d8d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f');
      // An imported market keeps its source's token ids (test/fixtures/gamma/events.json).
      assert.equal(m.clobTokenIds, JSON.stringify(['3594727492387594387593485734958734', '8723948572349857234985723498572349']));
      assert.equal(m.questionID, '0x1e0c4c6e6e0bd9a3a39d38f0b6a0de4e58c9b1bd0ad1c6e2d8f0c3b4a5968778');
      const fed = (await api.get('/events/slug/fed-decision-in-january')).body;
      assert.equal(fed.closed, true);
      assert.equal(fed.markets[0].closed, true);
      const btc = (await api.get('/events/slug/bitcoin-price-2025')).body;
      assert.deepEqual(btc.markets.map((x: any) => x.slug), ['will-bitcoin-reach-150000-in-2025']);
      assert.deepEqual(btc.tags.map((t: any) => t.slug), ['crypto']);
      for (const slug of ['bad-market-event', 'three-outcomes', 'bad-condition-id']) {
        assert.equal((await api.get(`/events/slug/${slug}`)).status, 404, slug);
        assert.equal((await api.get(`/markets/slug/${slug}`)).status, 404, slug);
      }
      assert.equal((await api.get('/public-search?q=presidential')).body.events[0].slug, 'presidential-election-winner-2028');
      assert.equal((await api.get('/events?order=volume&limit=1')).body[0].slug, 'presidential-election-winner-2028');
    });

    it('importing twice changes nothing', async () => {
      const count = async () => {
        const db = api.svc.store.db;
        const n = async (t: 'events' | 'markets' | 'tags' | 'series' | 'tokens') => Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        return [await n('events'), await n('markets'), await n('tags'), await n('series'), await n('tokens')];
      };
      const before = await count();
      const s = await runImport(api.svc.store.db, FIXTURES);
      assert.deepEqual([s.created, s.updated, s.unchanged, s.failed], [0, 0, 4, 4]);
      assert.deepEqual(await count(), before);
    });
  });
}

describe('sibyl import (command line)', () => {
  it('prints a summary and exits 1 when a record failed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-import-'));
    try {
      const env = { ...process.env, SIBYL_DATA_DIR: dir, SIBYL_DEMO: '0', DATABASE_URL: '' };
      const run = () => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'import', '--quiet', FIXTURES], { env, encoding: 'utf8' });
      const first = run();
      assert.equal(first.status, 1, first.stderr);
      assert.match(first.stdout, /records: 7, created: 3, updated: 1, unchanged: 0, failed: 4/);
      assert.match(first.stderr, /markets\.jsonl:3: outcomes must name exactly 2 outcomes/);
      const second = run();
      assert.match(second.stdout, /created: 0, updated: 0, unchanged: 4, failed: 4/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
