/**
 * Who gets a connection. A drill (issue #33) showed one client could take them all: 3,000 idle
 * sockets from one address made every other client's requests fail for ~10 s, 2,048 keep-alive
 * sockets for ~70 s, a reconnecting flood let 6–7 % through. So, on the HTTP server's
 * `connection` event, before node's HTTP parser sees the socket:
 * - per address (SIBYL_MAX_CONNECTIONS_PER_IP, 0 = off): an address already holding that many
 *   open sockets gets an immediate `429 {error}` + `Retry-After: 1` and the socket is closed. A
 *   trusted proxy's own address (SIBYL_TRUST_PROXY) is exempt: all its clients share it, and
 *   the per-client limit behind a proxy is the rate limiter's (X-Forwarded-For);
 * - in all (SIBYL_MAX_CONNECTIONS, 0 = no cap): at the cap a newcomer is admitted only if an
 *   idle socket of an address holding more sockets than the newcomer's can be closed for it
 *   (an address holding ≥ 1/16 of the cap loses even sockets idle for less than the grace
 *   below: a reconnecting flood refills faster than that); else `503 {error}` +
 *   `Retry-After: 1` and close;
 * - near the cap (≥ 90 %), every 250 ms, idle sockets are closed down to 80 %, from the
 *   addresses holding the most first.
 * Idle = no request in flight and none for IDLE_GRACE_MS (1 s) — a keep-alive socket between
 * requests, or a socket that has not sent a whole request head yet. A socket with a request in
 * flight (body upload, slow handler, response being written) or upgraded to a WebSocket is never closed here. Refusals
 * are written before the request is read, in the simple `{error}` shape, whatever the path.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { edgeMetrics } from '../metrics/index.js';

const IDLE_GRACE_MS = 1000;
const HIGH_WATER = 0.9;
const LOW_WATER = 0.8;
const SWEEP_EVERY_MS = 250;
/** At the cap, an address holding this share of it loses even fresh idle sockets to newcomers. */
const DOMINANT_SHARE = 1 / 16;
/** After a search at the cap found no idle socket to close, don't search again for this long. */
const NOTHING_IDLE_MS = 50;

function refusal(status: string, error: string): Buffer {
  const body = JSON.stringify({ error });
  return Buffer.from([
    `HTTP/1.1 ${status}`, 'content-type: application/json; charset=utf-8', 'retry-after: 1',
    'connection: close', `content-length: ${Buffer.byteLength(body)}`, '', body,
  ].join('\r\n'));
}
const BUSY = refusal('503 Service Unavailable', 'server busy: too many open connections, retry shortly');
const PER_IP = refusal('429 Too Many Requests', 'too many open connections from this address: reuse or close some, then retry');

export interface ConnectionLimits {
  /** Open connections in all; 0 = no cap. */
  max: number;
  /** Open connections per client address; 0 = no cap. */
  perIp: number;
  /** True for a trusted proxy's address (exempt from `perIp`): trusted-proxy.ts. */
  isTrustedProxy: (address: string) => boolean;
}

interface Conn {
  socket: Socket;
  ip: string;
  /** Requests whose response has not finished. */
  inflight: number;
  /** When it connected or its last response finished (ms). */
  since: number;
  gone: boolean;
  done: () => void;
}

const CONN = Symbol('sibyl.connection');
type Tracked = Socket & { [CONN]?: Conn };

