/**
 * Streams benchmark (issue #27), against the real service in a separate process
 * (bench/server.ts) with the clients in another (bench/streams-clients.ts):
 * - fan-out: 1,000 market-channel sockets on one market while the API drives 50 book changes a
 *   second (a resting order placed, then cancelled): every client must receive every event in
 *   order (no seq gap); commit-to-receive p50/p99 (targets 5 / 50 ms); server CPU per delivered
 *   frame (all the server's CPU in the window, order entry included ÷ frames; target 3 µs);
 *   and the same with 5 markets that every commit changes together (5 frames per socket per
 *   tick, which leave in one write);
 * - 10,000 idle subscribed sockets: the server's resident memory per socket (target 20 KB);
 * - order entry (`POST /order`, resting, as the trading suite) with and without 1,000 idle
 *   subscribers on another market: the ratio to the reference must not fall by more than 5 %.
 * `--quick` shortens the windows and holds 2,000 idle sockets instead of 10,000.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline';
import { resolve } from 'node:path';
import { startServer } from './server.js';
import { measureScenario } from './http.js';
import { cpuNs, cpuTicks } from './kit/server-cpu.js';
import { newMarket, newTrader, order, send, signed, signedEach, type Trader } from './kit/client.js';
import type { BenchContext, BenchRow, HttpScenario } from './types.js';

const ROOT = resolve(import.meta.dirname, '..');

interface Clients { child: ChildProcess; lines: Interface; ready: number; report(): Promise<Record<string, number>>; stop(): Promise<void> }

async function clients(ctx: BenchContext, count: number, assets: string[], mode: 'track' | 'idle'): Promise<Clients> {
  const url = `${ctx.baseUrl.replace('http', 'ws')}/ws/market`;
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'bench/streams-clients.ts')],
    { env: { ...process.env, URL: url, COUNT: String(count), ASSETS: assets.join(','), MODE: mode }, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const next = (prefix: string, ms: number) => new Promise<string>((ok, fail) => {
    const t = setTimeout(() => fail(new Error(`streams bench clients: no ${prefix} within ${ms} ms`)), ms);
    const on = (line: string) => { if (line.startsWith(prefix)) { clearTimeout(t); lines.off('line', on); ok(line.slice(prefix.length + 1)); } };
    lines.on('line', on);
    child.once('exit', (code) => { clearTimeout(t); fail(new Error(`streams bench clients exited (${code})`)); });
  });
  const ready = Number(await next('READY', 180_000));
  return {
    child, lines, ready,
    report: async () => { const p = next('REPORT', 10_000); child.stdin!.write('REPORT\n'); return JSON.parse(await p); },
    stop: () => new Promise((ok) => { if (child.exitCode !== null) return ok(); child.once('exit', () => ok()); child.kill('SIGKILL'); }),
  };
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/**
 * Book changes on every token of `tokens` for `seconds`, 50 frames a second per socket in all: a
 * resting bid placed on each (`POST /orders`, one batch), then cancelled (`DELETE /orders`);
 * every change is one commit that touches every market at once, so each socket gets one frame per
 * market in the same tick. One token: `POST`/`DELETE /order`, 50 commits a second.
 */
async function drive(ctx: BenchContext, t: Trader, tokens: string[], seconds: number): Promise<number> {
  if (tokens.length > 1) return driveBatches(ctx, t, tokens, seconds);
  const token = tokens[0]!;
  const end = Date.now() + seconds * 1000;
  let changes = 0;
  let open: string | null = null;
  let at = Date.now();
  while (Date.now() < end) {
    if (open === null) {
      const r = await send(ctx, signed(t, 'POST', '/order', order(t, token, 'BUY', 100_000 + (changes % 50) * 10_000, 5_000_000)));
      open = r.orderID as string;
    } else {
      await send(ctx, signed(t, 'DELETE', '/order', { orderID: open }));
      open = null;
    }
    changes++;
    at += 20;
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  }
  return changes;
}

/**
 * One fan-out window: 50 book changes a second for `seconds` on `token`, which `fan`'s sockets
 * track. p50/p99: commit → the client's read of the frame (the `read` times of
 * streams-clients.ts, without the client's own queue); the handler times are in the note.
 */
