/**
 * The streams bench's clients, in a process of their own (so the server's CPU is the server's):
 * COUNT market-channel sockets subscribed to ASSETS (comma-separated), opened 200 at a time.
 * Prints `READY <n>` once all got their dump. In `track` mode each socket checks that every event
 * of the first asset comes in `seq` order with no gap, and commit-to-receive latency is sampled
 * (receive time − the event's `timestamp`, the commit's ms; same machine clock). On a stdin line
 * `REPORT` it prints `REPORT <json>` and starts over; `PING`s every 20 s keep idle sockets open.
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const url = process.env.URL!;
const count = Number(process.env.COUNT ?? 1000);
const assets = process.env.ASSETS!.split(',');
const track = process.env.MODE === 'track';

interface State { ws: WebSocket; lastSeq: number; events: number; gaps: number; disorder: number }
const sockets: State[] = [];
let latencies: number[] = [];
let closed = 0;

function onEvent(s: State, e: Record<string, unknown>, now: number): void {
  if (e.asset_id !== assets[0] && !(e.event_type === 'price_change')) return;
  const seq = e.seq as number | undefined;
  if (typeof seq !== 'number') return;
  if (s.lastSeq !== -1 && seq !== s.lastSeq) {
    if (seq < s.lastSeq) s.disorder++;
    else if (seq !== s.lastSeq + 1) s.gaps++;
  }
  if (seq !== s.lastSeq) { s.events++; if (e.event_type !== 'book' || s.lastSeq !== -1) latencies.push(now - Number(e.timestamp)); }
  s.lastSeq = seq;
}

async function open(): Promise<void> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const s: State = { ws, lastSeq: -1, events: 0, gaps: 0, disorder: 0 };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => { ws.send(JSON.stringify({ type: 'market', assets_ids: assets })); });
    ws.once('error', reject);
    ws.once('message', () => resolve()); // the dump
  });
  ws.on('message', (data) => {
    if (!track) return;
    const now = Date.now();
    const text = String(data);
    if (text === 'PONG') return;
    const msg = JSON.parse(text) as unknown;
    for (const e of Array.isArray(msg) ? msg : [msg]) onEvent(s, e as Record<string, unknown>, now);
  });
  ws.on('close', () => { closed++; });
  sockets.push(s);
}

for (let i = 0; i < count; i += 200) await Promise.all(Array.from({ length: Math.min(200, count - i) }, open));
setInterval(() => { for (const s of sockets) if (s.ws.readyState === WebSocket.OPEN) s.ws.send('PING'); }, 20_000).unref();
process.stdout.write(`READY ${sockets.length}\n`);

const pct = (xs: number[], p: number) => (xs.length === 0 ? 0 : xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'REPORT') return;
  const sorted = latencies.sort((a, b) => a - b);
  const events = sockets.map((s) => s.events);
  process.stdout.write(`REPORT ${JSON.stringify({
    sockets: sockets.length, closed, minEvents: Math.min(...events), maxEvents: Math.max(...events), delivered: events.reduce((a, b) => a + b, 0),
    gaps: sockets.reduce((a, s) => a + s.gaps, 0), disorder: sockets.reduce((a, s) => a + s.disorder, 0),
    p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), samples: sorted.length,
  })}\n`);
  latencies = [];
  for (const s of sockets) { s.events = 0; s.gaps = 0; s.disorder = 0; }
});
