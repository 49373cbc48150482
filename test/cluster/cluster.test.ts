/**
 * Several instances over one PostgreSQL and Redis (issue #30), as real processes
 * (`bin/sibyl.js serve`): exactly one writer; writes sent to any instance (forwarded by
 * followers); books, open orders and balances equal everywhere within a second of the last
 * answer; WebSocket clients on followers get the writer's events with the writer's `seq`; Redis
 * stopped mid-load and started again; the writer SIGKILLed under load; the writer SIGSTOPped
 * (fenced when it comes back). One cluster goes through the scenarios in order.
 * @runs-alone (scripts/run-tests.mjs): times failovers between real processes against the lease timeout.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import WebSocket from 'ws';
import { backends } from '../support/backends.js';
import { l2Headers } from '../auth/helpers.js';
import { call, newMarket, newTrader, order, RedisServer, signed, sleep, startCluster, until, writerOf, type Instance, type Trader } from './kit.js';

const pgBackend = backends().find((b) => b.name === 'postgres')!;
const LEASE_MS = 3000;

interface Ws { events: Array<Record<string, unknown>>; ws: WebSocket }

async function marketWs(inst: Instance, assets: string[]): Promise<Ws> {
  const ws = new WebSocket(`ws://127.0.0.1:${inst.port}/ws/market`);
  const out: Ws = { events: [], ws };
  ws.on('message', (d) => {
    try {
      const v = JSON.parse(String(d));
      for (const e of Array.isArray(v) ? v : [v]) if (e && typeof e === 'object') out.events.push(e);
    } catch { /* PONG */ }
  });
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  ws.send(JSON.stringify({ type: 'market', assets_ids: assets }));
  return out;
}

/** The changes a client saw: every seq-carrying market event but the snapshots, as `type asset seq`. */
function changes(c: Ws): string[] {
  const out: string[] = [];
  for (const e of c.events) {
    if (e.event_type === 'price_change') {
      for (const pc of (e.price_changes as Array<Record<string, unknown>> | undefined) ?? []) out.push(`price_change ${pc.asset_id} ${e.seq ?? pc.seq} ${pc.price} ${pc.size}`);
    } else if (e.event_type === 'last_trade_price') out.push(`trade ${e.asset_id} ${e.seq} ${e.price} ${e.size}`);
  }
  return out;
}

async function views(inst: Instance, token: string, traders: Trader[]): Promise<string> {
  const book = await call(inst.url, 'GET', `/book?token_id=${token}`);
  const parts: unknown[] = [{ bids: book.body.bids, asks: book.body.asks }];
  for (const t of traders) {
    const open = await signed(inst, t, 'GET', '/data/orders');
    const bal = await signed(inst, t, 'GET', '/balance-allowance?asset_type=COLLATERAL');
    parts.push((open.body.data as Array<{ id: string; size_matched: string }>).map((o) => `${o.id}:${o.size_matched}`).sort(), bal.body.balance);
  }
  return JSON.stringify(parts);
}

async function allEqual(all: Instance[], token: string, traders: Trader[], ms: number): Promise<void> {
  await until('equal views on every instance', ms, async () => {
    const v = await Promise.all(all.map((i) => views(i, token, traders)));
    return v.every((x) => x === v[0]);
  }, 50);
}