async function fanOutRow(ctx: BenchContext, fan: Clients, t: Trader, tokens: string[], seconds: number): Promise<BenchRow> {
  await fan.report();
  const cpu0 = cpuNs(ctx.serverPid)!;
  const ticks0 = cpuTicks(ctx.serverPid);
  const changes = (await drive(ctx, t, tokens, seconds)) * tokens.length; // events per socket
  await new Promise((r) => setTimeout(r, 500));
  const cpu1 = cpuNs(ctx.serverPid)!;
  const ticks1 = cpuTicks(ctx.serverPid);
  const r = await fan.report();
  const sys = ticks0 && ticks1 ? (ticks1.system - ticks0.system) / Math.max(1, ticks1.system - ticks0.system + ticks1.user - ticks0.user) : NaN;
  const all = r.minEvents === changes && r.maxEvents === changes && r.gaps === 0 && r.disorder === 0 && r.closed === 0;
  const us = (cpu1 - cpu0) / 1000 / Math.max(1, r.delivered);
  return {
    suite: 'streams', scenario: tokens.length === 1 ? `${fan.ready} market sockets, 50 book changes/s (${changes} events)`
      : `${fan.ready} market sockets on ${tokens.length} markets, each commit changing all (${tokens.length} frames per socket per tick; ${changes} events)`, reqPerSec: r.delivered / seconds,
    p50ms: r.readP50, p99ms: r.readP99, serverUs: us, target: 'p50 ≤ 5 ms, p99 ≤ 50 ms, ≤ 3 µs/frame',
    met: all && r.readP50 <= 5 && r.readP99 <= 50 && us <= 3,
    note: `req/s = frames delivered/s; p50/p99 = commit → the client's read (without its own queue); at the client's handler: p50 ${r.p50} ms, p99 ${r.p99} ms; ` +
      `server µs = all server CPU ÷ frames (order entry included), ${(sys * 100).toFixed(0)} % of it in the kernel; every client got every event in order: ${all ? 'yes' : `NO (min ${r.minEvents}, max ${r.maxEvents}, gaps ${r.gaps}, out of order ${r.disorder}, closed ${r.closed})`}`,
  };
}

/**
 * `npm run bench -- streams --against REF`: the fan-out on REF's server and this checkout's,
 * 1,000 tracking sockets on each, windows alternating (before, after; then after, before; …) —
 * once with one market (one frame per socket per commit) and once with 5 markets that every
 * commit changes together (5 frames per socket in one tick: what one write per tick is for).
 */
export async function runStreamsAgainst(opts: { quick: boolean }, ref: { name: string; root: string; commit: string }): Promise<string> {
  const rounds = opts.quick ? 1 : 3;
  const seconds = opts.quick ? 4 : 10;
  const env = { SIBYL_DEMO: '0', SIBYL_MAX_CONNECTIONS: '30000', SIBYL_MAX_CONNECTIONS_PER_IP: '0', SIBYL_AUTH_WINDOW_S: '3600', SIBYL_REPLAY_MAX: '4000000' };
  const servers = [await startServer({ id: 'streams', env }, { root: ref.root, tag: `-against-${ref.commit.slice(0, 12)}` }), await startServer({ id: 'streams', env })];
  const out = [`Before: \`${ref.name}\` (${ref.commit.slice(0, 12)}); after: this checkout. ${rounds} windows of ${seconds} s each per table, alternating; means over windows.`];
  try {
    for (const markets of [1, 5]) {
      const rows: BenchRow[][] = [[], []];
      const sides: Array<{ fan: Clients; t: Trader; tokens: string[] }> = [];
      try {
        for (const s of servers) {
          const tokens: string[] = [];
          for (let i = 0; i < markets; i++) tokens.push(`${await newMarket(s.ctx)}:0`);
          sides.push({ t: await newTrader(s.ctx, 2_000_000), tokens, fan: await clients(s.ctx, 1000, tokens, 'track') });
        }
        for (let i = 0; i < rounds; i++) {
          for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
            const row = await fanOutRow(servers[k]!.ctx, sides[k]!.fan, sides[k]!.t, sides[k]!.tokens, seconds);
            console.error(`[bench] streams ${k === 0 ? 'before' : 'after'}: p50 ${row.p50ms} ms, p99 ${row.p99ms} ms, ${row.serverUs!.toFixed(1)} µs/frame (${row.note})`);
            rows[k]!.push(row);
          }
        }
      } finally {
        for (const s of sides) await s.fan.stop();
      }
      out.push('', abLines(rows, markets === 1 ? '1,000 market sockets, 1 market, 50 book changes/s' : `1,000 market sockets, ${markets} markets changed by every commit, 50 frames/s per socket`));
    }
  } finally {
    for (const s of servers) await s.stop();
  }
  return out.join('\n');
}

/** One before/after table of fan-out windows (means) and the windows themselves. */
function abLines(rows: BenchRow[][], title: string): string {
  const mean = (xs: BenchRow[], f: (r: BenchRow) => number) => xs.reduce((a, r) => a + f(r), 0) / xs.length;
  const line = (name: string, f: (r: BenchRow) => number, digits: number) => {
    const [b, a] = [mean(rows[0]!, f), mean(rows[1]!, f)];
    return `| ${name} | ${b.toFixed(digits)} | ${a.toFixed(digits)} | ${b === 0 ? '' : `${((a / b - 1) * 100).toFixed(1)} %`} |`;
  };
  return [`| ${title} | before | after | change |`, '|---|---:|---:|---:|',
    line('server µs per delivered frame', (r) => r.serverUs!, 2), line('p50 ms, commit → client read', (r) => r.p50ms, 1),
    line('p99 ms, commit → client read', (r) => r.p99ms, 1), line('frames delivered/s', (r) => r.reqPerSec, 0),
    `| every client got every event in order | ${rows.map((rs) => (rs.every((r) => r.note!.includes('in order: yes')) ? 'yes' : 'NO')).join(' | ')} | |`,
    '', ...rows.flatMap((rs, k) => rs.map((r) => `- ${k === 0 ? 'before' : 'after'}: ${r.serverUs!.toFixed(2)} µs/frame, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms; ${r.scenario}; ${r.note}`)),
  ].join('\n');
}

