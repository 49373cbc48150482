/**
 * Data frames written once per tick (issue #40): a committed batch's frames are serialised once
 * per kind of subscriber (src/streams/hub.ts) and the same Buffer goes to every socket of that
 * kind. Here each such payload gets its WebSocket framing once (`Framer.framed`, RFC 6455 §5.2:
 * FIN, text opcode, the length; a server's frames are not masked), and a socket's frames of one
 * tick are queued and leave in ONE write on the upgraded TCP socket when the tick ends
 * (`process.nextTick`, one callback for all sockets). Before, `ws` framed every send again and
 * wrote a header and a payload per frame (a `writev` per socket per frame).
 *
 * Order: data frames of a socket keep their order (one queue, one write); `ws`'s control frames
 * go out at once, and a close flushes the queue first, so no data follows a close frame. A
 * socket `ws` no longer holds open (closing, closed) gets nothing more, as `ws.send` would drop it.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

const OPEN = 1; // WebSocket.OPEN

/** The framing of each payload Buffer, made once and kept as long as the payload is; the queue of sockets to flush. */
export class Framer {
  private readonly frames = new WeakMap<Buffer, Buffer>();
  private dirty: TickWriter[] = [];

  /** The payload as one text frame (header + payload), made once per payload Buffer. */
  framed(payload: Buffer | string): Buffer {
    if (typeof payload === 'string') return textFrame(Buffer.from(payload));
    let f = this.frames.get(payload);
    if (f === undefined) this.frames.set(payload, (f = textFrame(payload)));
    return f;
  }

  /** `w` has frames queued: it is written when the tick ends (one callback for every socket). */
  later(w: TickWriter): void {
    if (this.dirty.length === 0) process.nextTick(() => this.flushAll());
    this.dirty.push(w);
  }

  private flushAll(): void {
    const list = this.dirty;
    this.dirty = [];
    for (const w of list) w.flush();
  }
}

export class TickWriter {
  private queue: Buffer[] = [];
  pendingBytes = 0;

  constructor(private readonly ws: WebSocket, private readonly raw: Duplex, private readonly framer: Framer) {}

  send(payload: Buffer | string): void {
    if (this.ws.readyState !== OPEN) return;
    const frame = this.framer.framed(payload);
    if (this.queue.length === 0) this.framer.later(this);
    this.queue.push(frame);
    this.pendingBytes += frame.length;
  }

  /** Writes the queued frames now, in one write. */
  flush(): void {
    const q = this.queue;
    if (q.length === 0) return;
    const bytes = this.pendingBytes;
    this.queue = [];
    this.pendingBytes = 0;
    if (this.ws.readyState !== OPEN || !this.raw.writable) return;
    this.raw.write(q.length === 1 ? q[0]! : Buffer.concat(q, bytes));
  }

  /** Forgets the queued frames (the socket is being dropped). */
  drop(): void {
    this.queue = [];
    this.pendingBytes = 0;
  }
}

/** One unfragmented, unmasked text frame: FIN + opcode 1, then the payload length in 7, 7+16 or 7+64 bits. */
function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81;
  if (head === 2) out[1] = n;
  else if (head === 4) { out[1] = 126; out.writeUInt16BE(n, 2); }
  else { out[1] = 127; out.writeUInt32BE(Math.floor(n / 2 ** 32), 2); out.writeUInt32BE(n >>> 0, 6); }
  payload.copy(out, head);
  return out;
}
