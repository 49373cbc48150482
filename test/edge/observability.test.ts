/**
 * Observability: GET /metrics (Prometheus format, per route pattern and status, rate-limit
 * rejections, the metric objects other layers update), its operator-token protection, and the
 * redaction of secrets from every log line.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { limitsFile } from './support.js';
import { engineMetrics, dbMetrics, heartbeatMetrics } from '../../src/metrics/index.js';
import { redactUrl, scrub } from '../../src/edge/logging.js';
import { A, B, kit, micro } from '../marketdata/support.js';

const ADMIN = 'metrics-admin-token-0123456789';
const backend = backends()[0]!;

describe('GET /metrics', () => {
  let open: TestService;
  let guarded: TestService;
  before(async () => {
    open = await startTestService(backend, { SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'health', limit: 1 }] }) });
    guarded = await startTestService(backend, { SIBYL_ADMIN_TOKEN: ADMIN });
  });
  after(async () => { await open?.dispose(); await guarded?.dispose(); });

  it('serves Prometheus text: requests and latency per route pattern and status, rejections, process metrics', async () => {
    await open.app.inject({ url: '/' });
    await open.app.inject({ url: '/' }); // 429
    await open.app.inject({ url: '/no/such/route/12345' });
    engineMetrics.orders.inc({ result: 'accepted' });
    dbMetrics.query.startTimer({ op: 'test_op' })();
    heartbeatMetrics.switchFirings.inc();
    const res = await open.app.inject({ url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const body = res.body;
    assert.match(body, /sibyl_http_requests_total\{method="GET",route="\/",status="200"\} \d+/);
    assert.match(body, /sibyl_http_requests_total\{method="GET",route="\/",status="429"\} \d+/);
    assert.match(body, /sibyl_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    assert.doesNotMatch(body, /12345/); // raw URLs never become labels
    assert.match(body, /sibyl_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/",status="200"\}/);
    assert.match(body, /sibyl_rate_limit_rejections_total\{rule="health",family="basic"\} [1-9]/);
    assert.match(body, /sibyl_orders_total\{result="accepted"\} [1-9]/);
    assert.match(body, /sibyl_book_levels\{side="bid"\} 0/); // no market has orders
    assert.match(body, /sibyl_db_query_duration_seconds_count\{op="test_op"\} [1-9]/);
    assert.match(body, /sibyl_heartbeat_switch_firings_total [1-9]/);
    assert.match(body, /sibyl_process_cpu_seconds_total/);
    assert.match(body, /sibyl_nodejs_eventloop_lag_seconds/);
  });

  it('needs the operator token when one is configured (401 without), open otherwise', async () => {
    const none = await guarded.app.inject({ url: '/metrics' });
    assert.equal(none.statusCode, 401);
    assert.deepEqual(Object.keys(none.json()), ['error']);
    const wrong = await guarded.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    assert.equal(wrong.statusCode, 401);
    const ok = await guarded.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ADMIN}` } });
    assert.equal(ok.statusCode, 200);
    assert.equal((await open.app.inject({ url: '/metrics' })).statusCode, 200);
  });
});

describe('log redaction', () => {
  it('scrubs secret keys at any depth and secret query parameters', () => {
    const out = scrub({
      headers: { svc_api_key: 'k', POLY_PASSPHRASE: 'p', poly_builder_signature: 's', authorization: 'Bearer x', host: 'h' },
      nested: [{ secret: 's', token_id: '0xabc:1', tokenId: 't' }],
      url: '/x?api_key=abc&limit=5&signature=zz',
    }) as Record<string, any>;
    assert.deepEqual(out.headers, { svc_api_key: '[Redacted]', POLY_PASSPHRASE: '[Redacted]', poly_builder_signature: '[Redacted]', authorization: '[Redacted]', host: 'h' });
    assert.deepEqual(out.nested, [{ secret: '[Redacted]', token_id: '0xabc:1', tokenId: 't' }]);
    assert.equal(out.url, '/x?api_key=[Redacted]&limit=5&signature=[Redacted]');
    assert.equal(redactUrl('/book?token_id=1'), '/book?token_id=1');
  });

  it('no secret reaches a log line of the running app', async () => {
    const lines: string[] = [];
    const svc = await startTestService(backend, { LOG_LEVEL: 'debug', SIBYL_ADMIN_TOKEN: ADMIN },
      { logger: true, logStream: { write: (l: string) => { lines.push(l); } } });
    const { app } = svc;
    const secrets = {
      svc_api_key: '11111111-2222-3333-4444-555555555555', svc_passphrase: 'a'.repeat(64), svc_signature: 'SIGNATURE-VALUE',
      poly_api_key: '66666666-2222-3333-4444-555555555555', poly_passphrase: 'b'.repeat(64), poly_signature: 'POLY-SIG-VALUE',
      poly_builder_api_key: 'BUILDER-KEY-VALUE', poly_builder_passphrase: 'BUILDER-PASS-VALUE', poly_builder_signature: 'BUILDER-SIG-VALUE',
      authorization: `Bearer ${ADMIN}`,
    };
    try {
      for (const url of ['/', '/admin/status', '/no-such-route?api_key=QUERY-SECRET', '/v1/heartbeats']) {
        await app.inject({ method: url === '/v1/heartbeats' ? 'POST' : 'GET', url, headers: secrets, payload: url === '/v1/heartbeats' ? '{}' : undefined });
      }
      app.log.info({ req: { headers: secrets } }, 'a line that logs the headers');
      app.log.error({ err: Object.assign(new Error('boom'), { headers: secrets }) }, 'an error that carries headers');
      app.log.info({ headers: secrets }, 'plain');
      const all = lines.join('');
      assert.ok(lines.length >= 7, `captured ${lines.length} lines`);
      for (const v of [...Object.values(secrets), ADMIN, 'QUERY-SECRET']) assert.ok(!all.includes(v), `leaked ${v}`);
      assert.match(all, /\[Redacted\]/);
    } finally {
      await svc.dispose();
    }
  });
});

describe('GET /metrics: book levels', () => {
  it('counts the non-empty price levels of every book, by side in outcome-0 terms, at scrape time', async () => {
    const k = await kit(backend);
    try {
      const levels = async () => {
        const body = (await k.get('/metrics')).text;
        const side = (s: string) => Number(new RegExp(`sibyl_book_levels\\{side="${s}"\\} (\\d+)`).exec(body)![1]);
        return { bid: side('bid'), ask: side('ask') };
      };
      const [m1, m2] = await k.markets([{}, {}]);
      await k.fund(A, [m1!, m2!]);
      await k.fund(B, [m1!, m2!]);
      const t0 = `${m1}:0`;
      const first = await k.order({ wallet: A, tokenId: t0, side: 'BUY', price: micro(0.4), size: micro(10) });
      await k.order({ wallet: A, tokenId: t0, side: 'BUY', price: micro(0.4), size: micro(10) }); // same level
      await k.order({ wallet: A, tokenId: t0, side: 'BUY', price: micro(0.41), size: micro(10) });
      await k.order({ wallet: B, tokenId: t0, side: 'SELL', price: micro(0.6), size: micro(10) });
      await k.order({ wallet: B, tokenId: `${m1}:1`, side: 'BUY', price: micro(0.3), size: micro(10) }); // an ask at 0.70
      await k.order({ wallet: B, tokenId: `${m2}:0`, side: 'BUY', price: micro(0.5), size: micro(10) });
      assert.deepEqual(await levels(), { bid: 3, ask: 2 });
      await k.order({ wallet: B, tokenId: t0, side: 'SELL', price: micro(0.41), size: micro(10) }); // fills the 0.41 bid
      assert.deepEqual(await levels(), { bid: 2, ask: 2 });
      await k.cancel(A, first);
      assert.deepEqual(await levels(), { bid: 2, ask: 2 }, 'the 0.40 level still has an order');
    } finally { await k.svc.dispose(); }
  });
});
