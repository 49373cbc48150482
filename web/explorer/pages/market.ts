/**
 * A market: the order book ladder and depth chart of one outcome token (switchable), live from
 * `/ws/market` (seq shown; a "resynced" mark after a gap was detected and the book resynced),
 * the price history, recent trades, top holders and comments. The book is first painted from
 * REST `/book` (performance mark `explorer:book-painted`), then kept by the stream. Faults the
 * operator provoked for the whole venue (`GET /venue/faults`: a restart, post-only, a frozen
 * stream of this market's tokens…) show as a warning under the title.
 */
import { ApiError, get, type BookSnapshot, type ClobMarket, type VenueFaults } from '../api.js';
import { Book } from '../book.js';
import { DepthChart } from '../charts.js';
import { cents, enc, errorBox, h, link, section, when } from '../dom.js';
import { renderLadder } from '../ladder.js';
import { MarketFeed, type FeedStatus } from '../live.js';
import { commentsPanel } from './comments.js';
import { historyPanel, holdersPanel, tradesPanel } from './market-panels.js';

export function marketPage(main: HTMLElement, [cid]: string[], query: URLSearchParams): () => void {
  const ctl = new AbortController();
  const parts: Array<{ destroy(): void } | undefined> = [];
  main.append(h('p', { class: 'muted' }, 'Loading the market…'));
  (async () => {
    let m: ClobMarket;
    try {
      m = await get<ClobMarket>(`/markets/${enc(cid!)}`, ctl.signal);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
        main.replaceChildren(h('h1', {}, 'Unknown market'), errorBox(`No market has the condition id “${cid}” (${err.message}).`), h('p', {}, link('/explorer', 'Back to the markets')));
        return;
      }
      throw err;
    }
    const tokens = m.tokens;
    let selected = Math.min(Number(query.get('outcome') ?? 0) || 0, tokens.length - 1);
    const books = new Map(tokens.map((t) => [t.token_id, new Book()]));
    const snaps = await Promise.all(tokens.map((t) => get<BookSnapshot>(`/book?token_id=${enc(t.token_id)}`, ctl.signal)));
    snaps.forEach((s, i) => books.get(tokens[i]!.token_id)!.replace(s));
    const ids = new Set(tokens.map((t) => t.token_id));
    const active = await get<VenueFaults>('/venue/faults', ctl.signal).then((v) => v.faults.filter((f) => f.assets === undefined || f.assets.some((a) => ids.has(a))), () => []);
    const faultsEl = active.length === 0 ? null : h('p', { class: 'badge warn', 'data-testid': 'faults', role: 'status' },
      `Provoked on this venue: ${active.map((f) => `${f.kind.replace(/_/g, ' ')}${f.endsAt ? ` until ${when(Date.parse(f.endsAt)).slice(11)}` : ''}`).join(', ')}`);

    const ladderEl = h('div', { class: 'ladder-wrap' });
    const depthEl = h('div', { class: 'chart', 'data-testid': 'depth-chart' });
    const seqEl = h('span', { 'data-testid': 'seq' }, '–');
    const statusEl = h('span', { class: 'status', 'data-testid': 'live-status', 'data-state': 'connecting' }, 'connecting');
    const resyncedEl = h('span', { class: 'badge warn', 'data-testid': 'resynced', hidden: true });
    const hashEl = h('code', { 'data-testid': 'book-hash', class: 'small' });
    const lastEl = h('span', { 'data-testid': 'last-trade' });
    const token = () => tokens[selected]!.token_id;
    const tabs = tokens.map((t, i) => h('button', { type: 'button', 'aria-pressed': i === selected ? 'true' : 'false', onclick: () => select(i) }, `${t.outcome} ${cents(t.price)}`));

    let depth: DepthChart | undefined;
    let queued = false;
    const paint = () => {
      queued = false;
      const b = books.get(token())!;
      const sorted = b.sorted();
      renderLadder(ladderEl, sorted);
      ladderEl.dataset.token = token();
      hashEl.textContent = b.hash;
      seqEl.textContent = b.seq === undefined ? '–' : String(b.seq);
      lastEl.textContent = cents(b.lastTrade);
      depth?.update(sorted.bids, sorted.asks);
    };
    const schedule = () => { if (!queued) { queued = true; setTimeout(paint, 0); } };

    const history = historyPanel(token, ctl.signal);
    const trades = tradesPanel(m.condition_id, ctl.signal);
    const select = (i: number) => {
      selected = i;
      tabs.forEach((b, j) => b.setAttribute('aria-pressed', j === i ? 'true' : 'false'));
      history.load();
      paint();
    };

    main.replaceChildren(
      h('p', { class: 'crumbs' }, link('/explorer', 'Events'), ' / ', m.event ? link(`/explorer/event/${enc(m.event.slug)}`, m.event.title) : null),
      h('h1', {}, m.question),
      h('p', { class: 'meta' }, m.closed ? h('span', { class: 'badge' }, 'closed') : m.accepting_orders ? h('span', { class: 'badge ok' }, 'trading') : h('span', { class: 'badge' }, 'not trading'),
        m.neg_risk ? h('span', { class: 'badge' }, 'neg-risk') : null, ` tick ${m.minimum_tick_size} · min size ${m.minimum_order_size} · ends ${m.end_date_iso.slice(0, 10)}`),
      ...(faultsEl ? [faultsEl] : []),
      h('div', { class: 'toolbar', role: 'group', 'aria-label': 'Outcome' }, tabs),
      h('p', { class: 'live', 'aria-live': 'polite' }, statusEl, ' · seq ', seqEl, ' · last trade ', lastEl, ' ', resyncedEl),
      h('div', { class: 'grid' },
        section('Order book', ladderEl, h('p', { class: 'muted small' }, 'hash ', hashEl)),
        section('Depth', depthEl)),
      section('Price history', history.el),
      h('div', { class: 'grid' }, section('Recent trades', trades.el), section('Top holders', holdersPanel(m.condition_id, tokens, ctl.signal))),
      section('Comments', commentsPanel(m.market_id !== undefined ? `parent_entity_type=market&parent_entity_id=${m.market_id}` : `event_slug=${enc(m.event?.slug ?? '')}`, ctl.signal)));
    paint();
    performance.mark('explorer:book-painted');
    depth = new DepthChart(depthEl);
    parts.push(depth, history);
    paint();
    history.load();
    trades.load();

    if (ctl.signal.aborted) return;
    const setStatus = (s: FeedStatus, detail: string) => { statusEl.dataset.state = s; statusEl.textContent = detail; };
    const feed = new MarketFeed(tokens.map((t) => t.token_id), {
      book: (asset, e) => { books.get(asset)?.replace(e); if (asset === token()) schedule(); },
      change: (asset, c) => { books.get(asset)?.apply(c); if (asset === token()) schedule(); },
      trade: (asset, e) => { const b = books.get(asset); if (b) b.lastTrade = e.price; if (asset === token()) { schedule(); trades.load(); } },
      seq: (asset, s) => { const b = books.get(asset); if (b) b.seq = s; if (asset === token()) schedule(); },
      status: setStatus,
      resynced: (_assets, from, to) => {
        resyncedEl.hidden = false;
        resyncedEl.textContent = `resynced at ${when(Date.now()).slice(11)} (gap: seq ${from} → ${to})`;
        setStatus('live', 'live');
      },
    });
    parts.push({ destroy: () => feed.close() });
  })().catch((err: Error) => { if (err.name !== 'AbortError') main.replaceChildren(errorBox(`Could not load the market: ${err.message}`)); });
  return () => { ctl.abort(); for (const p of parts) p?.destroy(); };
}
