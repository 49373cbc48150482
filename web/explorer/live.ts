/**
 * The market channel (`/ws/market`, docs/streams.md) for a set of tokens: keeps each token's
 * `seq`, applies `book` (replace) and `price_change` (patch) events through the handlers, and
 * resyncs when it sees a gap — an event whose seq is more than one past the last, or a heartbeat
 * whose `seq_by_asset` is ahead — by sending `{"operation":"resync"}` and ignoring the token's
 * events until the fresh `book` arrives. A lost connection is retried with a growing delay
 * (0.5 s … 10 s); on reconnect the subscription's dump replaces every book.
 *
 * Test hook (only with `?test-hooks=1` in the page's URL): `window.__explorerTest.dropPriceChanges = n`
 * drops the next n messages that carry a `price_change` (a lost frame, so the real gap detection
 * and resync run), `dropConnection()` closes the socket from this side.
 */
export type FeedStatus = 'connecting' | 'live' | 'lost';

export interface FeedHandlers {
  book(asset: string, e: any, why: 'dump' | 'resync' | 'update'): void;
  change(asset: string, change: any): void;
  trade(asset: string, e: any): void;
  seq(asset: string, seq: number): void;
  status(s: FeedStatus, detail: string): void;
  resynced(assets: string[], from: number, to: number): void;
}

interface TestHooks { dropPriceChanges: number; dropConnection(): void; feed?: MarketFeed }
const hooks: TestHooks | undefined = new URLSearchParams(location.search).get('test-hooks') === '1'
  ? ((window as unknown as { __explorerTest: TestHooks }).__explorerTest ??= { dropPriceChanges: 0, dropConnection: () => {} })
  : undefined;

export class MarketFeed {
  private ws: WebSocket | undefined;
  private readonly seqs = new Map<string, number>();
  private readonly pending = new Map<string, number>();
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  private subscribed = false;

  constructor(private readonly assets: string[], private readonly on: FeedHandlers) {
    if (hooks) { hooks.feed = this; hooks.dropConnection = () => this.ws?.close(); }
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.ws?.close(1000);
  }

  private connect(): void {
    this.on.status('connecting', this.attempt === 0 ? 'connecting' : `reconnecting (attempt ${this.attempt + 1})`);
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/market`);
    this.ws = ws;
    this.subscribed = false;
    this.pending.clear();
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'market', assets_ids: this.assets, initial_dump: true }));
      this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('PING'), 10_000);
    };
    ws.onmessage = (m) => this.message(String(m.data));
    ws.onclose = (ev) => {
      clearInterval(this.ping);
      if (this.closed || ws !== this.ws) return;
      const delay = Math.min(10_000, 500 * 2 ** this.attempt++);
      this.on.status('lost', `connection lost (${ev.code || 'no close frame'}); reconnecting in ${(delay / 1000).toFixed(1)} s`);
      this.retry = setTimeout(() => this.connect(), delay);
    };
  }

  private message(text: string): void {
    if (text === 'PONG' || text === 'pong') return;
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { return; }
    const events = (Array.isArray(parsed) ? parsed : [parsed]) as any[];
    if (hooks && hooks.dropPriceChanges > 0 && events.some((e) => e?.event_type === 'price_change')) { hooks.dropPriceChanges--; return; }
    const gaps: string[] = [];
    let gapFrom = 0; let gapTo = 0;
    const check = (asset: string, seq: unknown): boolean => {
      if (!this.assets.includes(asset) || this.pending.has(asset)) return false;
      const last = this.seqs.get(asset);
      if (typeof seq !== 'number' || last === undefined) return last !== undefined;
      if (seq < last) return false;
      if (seq > last + 1) { gaps.push(asset); this.pending.set(asset, last); gapFrom = last; gapTo = seq; return false; }
      this.setSeq(asset, seq);
      return true;
    };
    for (const e of events) {
      if (!e || typeof e !== 'object') continue;
      switch (e.event_type) {
        case 'book': {
          if (!this.assets.includes(e.asset_id)) break;
          const from = this.pending.get(e.asset_id);
          this.pending.delete(e.asset_id);
          const why = from !== undefined ? 'resync' : this.subscribed ? 'update' : 'dump';
          this.on.book(e.asset_id, e, why);
          this.setSeq(e.asset_id, e.seq);
          if (from !== undefined) this.on.resynced([e.asset_id], from, e.seq);
          break;
        }
        case 'price_change':
          for (const c of e.price_changes ?? []) if (check(c.asset_id, e.seq)) this.on.change(c.asset_id, c);
          break;
        case 'last_trade_price':
          if (check(e.asset_id, e.seq)) this.on.trade(e.asset_id, e);
          break;
        case 'tick_size_change':
          check(e.asset_id, e.seq);
          break;
        case 'heartbeat':
          for (const [asset, s] of Object.entries((e.seq_by_asset ?? {}) as Record<string, number>)) {
            const last = this.seqs.get(asset);
            if (last !== undefined && s > last && !this.pending.has(asset)) { gaps.push(asset); this.pending.set(asset, last); gapFrom = last; gapTo = s; }
          }
          break;
        case 'error':
          this.on.status('live', `the stream answered an error: ${e.error}`);
          break;
      }
    }
    if (events.some((e) => e?.event_type === 'book') && !this.subscribed) {
      this.subscribed = true;
      this.attempt = 0;
      this.on.status('live', 'live');
    }
    if (gaps.length > 0) {
      this.on.status('live', `gap detected (seq ${gapFrom} → ${gapTo}): resyncing`);
      this.ws?.send(JSON.stringify({ operation: 'resync', assets_ids: [...new Set(gaps)] }));
    }
  }

  private setSeq(asset: string, seq: unknown): void {
    if (typeof seq !== 'number') return;
    this.seqs.set(asset, seq);
    this.on.seq(asset, seq);
  }
}
