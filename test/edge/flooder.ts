/**
 * A connection flood from one loopback address, run as a child process (flood.ts forks it) so
 * that its event loop does not share the server's. Loopback only: it connects to 127.0.0.1
 * from `from` (any 127.x address is this machine on Linux). Kinds, as in the drill:
 * - `idle`: `n` sockets that connect and send nothing;
 * - `keepalive`: `n` sockets that each make one keep-alive request and then hold the socket;
 * - `reconnect`: `n` sockets that connect and send nothing, each connecting again at once when
 *   the server closes it (refused, timed out or reaped): every freed slot is raced for.
 * Reports `{ready}` once the first `n` connections were tried, then stats when asked; exits on
 * `stop` or when the parent goes away.
 */
import { connect, type Socket } from 'node:net';

export interface FloodSpec { kind: 'idle' | 'keepalive' | 'reconnect'; port: number; n: number; from: string }
export interface FloodStats { open: number; connects: number; served: number; refused: number; errors: number }

const spec = JSON.parse(process.argv[2] ?? '{}') as FloodSpec;
const stats: FloodStats = { open: 0, connects: 0, served: 0, refused: 0, errors: 0 };
const sockets = new Set<Socket>();
let running = true;
const REQUEST = 'GET /time HTTP/1.1\r\nHost: flood\r\nConnection: keep-alive\r\n\r\n';

/** One connection; resolves once it is connected or failed (not when it closes). */
function one(): Promise<void> {
  return new Promise((settled) => {
    const s = connect({ port: spec.port, host: '127.0.0.1', localAddress: spec.from });
    sockets.add(s);
    let got = '';
    let connected = false;
    s.on('connect', () => {
      connected = true;
      stats.connects++; stats.open++;
      if (spec.kind === 'keepalive') s.write(REQUEST);
      settled();
    });
    s.on('data', (d) => {
      got += d.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      if (/^HTTP\/1\.1 200/.test(got)) stats.served++; else stats.refused++;
      got = '';
    });
    s.on('error', () => { stats.errors++; settled(); });
    s.on('close', () => {
      sockets.delete(s);
      if (connected) stats.open--;
      if (running && spec.kind === 'reconnect') setImmediate(() => { void one(); });
    });
  });
}

async function main(): Promise<void> {
  const batch = 200; // connects in flight at once (the kernel's accept queue is finite)
  for (let i = 0; i < spec.n && running; i += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, spec.n - i) }, () => one()));
  }
  process.send?.({ ready: true, stats });
}

process.on('message', (m: unknown) => {
  if (m === 'stats') process.send?.({ stats });
  if (m === 'stop') {
    running = false;
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
void main();
