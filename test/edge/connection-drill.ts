/**
 * The connection-flood drill of issue #33, full size, by hand (not part of the test run):
 *
 *   node --import tsx test/edge/connection-drill.ts [idle|keepalive|reconnect ...] [seconds]
 *
 * Starts the real service on 127.0.0.1 (configuration from the environment's SIBYL_* variables,
 * defaults otherwise), floods it from 127.0.0.2 — 3,000 idle sockets; 2,048 keep-alive sockets;
 * 3,000 reconnecting loops — and prints the other clients' success rate second by second.
 */
import { backends } from '../support/backends.js';
import { startTestService } from '../support/service.js';
import { measureOthers, startFlood } from './flood.js';
import type { FloodSpec } from './flooder.js';

const SIZES: Record<FloodSpec['kind'], number> = { idle: 3000, keepalive: 2048, reconnect: 3000 };
const args = process.argv.slice(2);
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? 12);
const kinds = args.filter((a): a is FloodSpec['kind'] => a in SIZES);

const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (k.startsWith('SIBYL_') && v !== undefined) env[k] = v;

for (const kind of kinds.length ? kinds : (Object.keys(SIZES) as FloodSpec['kind'][])) {
  const svc = await startTestService(backends()[0]!, env);
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (svc.app.server.address() as { port: number }).port;
  const started = Date.now();
  const flood = await startFlood({ kind, port, n: SIZES[kind], from: '127.0.0.2' });
  const setup = Date.now() - started;
  let ok = 0;
  let total = 0;
  const perSecond: string[] = [];
  const codes: Record<string, number> = {};
  for (let s = 0; s < seconds; s++) {
    const r = await measureOthers(port, 1000);
    ok += r.ok;
    total += r.total;
    for (const [c, n] of Object.entries(r.codes)) codes[c] = (codes[c] ?? 0) + n;
    perSecond.push(`${Math.round(r.rate * 100)}%`);
  }
  const fs = await flood.stats();
  await flood.stop();
  await svc.dispose();
  console.log(`${kind} (${SIZES[kind]}; flood set up in ${setup} ms): others ${ok}/${total} = ${(100 * ok / Math.max(1, total)).toFixed(1)}% `
    + `over ${seconds} s; per second ${perSecond.join(' ')}; answers ${JSON.stringify(codes)}; flooder ${JSON.stringify(fs)}`);
}
process.exit(0);
