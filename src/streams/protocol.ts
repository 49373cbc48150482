/**
 * What a client may send and what a rejection looks like (docs/venue.md §9): the subscribe forms
 * of both channels, parsed into plain values or a reason. Pure: no socket here.
 */
export interface MarketFirst { kind: 'market'; assets: string[]; custom: boolean; initialDump: boolean; level: number }
export interface UserFirst { kind: 'user'; auth: unknown; markets: string[] | null }
export interface Operation { kind: 'operation'; op: 'subscribe' | 'unsubscribe' | 'resync'; assets: string[] | null; markets: string[] | null; auth: unknown; custom: boolean | null; initialDump: boolean | null }
export type Parsed = MarketFirst | UserFirst | Operation | { kind: 'error'; error: string };

/** Longest id accepted in a list (token ids and condition ids are far shorter). */
const MAX_ID = 100;

function ids(v: unknown, name: string): string[] | null | string {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) return `${name} must be an array of strings`;
  for (const x of v) if (typeof x !== 'string' || x.length === 0 || x.length > MAX_ID) return `${name} must be an array of non-empty strings of at most ${MAX_ID} characters`;
  return [...new Set(v as string[])];
}

function flag(v: unknown, name: string): boolean | null | string {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'boolean') return `${name} must be true or false`;
  return v;
}

/** Parses one text frame of channel `channel` (already known not to be PING/ping). */
export function parseMessage(text: string, channel: 'market' | 'user'): Parsed {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return { kind: 'error', error: 'malformed JSON: send a JSON object, or the text PING' };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return { kind: 'error', error: 'a message must be a JSON object' };
  const m = msg as Record<string, unknown>;
  const assets = ids(m.assets_ids, 'assets_ids');
  if (typeof assets === 'string') return { kind: 'error', error: assets };
  const markets = ids(m.markets, 'markets');
  if (typeof markets === 'string') return { kind: 'error', error: markets };
  const custom = flag(m.custom_feature_enabled, 'custom_feature_enabled');
  if (typeof custom === 'string') return { kind: 'error', error: custom };
  const initialDump = flag(m.initial_dump, 'initial_dump');
  if (typeof initialDump === 'string') return { kind: 'error', error: initialDump };
  if (m.operation !== undefined) {
    const op = typeof m.operation === 'string' ? m.operation.toLowerCase() : '';
    if (op !== 'subscribe' && op !== 'unsubscribe' && op !== 'resync') {
      return { kind: 'error', error: `unknown operation ${JSON.stringify(m.operation)}: expected subscribe, unsubscribe or resync` };
    }
    if (op === 'resync' && channel === 'user') return { kind: 'error', error: 'resync is an operation of the market channel' };
    return { kind: 'operation', op, assets, markets, auth: m.auth, custom, initialDump };
  }
  if (m.type === undefined) return { kind: 'error', error: `the first message must be {"type":"${channel}",…}; later ones {"operation":"subscribe"|"unsubscribe",…}` };
  const type = typeof m.type === 'string' ? m.type.toLowerCase() : '';
  if (type !== channel) return { kind: 'error', error: `type must be "${channel}" on /ws/${channel}` };
  if (channel === 'user') return { kind: 'user', auth: m.auth, markets };
  let level = 2;
  if (m.level !== undefined) {
    if (m.level !== 1 && m.level !== 2 && m.level !== 3) return { kind: 'error', error: 'level must be 1, 2 or 3' };
    level = m.level;
  }
  return { kind: 'market', assets: assets ?? [], custom: custom ?? false, initialDump: initialDump ?? true, level };
}

/** The text of an error event. */
export function errorFrame(error: string, extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(JSON.stringify({ event_type: 'error', error, ...extra }));
}

export const CLOSE = {
  /** PING before any valid subscription (the real service's code and reason). */
  invalidSubscription: { code: 1008, reason: 'invalid subscription payload' },
  badCredentials: { code: 4401, reason: 'invalid credentials: apiKey, secret and passphrase of an active L2 API key are required' },
  slow: { code: 1013, reason: 'client too slow: unsent data passed the limit; reconnect and resync' },
  /** The server's total of unsent bytes passed its budget: the largest queues are closed first. */
  budget: { code: 1013, reason: 'server send budget exceeded: this socket had the most unsent data; reconnect and resync' },
  idle: { code: 1000, reason: 'idle: no frame from the client for too long; send PING every 10 s' },
  shutdown: { code: 1001, reason: 'server shutting down' },
} as const;
