/**
 * A `ws` socket as the streams' transport (`Peer`, src/streams/connection.ts), and the wiring
 * of its events to the connection's policy. Text frames only: a Buffer sent through `ws`
 * would otherwise go out as a binary frame, which the venue's clients do not read.
 *
 * Data frames are written by `TickWriter` (tick-writer.ts) straight to the upgraded TCP socket:
 * each payload is framed once for every socket that gets it (`Framer`), and all the frames one
 * socket gets in one tick leave in one write. Control frames (ping, close) stay with `ws`.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Connection, Peer } from '../../streams/index.js';
import { TickWriter, type Framer } from './tick-writer.js';

const TEXT = { binary: false, compress: false } as const;

/**
 * `raw`: the upgraded TCP socket under `socket` (the request's socket), when there is one (none
 * under `injectWS`): frames go through `ws`'s own sender then, one write per frame.
 */
export function peerOf(socket: WebSocket, raw: Duplex | undefined, framer: Framer): Peer {
  const writer = raw === undefined ? undefined : new TickWriter(socket, raw, framer);
  return {
    send: writer ? (data) => writer.send(data) : (data) => socket.send(data, TEXT),
    // The TCP socket's unsent bytes (what `ws`'s getter reads, through its private fields) + the tick's queue.
    get bufferedAmount() { return writer === undefined ? socket.bufferedAmount : raw!.writableLength + writer.pendingBytes; },
    close: (code, reason) => { writer?.flush(); socket.close(code, reason); },
    terminate: () => { writer?.drop(); socket.terminate(); },
    ping: () => socket.ping(),
  };
}

/** Largest client frame (bytes): 500 token ids are ~40 KB. A bigger one is closed 1009 by `ws`. */
export const MAX_CLIENT_FRAME = 256 * 1024;

/** The close reason of a client frame past `maxPayload` (`ws` would close 1009 without one). */
export const TOO_BIG_REASON = `message too big: at most ${MAX_CLIENT_FRAME} bytes per frame`;

export function wire(socket: WebSocket, conn: Connection): void {
  // `ws` closes a frame past maxPayload with 1009 and no reason, through the instance's `close`:
  // that one close gets a reason the client can read.
  const close = socket.close.bind(socket);
  socket.close = (code?: number, reason?: string | Buffer) => close(code, code === 1009 && (reason === undefined || reason.length === 0) ? TOO_BIG_REASON : reason);
  socket.on('message', (data, isBinary) => {
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    conn.message(buf, isBinary);
  });
  socket.on('ping', () => conn.pinged());
  socket.on('pong', () => conn.ponged());
  socket.on('close', () => conn.gone());
  socket.on('error', () => conn.gone());
}
