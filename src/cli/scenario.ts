/**
 * `sibyl scenario <file>` — runs a scenario (src/faults/scenario-schemas.ts; docs/resilience.md)
 * against a running venue through its operator API: posts the file to `POST /admin/scenarios`,
 * then follows `GET /admin/scenarios/{id}` and prints each step as it runs, until the last.
 * The venue is `--url` (default `http://HOST:PORT` of the configuration), the token
 * `SIBYL_ADMIN_TOKEN` (or `--token`). Exits 1 when a step failed, 2 on a bad file or setting.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { configFrom } from './env.js';

interface View { id: string; status: string; steps: number; done: number; failed: number; endsAt: string; log: Array<{ step: number; atS: number; do: string; ok: boolean; error?: string; result?: unknown }> }

export function scenarioCommand(program: Command): void {
  program.command('scenario <file>')
    .description('run a scenario file (a timeline of faults, resolutions, modes, shocks) against a running venue')
    .option('--url <url>', 'the venue (default http://HOST:PORT)')
    .option('--token <token>', 'the operator token (SIBYL_ADMIN_TOKEN)')
    .option('--host <host>', 'HOST').option('--port <port>', 'PORT')
    .option('--no-wait', 'start it and print its id, without following it')
    .action(async (file: string, flags: Record<string, unknown>, cmd: Command) => {
      const config = configFrom(flags);
      const token = typeof flags.token === 'string' ? flags.token : config.adminToken;
      if (token === undefined) cmd.error('no operator token: set SIBYL_ADMIN_TOKEN or pass --token', { exitCode: 2 });
      const url = (typeof flags.url === 'string' ? flags.url : `http://${config.host}:${config.port}`).replace(/\/$/, '');
      let body: string;
      try { body = JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))); } catch (err) {
        return cmd.error(`${file}: ${err instanceof Error ? err.message : String(err)}`, { exitCode: 2 });
      }
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const started = await fetch(`${url}/admin/scenarios`, { method: 'POST', headers, body });
      const first = await started.json() as View & { error?: string };
      if (!started.ok) return cmd.error(`${url}: ${started.status} ${first.error ?? ''}`, { exitCode: 2 });
      console.log(`${first.id}: ${first.steps} steps, until ${first.endsAt}`);
      if (flags.wait === false) return;
      let shown = 0;
      for (;;) {
        const res = await fetch(`${url}/admin/scenarios/${first.id}`, { headers: { authorization: headers.authorization } });
        const view = await res.json() as View;
        for (; shown < view.log.length; shown++) {
          const e = view.log[shown]!;
          console.log(`  +${e.atS}s ${e.do}${e.ok ? '' : ` FAILED: ${e.error}`}${e.ok && e.result !== undefined ? ` ${JSON.stringify(e.result)}` : ''}`);
        }
        if (view.status !== 'running') {
          console.log(`${view.id}: ${view.status}, ${view.done}/${view.steps} steps, ${view.failed} failed`);
          if (view.failed > 0) process.exitCode = 1;
          return;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    });
}