describe('cluster: one writer, followers that forward and follow', { skip: pgBackend.skip, timeout: 600_000 }, () => {
  let redis: RedisServer;
  let db: { config: { databaseUrl?: string | undefined }; dispose(): Promise<void> };
  let all: Instance[] = [];
  let market: { conditionId: string; tokens: [string, string] };
  let traders: Trader[] = [];
  let admin: pg.Client;
  let sizeSeq = 0;
  const acked = new Set<string>();

  /** Sends one order through `via`; returns its id when acknowledged as accepted. */
  async function place(via: Instance, t: Trader, side: 'BUY' | 'SELL', price: number): Promise<{ status: number; id?: string; text?: string }> {
    const size = 5 + (++sizeSeq) / 100; // unique per request: a duplicate would show in the database
    const r = await signed(via, t, 'POST', '/order', order(t, market.tokens[0], side, price, size), 30_000).catch((err: Error) => ({ status: 0, body: null, text: err.message }));
    if (r.status === 200 && r.body?.success && r.body.orderID) { acked.add(r.body.orderID); return { status: 200, id: r.body.orderID }; }
    return { status: r.status, text: r.text };
  }

  /** Orders round-robin through `targets` for `ms`, `lanes` at a time. */
  async function load(targets: () => Instance[], ms: number, lanes = 3): Promise<{ ok: number; refused: number; statuses: number[] }> {
    const end = Date.now() + ms;
    let ok = 0; let refused = 0; const statuses: number[] = [];
    await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
      for (let k = 0; Date.now() < end; k++) {
        const ts = targets();
        const via = ts[(k + lane) % ts.length]!;
        const t = traders[(k + lane) % traders.length]!;
        const r = await place(via, t, k % 2 === 0 ? 'BUY' : 'SELL', k % 2 === 0 ? 0.4 + (k % 5) / 100 : 0.45 + (k % 5) / 100);
        statuses.push(r.status);
        if (r.status === 200) ok++; else { refused++; if (refused < 4) console.log('refused', r.status, r.text); await sleep(100); }
      }
    }));
    return { ok, refused, statuses };
  }

  async function checkDatabase(): Promise<void> {
    const ids = (await admin.query<{ id: string }>('SELECT id FROM orders')).rows.map((r) => r.id);
    const have = new Set(ids);
    const missing = [...acked].filter((id) => !have.has(id));
    assert.deepEqual(missing, [], 'every acknowledged order is stored');
    const dup = await admin.query('SELECT original_size, count(*) FROM orders GROUP BY original_size HAVING count(*) > 1');
    assert.equal(dup.rowCount, 0, `no request made two orders: ${JSON.stringify(dup.rows)}`);
  }

  before(async () => {
    redis = await RedisServer.start();
    db = await pgBackend.fresh();
    all = await startCluster(3, { DATABASE_URL: db.config.databaseUrl!, REDIS_URL: redis.url, SIBYL_LEASE_TIMEOUT_MS: String(LEASE_MS),
      SIBYL_REFUSE_L2_REPLAYS: '1' }); // the operator's opt-in: a forwarded write is checked once, by the writer
    admin = new pg.Client({ connectionString: db.config.databaseUrl });
    await admin.connect();
  });

  after(async () => {
    for (const i of all) await i.kill();
    await admin?.end().catch(() => {});
    await redis?.stop();
    await db?.dispose();
  });

  it('has exactly one writer; writes through any instance; equal views and events everywhere', async () => {
    const writer = await writerOf(all);
    const followers = all.filter((i) => i !== writer);
    const st = await Promise.all(all.map((i) => i.status()));
    for (const s of st) assert.equal(s.writerUrl, writer.url, 'every instance knows the writer');
    market = await newMarket(followers[0]!); // an operator write, forwarded
    for (let k = 0; k < 4; k++) { // keys, deposits and splits through every instance
      // Funds for every load below: resting orders lock them, and a refusal for balance would fail the checks.
      const t = await newTrader(all[k % 3]!, 1_000_000);
      const r = await signed(all[(k + 1) % 3]!, t, 'POST', '/split', { market: market.conditionId, amount: '400000000000' });
      assert.equal(r.status, 200, r.text);
      traders.push(t);
    }
    const wsWriter = await marketWs(writer, market.tokens);
    const wsFollowers = await Promise.all(followers.map((f) => marketWs(f, market.tokens)));
    await until('market snapshots on every socket', 10_000, async () => [wsWriter, ...wsFollowers].every((c) => c.events.some((e) => e.event_type === 'book')));
    let answered = 0;
    for (let k = 0; k < 45; k++) {
      const buy = k % 3 !== 2;
      const r = await place(all[k % 3]!, traders[k % 4]!, buy ? 'BUY' : 'SELL', buy ? 0.3 + (k % 10) / 100 : 0.35 + (k % 7) / 100);
      assert.equal(r.status, 200, `order ${k} through ${all[k % 3]!.name}: ${r.text}`);
      answered++;
    }
    assert.equal(answered, 45);
    // Forwarded as sent: one signed write through a follower is checked once (accepted), the same bytes again are a replay
    // (the writer's 401, SIBYL_REFUSE_L2_REPLAYS=1 above).
    const t = traders[0]!;
    const text = JSON.stringify(order(t, market.tokens[0], 'BUY', 0.2, 777.77));
    const headers = l2Headers(t.creds, t.address, 'POST', '/order', text);
    const first = await call(followers[0]!.url, 'POST', '/order', { headers, body: text });
    assert.equal(first.status, 200, first.text);
    acked.add(first.body.orderID);
    const again = await call(followers[1]!.url, 'POST', '/order', { headers, body: text });
    assert.equal(again.status, 401, again.text);
    assert.match(again.text, /replay/i);
    // A refusal comes back as the writer answers it: same status and body as sent to the writer itself.
    const bad = { ...order(t, market.tokens[0], 'BUY', 0.205, 777.78) };
    const viaWriter = await signed(writer, t, 'POST', '/order', bad);
    const viaFollower = await signed(followers[0]!, t, 'POST', '/order', bad);
    assert.equal(viaFollower.status, viaWriter.status);
    assert.equal(viaFollower.status, 400);
    assert.deepEqual(viaFollower.body, viaWriter.body);
    await allEqual(all, market.tokens[0], traders, 1000);
    await until('every event on every follower socket', 5000, async () => {
      const want = changes(wsWriter);
      return want.length > 0 && wsFollowers.every((c) => JSON.stringify(changes(c)) === JSON.stringify(want));
    });
    for (const c of [wsWriter, ...wsFollowers]) c.ws.close();
    for (const f of followers) { // the followers held the writer's state by replaying its batches, never by a restore after the open's
      const s = await f.status();
      assert.ok(s.follow.replayed > 40, `${f.name} replayed ${s.follow.replayed} batches`);
      assert.deepEqual({ mismatches: s.follow.mismatches, restores: s.follow.restores }, { mismatches: 0, restores: 0 }, f.name);
    }
    await checkDatabase();
  });

  it('keeps serving when Redis stops mid-load, and resumes following when it is back', async () => {
    const writer = await writerOf(all);
    const followers = all.filter((i) => i !== writer);
    const loading = load(() => all, 3000);
    await sleep(500);
    await redis.stop();
    const r = await loading;
    assert.ok(r.ok > 0 && r.refused === 0, `every order answered while Redis was down: ${JSON.stringify({ ok: r.ok, refused: r.refused })}`);
    await allEqual(all, market.tokens[0], traders, 3000); // followers poll PostgreSQL
    for (const f of followers) {
      const m = await call(f.url, 'GET', '/metrics', { headers: { authorization: 'Bearer cluster-admin-token-0123456789' } });
      assert.match(m.text, /sibyl_cluster_follow_polling 1/, 'the follower says it polls');
      assert.ok(f.logs.some((l) => /following by polling PostgreSQL/.test(l)), 'and logs it');
    }
    await redis.start();
    for (const f of followers) {
      await until('following through Redis again', 15_000, async () => f.logs.some((l) => /following the committed-batch stream/.test(l)), 200);
    }
    const ws = await marketWs(followers[0]!, market.tokens);
    await until('snapshot', 5000, async () => ws.events.some((e) => e.event_type === 'book'));
    const before = changes(ws).length;
    assert.equal((await place(writer, traders[0]!, 'BUY', 0.31)).status, 200);
    await until('an event through the resumed stream', 5000, async () => changes(ws).length > before);
    ws.ws.close();
    await allEqual(all, market.tokens[0], traders, 1000);
    for (const f of followers) { // what Redis never carried came from the journal table, without a restore
      const s = await f.status();
      assert.ok(s.follow.filled > 0, `${f.name} filled ${s.follow.filled} batches from the journal`);
      assert.deepEqual({ mismatches: s.follow.mismatches, restores: s.follow.restores }, { mismatches: 0, restores: 0 }, f.name);
    }
    await checkDatabase();
  });

  it('a follower takes over from a SIGKILLed writer under load; nothing acknowledged is lost or doubled', async () => {
    const writer = await writerOf(all);
    const epoch = (await writer.status()).epoch;
    const survivors = all.filter((i) => i !== writer);
    const loading = load(() => survivors, 8000);
    await sleep(1000);
    const killedAt = Date.now();
    await writer.kill();
    const next = await until('a new writer', 30_000, async () => writerOf(survivors).catch(() => undefined), 100);
    const s = await next.status();
    assert.ok(s.epoch > epoch, 'the epoch grew');
    await until('an accepted order after the failover', 5000 + s.rebuildMs + 5000, async () => (await place(next, traders[1]!, 'BUY', 0.32)).status === 200, 100);
    const failoverMs = Date.now() - killedAt;
    assert.ok(failoverMs < 5000 + s.rebuildMs, `failover took ${failoverMs} ms (rebuild ${s.rebuildMs} ms)`);
    assert.ok(next.logs.some((l) => l.includes('replayed the journal')), 'the new writer replayed the journal\'s tail instead of rebuilding');
    await loading;
    all = survivors;
    assert.equal(s.integrity.ok, true, 'the ledger invariants hold after the rebuild');
    await allEqual(all, market.tokens[0], traders, 2000);
    await checkDatabase();
  });

  it('a SIGSTOPped writer is taken over; on SIGCONT its next commit is refused and it steps down', async () => {
    const old = await writerOf(all);
    const other = all.find((i) => i !== old)!;
    const epoch = (await old.status()).epoch;
    old.signal('SIGSTOP');
    const stoppedAt = Date.now();
    // Orders sent straight to the paused writer: answered only after it resumes.
    const late = Array.from({ length: 3 }, (_, k) => place(old, traders[k]!, 'BUY', 0.33));
    await until('the other instance takes over', LEASE_MS + 15_000, async () => (await other.status()).role === 'writer', 100)
      .catch((err: Error) => { console.log(other.logs.filter((l) => !l.includes('"msg":"request"')).slice(-25).join("\n")); throw err; });
    const tookMs = Date.now() - stoppedAt;
    const s = await other.status();
    assert.ok(s.epoch > epoch);
    // By design: the lease timeout, plus up to one 1 s tick to notice, plus up to 1 s for the terminated lock to free.
    assert.ok(tookMs < LEASE_MS + 2000 + s.rebuildMs + 1000, `takeover in ${tookMs} ms (rebuild ${s.rebuildMs} ms)`);
    let lastNo = '';
    await until('the new writer trades', 5000 + s.rebuildMs, async () => {
      const r = await place(other, traders[0]!, 'SELL', 0.6);
      lastNo = `${r.status} ${r.text}`;
      return r.status === 200;
    }, 100).catch((err: Error) => { throw new Error(`${err.message}; last answer ${lastNo}`); });
    old.signal('SIGCONT');
    const answers = await Promise.all(late);
    await until('the old writer steps down', 10_000, async () => (await old.status()).role === 'follower', 100);
    assert.ok(old.logs.some((l) => /stepping down from the writer role/.test(l)));
    // What the old writer answered after losing the lease: accepted only if it is durably stored (forwarded to the new writer).
    for (const a of answers) if (a.status === 200) assert.ok(a.id !== undefined);
    await checkDatabase();
    await until('the old writer forwards to the new one', 5000, async () => (await place(old, traders[2]!, 'BUY', 0.34)).status === 200, 200);
    await allEqual(all, market.tokens[0], traders, 2000);
  });
});
