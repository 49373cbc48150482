/**
 * Connection-flood drill helpers, shared by test/edge/connection-flood.test.ts (small, bounded)
 * and test/edge/connection-drill.ts (the full-size drill of issue #33): a flood from one
 * loopback address in a child process (flooder.ts), and "the others" — fresh connections from
 * 127.0.0.1 making one request each — whose success rate is what the drill measures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FloodSpec, FloodStats } from './flooder.js';

export interface Flood { stats(): Promise<FloodStats>; stop(): Promise<void> }

/** Forks the flooder and waits until its first `n` connections were tried. */
export async function startFlood(spec: FloodSpec): Promise<Flood> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./flooder.ts', import.meta.url)), [JSON.stringify(spec)], {
    execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (): Promise<{ ready?: boolean; stats: FloodStats }> => new Promise((ok, fail) => {
    const onExit = () => fail(new Error('flooder exited'));
    child.once('exit', onExit);
    child.once('message', (m) => { child.off('exit', onExit); ok(m as { stats: FloodStats }); });
  });
  await next();
  return {
    stats: () => { const p = next(); child.send('stats'); return p.then((m) => m.stats); },
    stop: () => new Promise((ok) => {
      if (child.exitCode !== null) return ok();
      child.once('exit', () => ok());
      child.send('stop');
    }),
  };
}

export interface Others { ok: number; total: number; rate: number; codes: Record<string, number>; p99Ms: number }

/** One request on a fresh connection: its status code, or the error's code. */
function once(port: number, from: string, timeoutMs: number): Promise<string> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/time', agent: false, localAddress: from, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
      res.on('error', () => done('reset'));
    });
    req.on('timeout', () => { req.destroy(); done('timeout'); });
    req.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'error'));
    req.end();
  });
}

/** `concurrency` clients at `from` making requests back to back for `durationMs`. */
export async function measureOthers(port: number, durationMs: number, opts: { concurrency?: number; from?: string; timeoutMs?: number } = {}): Promise<Others> {
  const end = Date.now() + durationMs;
  const codes: Record<string, number> = {};
  const ms: number[] = [];
  const loop = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const code = await once(port, opts.from ?? '127.0.0.1', opts.timeoutMs ?? 2000);
      ms.push(performance.now() - t);
      codes[code] = (codes[code] ?? 0) + 1;
      if (code !== '200') await new Promise((r) => setTimeout(r, 20)); // a refused client retries soon, not in a spin
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, loop));
  const total = ms.length;
  const ok = codes['200'] ?? 0;
  ms.sort((a, b) => a - b);
  return { ok, total, rate: total === 0 ? 0 : ok / total, codes, p99Ms: ms[Math.floor(total * 0.99)] ?? 0 };
}