async function driveBatches(ctx: BenchContext, t: Trader, tokens: string[], seconds: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  const period = (1000 * tokens.length) / 50;
  let changes = 0;
  let open: string[] | null = null;
  let at = Date.now();
  while (Date.now() < end) {
    if (open === null) {
      const r = await send(ctx, signed(t, 'POST', '/orders', tokens.map((tok) => order(t, tok, 'BUY', 100_000 + (changes % 50) * 10_000, 5_000_000)))) as Array<{ orderID: string }>;
      open = r.map((x) => x.orderID);
    } else {
      await send(ctx, signed(t, 'DELETE', '/orders', open));
      open = null;
    }
    changes++;
    at += period;
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  }
  return changes;
}

const resting = (cid: string): HttpScenario => ({
  name: 'POST /order (L2, resting)',
  requests: async (ctx) => {
    const t = await newTrader(ctx, 2_000_000);
    return Array.from({ length: 20 }, (_, i) => signedEach(t, 'POST', '/order', () => ({ body: order(t, `${cid}:0`, 'BUY', (5 + i) * 10_000, 5_000_000) })));
  },
});

export async function runStreamsBench(opts: { quick: boolean }): Promise<BenchRow[]> {
  const server = await startServer({ id: 'streams', env: {
    SIBYL_DEMO: '0', SIBYL_MAX_CONNECTIONS: '30000', SIBYL_MAX_CONNECTIONS_PER_IP: '0', SIBYL_AUTH_WINDOW_S: '3600', SIBYL_REPLAY_MAX: '4000000',
  } });
  const { ctx } = server;
  const rows: BenchRow[] = [];
  try {
    const cid = await newMarket(ctx);
    const quiet = await newMarket(ctx);
    const t = await newTrader(ctx, 2_000_000);
    // 1. Fan-out.
    const seconds = opts.quick ? 4 : 15;
    const fan = await clients(ctx, 1000, [`${cid}:0`], 'track');
    try {
      rows.push(await fanOutRow(ctx, fan, t, [`${cid}:0`], seconds));
    } finally { await fan.stop(); }
    // 1b. Five markets changed by every commit: five frames per socket in one tick (one write).
    const five: string[] = [];
    for (let i = 0; i < 5; i++) five.push(`${await newMarket(ctx)}:0`);
    const fan5 = await clients(ctx, 1000, five, 'track');
    try {
      rows.push(await fanOutRow(ctx, fan5, t, five, seconds));
    } finally { await fan5.stop(); }
    // 2. Idle sockets' memory.
    const idleCount = opts.quick ? 2000 : 10_000;
    await new Promise((r) => setTimeout(r, 1000));
    const rss0 = rssKb(ctx.serverPid!);
    const idle = await clients(ctx, idleCount, [`${quiet}:0`], 'idle');
    try {
      await new Promise((r) => setTimeout(r, 2000));
      const kb = (rssKb(ctx.serverPid!) - rss0) / idle.ready;
      rows.push({ suite: 'streams', scenario: `${idle.ready} idle subscribed sockets`, reqPerSec: 0, p50ms: 0, p99ms: 0, target: '≤ 20 KB/socket', met: kb <= 20,
        note: `${kb.toFixed(1)} KB of server RSS per socket` });
    } finally { await idle.stop(); }
    // 3. Order entry with and without 1,000 idle subscribers.
    const load = { rounds: opts.quick ? 1 : 5, durationS: opts.quick ? 2 : 3, connections: 10 };
    const without = await measureScenario(ctx, resting(cid), load);
    rows.push({ ...without, suite: 'streams', scenario: 'POST /order (L2, resting), no subscribers' });
    const subs = await clients(ctx, 1000, [`${quiet}:0`], 'idle');
    try {
      const withSubs = await measureScenario(ctx, resting(cid), load);
      const rel = withSubs.ratio! / without.ratio!;
      rows.push({ ...withSubs, suite: 'streams', scenario: `POST /order (L2, resting), ${subs.ready} idle subscribers`, target: '≥ 0.95× of without', met: rel >= 0.95,
        note: `${rel.toFixed(3)}× of the row without subscribers` });
    } finally { await subs.stop(); }
  } finally {
    await server.stop();
  }
  return rows;
}
