/**
 * The streams bench's clients, in a process of their own (so the server's CPU is the server's):
 * COUNT market-channel sockets subscribed to ASSETS (comma-separated), opened 200 at a time.
 * Prints `READY <n>` once all got their dump. In `track` mode each socket checks that every
 * market's events come in `seq` order with no gap (one event per new seq of a market), and commit-to-receive latency is sampled
 * (receive time − the event's `timestamp`, the commit's ms; same machine clock) two ways:
 * `handler`, the time the socket's message handler ran — after this process handled every
 * socket read before it (1,000 sockets' frames of one commit are handled one after the other,
 * ~10 µs each), so it carries the client's own queueing; and `read`, the time the event loop
 * began handling the reads it found ready together (the first handler of the turn's poll; a
 * frame in that batch was in the socket before the poll returned, so this is an upper bound of
 * its arrival without the queue behind it). On a stdin line
 * `REPORT` it prints `REPORT <json>` and starts over; `PING`s every 20 s keep idle sockets open.
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const url = process.env.URL!;
const count = Number(process.env.COUNT ?? 1000);
const assets = process.env.ASSETS!.split(',');
const track = process.env.MODE === 'track';

interface State { ws: WebSocket; lastSeq: Map<string, number>; events: number; gaps: number; disorder: number }
const sockets: State[] = [];
let latencies: number[] = [];
let readLatencies: number[] = [];
/** When this event-loop turn's poll results began to be handled (reset after the poll phase, by setImmediate). */
let turnAt = 0;
let turnOpen = false;
function turnStart(): number {
  if (!turnOpen) {
    turnOpen = true;
    turnAt = Date.now();
    setImmediate(() => { turnOpen = false; });
  }
  return turnAt;
}
let closed = 0;

/** Each market's `seq` (both tokens share it) must go up by one per change; a new seq is one event. */
function onEvent(s: State, e: Record<string, unknown>, now: number, readAt: number): void {
  const seq = e.seq as number | undefined;
  if (typeof seq !== 'number' || typeof e.market !== 'string') return;
  const last = s.lastSeq.get(e.market) ?? -1;
  if (last !== -1 && seq !== last) {
    if (seq < last) s.disorder++;
    else if (seq !== last + 1) s.gaps++;
  }
  if (seq !== last) { s.events++; if (e.event_type !== 'book' || last !== -1) { latencies.push(now - Number(e.timestamp)); readLatencies.push(readAt - Number(e.timestamp)); } }
  s.lastSeq.set(e.market, seq);
}

async function open(): Promise<void> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const s: State = { ws, lastSeq: new Map(), events: 0, gaps: 0, disorder: 0 };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => { ws.send(JSON.stringify({ type: 'market', assets_ids: assets })); });
    ws.once('error', reject);
    ws.once('message', () => resolve()); // the dump
  });
  ws.on('message', (data) => {
    if (!track) return;
    const readAt = turnStart();
    const now = Date.now();
    const text = String(data);
    if (text === 'PONG') return;
    const msg = JSON.parse(text) as unknown;
    for (const e of Array.isArray(msg) ? msg : [msg]) onEvent(s, e as Record<string, unknown>, now, readAt);
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
  const read = readLatencies.sort((a, b) => a - b);
  const events = sockets.map((s) => s.events);
  process.stdout.write(`REPORT ${JSON.stringify({
    sockets: sockets.length, closed, minEvents: Math.min(...events), maxEvents: Math.max(...events), delivered: events.reduce((a, b) => a + b, 0),
    gaps: sockets.reduce((a, s) => a + s.gaps, 0), disorder: sockets.reduce((a, s) => a + s.disorder, 0),
    p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), samples: sorted.length, readP50: pct(read, 0.5), readP99: pct(read, 0.99),
  })}\n`);
  latencies = [];
  readLatencies = [];
  for (const s of sockets) { s.events = 0; s.gaps = 0; s.disorder = 0; }
});
