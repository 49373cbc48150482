/**
 * The safety drills of issue #39, re-measured (loopback only, bounded: about a minute):
 *  A. a resync flood — one socket subscribed to up to 196 tokens sends `resync` as fast as it
 *     may for 10 s while reading everything — and the `/book` latency another client sees
 *     (p50/p99, 10 requests a second from another address), against a baseline without it;
 *  B. 120 paused sockets (they read nothing; a protocol ping every 5 s keeps them alive), each
 *     subscribed to every token and asking `resync` every 100 ms for 15 s: the server's RSS.
 * The server runs as a child process (`sibyl serve`, demo data, no simulated traders) from the
 * checkout given as REPO (default: this one), with SIBYL_RATE_LIMITS=$RATE_LIMITS when set
 * (`off` to see the stream bounds alone). Clients bind 127.0.0.2–4, so each drill has its own
 * rate-limit address. Usage: npx tsx bench/drills.ts   (REPO=/path RATE_LIMITS=off optional)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';

const repo = resolve(process.env.REPO ?? '.');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((ok) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => ok(p)); }); });
}

function get(port: string | number, path: string, from = '127.0.0.2'): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, timeout: 10_000 }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN; };

function open(url: string, from: string): Promise<WebSocket> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, { localAddress: from, perMessageDeflate: false });
    ws.once('open', () => ok(ws));
    ws.once('error', fail);
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sibyl-drills-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SIBYL_DATA_DIR: dir, SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '0', LOG_LEVEL: 'error' };
  delete env.DATABASE_URL; delete env.REDIS_URL;
  if (process.env.RATE_LIMITS === undefined) delete env.SIBYL_RATE_LIMITS; else env.SIBYL_RATE_LIMITS = process.env.RATE_LIMITS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => { try { child.kill('SIGTERM'); } catch { /* gone */ } };
  process.on('exit', stop);
  try {
    for (let i = 0; i < 600; i++) { try { if ((await get(port, '/')).status === 200) break; } catch { /* starting */ } await sleep(200); }
    const markets = JSON.parse((await get(port, '/markets')).body) as { data: Array<{ accepting_orders: boolean; tokens: Array<{ token_id: string }> }> };
    const tokens = markets.data.filter((m) => m.accepting_orders).flatMap((m) => m.tokens.map((t) => t.token_id)).slice(0, 196);
    const url = `ws://127.0.0.1:${port}/ws/market`;
    console.log(`server pid ${child.pid} from ${repo}; ${tokens.length} tokens; SIBYL_RATE_LIMITS=${env.SIBYL_RATE_LIMITS ?? '(default table)'}`);

    // A. resync flood vs. another client's /book.
    const bookLatency = async (ms: number): Promise<number[]> => {
      const out: number[] = [];
      const end = Date.now() + ms;
      for (let i = 0; Date.now() < end; i++) {
        const t = performance.now();
        const r = await get(port, `/book?token_id=${tokens[i % tokens.length]}`, '127.0.0.2');
        if (r.status === 200) out.push(performance.now() - t);
        await sleep(Math.max(0, 100 - (performance.now() - t)));
      }
      return out;
    };
    const base = await bookLatency(5000);
    const flooder = await open(url, '127.0.0.3');
    let pulled = 0;
    let refused = 0;
    flooder.on('message', (d: Buffer) => { pulled += d.length; if (d.length < 300 && d.includes('retry_after')) refused++; });
    flooder.send(JSON.stringify({ type: 'market', assets_ids: tokens }));
    await sleep(500);
    let flooding = true;
    const flood = (async () => { while (flooding) { for (let i = 0; i < 20; i++) flooder.send('{"operation":"resync"}'); await sleep(5); } })();
    const t0 = Date.now();
    const during = await bookLatency(10_000);
    flooding = false;
    await flood;
    const secs = (Date.now() - t0) / 1000;
    flooder.terminate();
    console.log(`A. /book from another client: baseline p50 ${pct(base, 50).toFixed(1)} ms p99 ${pct(base, 99).toFixed(1)} ms (${base.length}); during the flood p50 ${pct(during, 50).toFixed(1)} ms p99 ${pct(during, 99).toFixed(1)} ms (${during.length}); the flooder pulled ${(pulled / 1e6).toFixed(1)} MB in ${secs.toFixed(1)} s (${(pulled / 1e6 / secs).toFixed(2)} MB/s), ${refused} refusals`);

    // B. 120 paused sockets.
    await sleep(1000);
    const before = rssMb(child.pid!);
    const paused: WebSocket[] = [];
    for (let i = 0; i < 120; i++) {
      const ws = await open(url, '127.0.0.4');
      ws.on('error', () => {});
      ws.send(JSON.stringify({ type: 'market', assets_ids: tokens }));
      paused.push(ws);
    }
    await sleep(500);
    for (const ws of paused) (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    let peak = before;
    const end = Date.now() + 15_000;
    for (let tick = 0; Date.now() < end; tick++) {
      for (const ws of paused) if (ws.readyState === WebSocket.OPEN) { ws.send('{"operation":"resync"}'); if (tick % 50 === 0) ws.ping(); }
      await sleep(100);
      if (tick % 5 === 0) peak = Math.max(peak, rssMb(child.pid!));
    }
    const open120 = paused.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    for (const ws of paused) ws.terminate();
    console.log(`B. 120 paused sockets: server RSS ${before} MB before, peak ${peak} MB; ${open120} of 120 still open after 15 s`);
  } finally {
    stop();
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
