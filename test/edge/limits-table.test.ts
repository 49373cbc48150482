/** The rate-limit table: every row of the spec's Limits table is a default; override files are validated. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { DEFAULT_RULES, RateLimitConfigError, applyOverride, loadRules } from '../../src/edge/limits-table.js';
import { loadConfig } from '../../src/config/config.js';
import { limitsFile } from './support.js';

const rule = (id: string) => DEFAULT_RULES.find((r) => r.id === id)!;

describe('rate-limit table', () => {
  it('has every row of the spec Limits table', () => {
    const spec: [string, string | undefined, number, number][] = [
      ['catalog', undefined, 4000, 10], ['events', 'GET /events', 500, 10], ['markets', 'GET /markets', 300, 10],
      ['tags', 'GET /tags', 200, 10], ['public-search', 'GET /public-search', 350, 10], ['clob', undefined, 5000, 10],
      ['health', 'GET /', 50, 10], ['book', 'GET /book', 200, 10], ['books', 'POST /books', 80, 10],
      ['price', 'GET /price', 200, 10], ['prices', 'POST /prices', 80, 10], ['midpoint', 'GET /midpoint', 200, 10],
      ['prices-history', 'GET /prices-history', 100, 10], ['batch-prices-history', 'POST /batch-prices-history', 80, 10],
      ['trades', 'GET /trades', 150, 10],
      ['post-order-burst', 'POST /order', 2400, 10], ['post-order-sustained', 'POST /order', 24000, 600],
      ['delete-order-burst', 'DELETE /order', 2400, 10], ['delete-order-sustained', 'DELETE /order', 24000, 600],
    ];
    for (const [id, route, limit, windowS] of spec) {
      const r = rule(id);
      assert.ok(r, id);
      assert.equal(r.limit, limit, id);
      assert.equal(r.windowS, windowS, id);
      if (route) assert.ok(r.routes?.includes(route), `${id} counts ${route}`);
    }
    assert.deepEqual(rule('listing').routes, ['GET /events', 'GET /markets']);
    assert.equal(rule('listing').limit, 900);
    assert.deepEqual(rule('catalog').families, ['catalog']);
    assert.deepEqual(rule('clob').families, ['clob']);
    assert.equal(rule('post-order-burst').client, 'key');
    assert.equal(rule('delete-order-sustained').client, 'key');
  });

  it('off disables every limit; default is the built-in table', () => {
    assert.deepEqual(loadRules('off'), []);
    assert.equal(loadRules('default').length, DEFAULT_RULES.length);
    assert.equal(loadConfig({ SIBYL_RATE_LIMITS: 'off' }).rateLimits, 'off');
  });

  it('an override file changes, removes and adds rules by id', () => {
    const file = limitsFile({ rules: [
      { id: 'book', limit: 7 }, { id: 'data', off: true },
      { id: 'time', limit: 3, windowS: 1, routes: ['GET /time'] },
    ] });
    const rules = loadRules({ file });
    const byId = new Map(rules.map((r) => [r.id, r]));
    assert.equal(byId.get('book')!.limit, 7);
    assert.deepEqual(byId.get('book')!.routes, ['GET /book']);
    assert.equal(byId.has('data'), false);
    assert.equal(byId.get('time')!.windowS, 1);
    assert.equal(rules.length, DEFAULT_RULES.length);
    const replaced = applyOverride(DEFAULT_RULES, { replace: true, rules: [{ id: 'x', limit: 1, windowS: 1, families: ['clob'] }] });
    assert.deepEqual(replaced.map((r) => r.id), ['x']);
  });

  it('rejects a bad file with a clear error', () => {
    const bad = (doc: unknown, re: RegExp) => {
      assert.throws(() => loadRules({ file: limitsFile(doc) }), (err: Error) => {
        assert.ok(err instanceof RateLimitConfigError);
        assert.match(err.message, /SIBYL_RATE_LIMITS=/);
        assert.match(err.message, re);
        return true;
      });
    };
    bad([], /expected a JSON object/);
    bad({ rules: {} }, /"rules" must be an array/);
    bad({ rules: [], extra: 1 }, /unknown top-level field "extra"/);
    bad({ rules: [{ id: 'book', limit: -1 }] }, /rules\[0\] \(book\): limit must be a positive integer/);
    bad({ rules: [{ id: 'book', limit: 1.5 }] }, /limit must be a positive integer/);
    bad({ rules: [{ id: 'book', windowS: '10' }] }, /windowS must be a positive integer/);
    bad({ rules: [{ id: 'new', limit: 1, windowS: 1 }] }, /needs families or routes/);
    bad({ rules: [{ id: 'new', limit: 1, windowS: 1, routes: ['/book'] }] }, /METHOD \/path/);
    bad({ rules: [{ id: 'new', limit: 1, windowS: 1, families: ['gamma'] }] }, /families must be/);
    bad({ rules: [{ id: 'book', limt: 3 }] }, /unknown field "limt"/);
    bad({ rules: [{ id: 'book', client: 'user' }] }, /client must be/);
    assert.throws(() => loadRules({ file: '/nonexistent/limits.json' }), /cannot read the file/);
    const notJson = limitsFile({});
    writeFileSync(notJson, '{ nope');
    assert.throws(() => loadRules({ file: notJson }), /not valid JSON/);
    assert.throws(() => loadConfig({ SIBYL_RATE_LIMITS: 'limits.yaml' }), /SIBYL_RATE_LIMITS/);
  });
});
