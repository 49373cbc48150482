/**
 * The README's bot recipe, as a new user runs it: `npm start` with no settings (only the operator
 * token the example uses to fund its wallet), then `examples/bots/trade.ts` — the unmodified
 * clob-client 5.8.1 — places, reads back and cancels a signed order. Real processes, a real port.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../cluster/kit.js';

const ADMIN = '0123456789abcdef0123';

function run(cmd: string, args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b) => { out += b; });
  child.stderr!.on('data', (b) => { out += b; });
  const done = new Promise<{ code: number | null; out: string }>((resolve) => child.on('close', (code) => resolve({ code, out })));
  return { child, done };
}

describe('the README bot recipe (examples/bots/trade.ts)', () => {
  it('trades on a Sibyl started with no settings', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-example-'));
    const port = await freePort();
    const clean = { DATABASE_URL: '', REDIS_URL: '', SIBYL_DEMO_LIVE: '', SIBYL_TOKEN_IDS: '' }; // the test runner's own settings are not the user's
    const server = run(process.execPath, ['bin/sibyl.js', 'serve'], { ...clean, PORT: String(port), SIBYL_DATA_DIR: join(dir, 'data'), SIBYL_ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn' });
    try {
      const url = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (await fetch(`${url}/`).then((r) => r.ok, () => false)) break;
        assert.ok(i < 400, 'the server answers within 60 s');
        await new Promise((r) => setTimeout(r, 150));
      }
      const bot = run(process.execPath, ['--import', 'tsx', 'examples/bots/trade.ts'], { ...clean, SIBYL_URL: url, SIBYL_ADMIN_TOKEN: ADMIN });
      const { code, out } = await bot.done;
      assert.equal(code, 0, out);
      assert.match(out, /placed[\s\S]*success: true/);
      assert.match(out, /token \d{20,78}\n/, 'the market\'s token id is a position id');
      assert.match(out, /canceled[\s\S]*0x[0-9a-f]{64}/);
    } finally {
      server.child.kill('SIGTERM');
      await server.done;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