function refuse(socket: Socket, answer: Buffer, reason: 'capacity' | 'per_ip'): void {
  edgeMetrics.connectionsRefused.inc({ reason });
  socket.on('error', () => {});
  socket.on('data', () => {}); // drain what the client sends so it reads the answer, not a reset
  socket.end(answer);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Applies `limits` to `server`'s connections (replaces its `connection` listeners). */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  const parserListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const byIp = new Map<string, Set<Conn>>();
  let open = 0;
  let sweeper: NodeJS.Timeout | undefined;
  let nothingIdleUntil = 0;
  const high = Math.ceil(limits.max * HIGH_WATER);
  const low = Math.floor(limits.max * LOW_WATER);
  const dominant = Math.max(2, Math.ceil(limits.max * DOMINANT_SHARE));

  const held = (ip: string): number => byIp.get(ip)?.size ?? 0;

  const forget = (c: Conn): void => {
    if (c.gone) return;
    c.gone = true;
    open--;
    edgeMetrics.connectionsOpen.dec();
    const set = byIp.get(c.ip)!;
    set.delete(c);
    if (set.size === 0) byIp.delete(c.ip);
  };

  /**
   * Closes up to `count` idle sockets of addresses holding more than `above`, biggest first;
   * `eager`: a dominant address's idle sockets need no grace (it reconnects faster than that).
   */
  const reap = (count: number, above: number, eager = false): number => {
    const now = Date.now();
    const holders = [...byIp.values()].filter((s) => s.size > above).sort((a, b) => b.size - a.size);
    let closed = 0;
    for (const set of holders) {
      for (const c of set) {
        if (closed >= count || set.size <= above) break;
        if (c.inflight > 0 || (now - c.since < IDLE_GRACE_MS && !(eager && set.size >= dominant))) continue;
        forget(c);
        c.socket.destroy();
        closed++;
      }
      if (closed >= count) break;
    }
    if (closed > 0) edgeMetrics.connectionsReaped.inc(closed);
    return closed;
  };

  const sweep = (): void => {
    if (open >= high) reap(open - low, 0);
    if (open < high && sweeper !== undefined) { clearInterval(sweeper); sweeper = undefined; }
  };

  /** At the cap: close one idle socket of a bigger holder than `ip` for the newcomer, if any. */
  const makeRoom = (ip: string): boolean => {
    const mine = held(ip) + 1;
    let biggest = 0;
    for (const set of byIp.values()) if (set.size > biggest) biggest = set.size;
    if (biggest <= mine) return false; // the newcomer's address is (one of) the biggest: no one owes it a slot
    if (Date.now() < nothingIdleUntil) return false;
    if (reap(1, mine, true) === 1) return true;
    nothingIdleUntil = Date.now() + NOTHING_IDLE_MS;
    return false;
  };

  server.on('connection', (socket: Tracked) => {
    const ip = socket.remoteAddress ?? '';
    if (limits.perIp > 0 && held(ip) >= limits.perIp && !limits.isTrustedProxy(ip)) return refuse(socket, PER_IP, 'per_ip');
    if (limits.max > 0 && open >= limits.max && !makeRoom(ip)) return refuse(socket, BUSY, 'capacity');
    const c: Conn = { socket, ip, inflight: 0, since: Date.now(), gone: false, done: () => { c.inflight--; c.since = Date.now(); } };
    socket[CONN] = c;
    let set = byIp.get(ip);
    if (set === undefined) byIp.set(ip, set = new Set());
    set.add(c);
    open++;
    edgeMetrics.connectionsOpen.inc();
    socket.once('close', () => forget(c));
    if (limits.max > 0 && open >= high && sweeper === undefined) {
      sweeper = setInterval(sweep, SWEEP_EVERY_MS);
      sweeper.unref();
    }
    for (const l of parserListeners) l.call(server, socket);
  });

  // First listener, so the count is up before the app's handler can finish the response.
  server.prependListener('request', (req, res) => {
    const c = (req.socket as Tracked)[CONN];
    if (c === undefined) return;
    c.inflight++;
    res.on('close', c.done);
  });
  // An upgraded socket (WebSocket, src/routes/streams) is never idle in the HTTP sense: the
  // streams close idle ones themselves, so the reaping above must not take it.
  server.prependListener('upgrade', (req: { socket?: Tracked }) => {
    const c = req.socket?.[CONN]; // none for fastify's injectWS
    if (c !== undefined) c.inflight++;
  });
  server.on('close', () => { if (sweeper !== undefined) clearInterval(sweeper); });
}
