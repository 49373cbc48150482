/**
 * A `ws` socket as the streams' transport (`Peer`, src/streams/connection.ts), and the wiring
 * of its events to the connection's policy. Text frames only: a Buffer sent through `ws`
 * would otherwise go out as a binary frame, which the venue's clients do not read.
 */
import type { WebSocket } from 'ws';
import type { Connection, Peer } from '../../streams/index.js';

const TEXT = { binary: false, compress: false } as const;

export function peerOf(socket: WebSocket): Peer {
  return {
    send: (data) => socket.send(data, TEXT),
    get bufferedAmount() { return socket.bufferedAmount; },
    close: (code, reason) => socket.close(code, reason),
    terminate: () => socket.terminate(),
    ping: () => socket.ping(),
  };
}

export function wire(socket: WebSocket, conn: Connection): void {
  socket.on('message', (data, isBinary) => {
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    conn.message(buf, isBinary);
  });
  socket.on('ping', () => conn.pinged());
  socket.on('pong', () => conn.ponged());
  socket.on('close', () => conn.gone());
  socket.on('error', () => conn.gone());
}
