/**
 * The tokens one market-channel socket holds. Subscribing waits until every asked token's book
 * is valid (books.ts), then — in one sequencer step, so exactly between two commits — joins
 * the hub's index for all of them and sends the initial dump: ONE array with a `book` per known
 * token (`[]` when none is known). A resync sends fresh `book`s the same way. Ids that are not
 * token ids of a listed market still count against the cap but get nothing.
 */
import type { CommittedBooks } from './books.js';
import { bookEvent } from './book-view.js';
import type { Hub, Subscriber } from './hub.js';
import { parseAssetId } from './ids.js';
import { streamMetrics } from './metrics.js';
import { errorFrame } from './protocol.js';

interface Token { conditionId: string | null; outcome: 0 | 1; live: boolean }
interface Ready { asset: string; token: Token; conditionId: string; outcome: 0 | 1 }

export class MarketSubscription {
  /** Token id → its market (null: unknown) and whether it is in the hub's index yet. */
  private readonly tokens = new Map<string, Token>();
  private disposed = false;

  constructor(private readonly conn: Subscriber & { readonly open: boolean; dumped(bytes: number): void }, private readonly hub: Hub, private readonly maxAssets: number) {}

  private get books(): CommittedBooks { return this.hub.books; }

  subscribe(ids: string[], dump: boolean): void {
    const fresh: Array<{ asset: string; conditionId: string | null; outcome: 0 | 1 }> = [];
    for (const id of ids) {
      const p = parseAssetId(this.books.tokens, id);
      const asset = p?.assetId ?? id;
      if (!this.tokens.has(asset) && !fresh.some((f) => f.asset === asset)) fresh.push({ asset, conditionId: p?.conditionId ?? null, outcome: p?.outcome ?? 0 });
    }
    if (this.tokens.size + fresh.length > this.maxAssets) {
      return this.conn.send(errorFrame(`too many assets: at most ${this.maxAssets} per connection (${this.tokens.size} held, ${fresh.length} more asked); nothing of this message was subscribed`, { max_assets: this.maxAssets }));
    }
    const ready: Ready[] = [];
    let remaining = 1; // held until every acquire below is issued
    const finish = () => { if (--remaining === 0) this.join(ready, dump); };
    for (const f of fresh) {
      // Each subscription of a token is its own object: a callback of an earlier one (unsubscribed
      // meanwhile, maybe subscribed again) recognises that it is stale by identity.
      const t: Token = { conditionId: f.conditionId, outcome: f.outcome, live: false };
      this.tokens.set(f.asset, t);
      if (f.conditionId === null) continue;
      const cid = f.conditionId;
      remaining++;
      this.books.acquire(cid, (book) => {
        if (this.disposed || this.tokens.get(f.asset) !== t) return finish(); // unsubscribed meanwhile (released then)
        if (book === null) { t.conditionId = null; this.books.release(cid); } else ready.push({ asset: f.asset, token: t, conditionId: cid, outcome: f.outcome });
        finish();
      });
    }
    finish();
  }

  /** Every asked token's book is valid now: join the index and send the dump, as one step. */
  private join(ready: Ready[], dump: boolean): void {
    const books = ready.map((r) => ({ ...r, book: this.books.get(r.conditionId) })).filter((r) => r.book !== undefined);
    const frame = dump ? Buffer.from(JSON.stringify(books.map((r) => bookEvent(r.book!, r.outcome)))) : null;
    this.hub.sequencer.run(() => {
      if (this.disposed || !this.conn.open) return;
      for (const r of books) {
        if (this.tokens.get(r.asset) !== r.token || r.token.live) continue;
        r.token.live = true;
        this.hub.addAsset(this.conn, r.asset);
        streamMetrics.subscriptions.inc({ channel: 'market' });
      }
      if (frame !== null) { this.conn.dumped(frame.length); this.conn.send(frame); }
    });
  }

  unsubscribe(ids: string[]): void {
    for (const id of ids) {
      const asset = parseAssetId(this.books.tokens, id)?.assetId ?? id;
      const t = this.tokens.get(asset);
      if (t === undefined) continue;
      this.tokens.delete(asset);
      this.drop(asset, t);
    }
  }

  /** Fresh `book`s of held tokens (all when `ids` is null), after everything already sent. */
  resync(ids: string[] | null): void {
    const wanted = ids === null ? [...this.tokens.keys()] : ids.map((id) => parseAssetId(this.books.tokens, id)?.assetId ?? id);
    const events: Record<string, unknown>[] = [];
    const missing: string[] = [];
    for (const asset of wanted) {
      const t = this.tokens.get(asset);
      const book = t?.live && t.conditionId !== null ? this.books.get(t.conditionId) : undefined;
      if (book === undefined) { if (ids !== null) missing.push(asset); continue; }
      events.push(bookEvent(book, t!.outcome));
    }
    const frame = Buffer.from(JSON.stringify(events));
    this.hub.sequencer.run(() => {
      if (missing.length > 0) this.conn.send(errorFrame('resync: not subscribed (or not yet ready) on this connection', { assets_ids: missing }));
      if (this.conn.open) { this.conn.dumped(frame.length); this.conn.send(frame); }
    });
  }

  /** The `seq` of every held token's book, for the heartbeat. */
  seqByAsset(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [asset, t] of this.tokens) {
      if (!t.live || t.conditionId === null) continue;
      const book = this.books.get(t.conditionId);
      if (book) out[asset] = book.seq;
    }
    return out;
  }

  get size(): number { return this.tokens.size; }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const [asset, t] of this.tokens) this.drop(asset, t);
    this.tokens.clear();
  }

  private drop(asset: string, t: Token): void {
    if (t.conditionId !== null) this.books.release(t.conditionId);
    if (t.live) {
      this.hub.removeAsset(this.conn, asset);
      streamMetrics.subscriptions.dec({ channel: 'market' });
    }
  }
}
