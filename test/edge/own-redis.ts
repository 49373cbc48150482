/**
 * A Redis server of a test's own — never the shared one on 6379 — so that the test may pause
 * it (SIGSTOP: connected but silent, the hung-Redis case of issue #33) and resume it (SIGCONT).
 * Started on a free port of 127.0.0.1 without persistence; `stop` kills it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

const SKIP = 'own-Redis tests skipped: redis-server is not installed';
let noticed = false;
/** `false` when redis-server can be run, else the skip reason (printed once). */
export function ownRedisSkip(): string | false {
  if (spawnSync('redis-server', ['--version']).status === 0) return false;
  if (!noticed) { noticed = true; console.log(`# NOTICE: ${SKIP}`); }
  return SKIP;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => ok(port)); });
  });
}

export interface OwnRedis { url: string; pause(): void; resume(): void; stop(): Promise<void> }

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    for (let i = 0; ; i++) {
      try { await probe.connect(); await probe.ping(); break; } catch (err) {
        if (i >= 50 || child.exitCode !== null) { child.kill('SIGKILL'); throw err; }
        probe.disconnect();
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    probe.disconnect();
  }
  return {
    url,
    pause: () => process.kill(child.pid!, 'SIGSTOP'),
    resume: () => process.kill(child.pid!, 'SIGCONT'),
    stop: () => new Promise((ok) => {
      if (child.exitCode !== null) return ok();
      child.once('exit', () => ok());
      process.kill(child.pid!, 'SIGCONT'); // a stopped process would not act on SIGTERM until resumed
      child.kill('SIGKILL');
    }),
  };
}
