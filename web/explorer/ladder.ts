/**
 * The order book ladder: asks above (highest first, best ask next to the spread), bids below
 * (best first). Each row carries its raw `data-price` and `data-size` (the wire's decimal
 * strings), and a bar as wide as its share of the deepest level.
 */
import type { Level } from './api.js';
import { cents, h, micro } from './dom.js';

function row(side: 'bid' | 'ask', l: Level, max: number): HTMLTableRowElement {
  const bar = h('span', { class: `depth ${side}` });
  bar.style.width = `${max > 0 ? Math.round((micro(l.size) / max) * 100) : 0}%`;
  return h('tr', { class: side, 'data-side': side, 'data-price': l.price, 'data-size': l.size },
    h('td', { class: 'num' }, cents(l.price)), h('td', { class: 'num' }, l.size), h('td', { class: 'bar-cell' }, bar));
}

export function renderLadder(el: HTMLElement, book: { bids: Level[]; asks: Level[] }): void {
  const max = Math.max(0, ...book.bids.map((l) => micro(l.size)), ...book.asks.map((l) => micro(l.size)));
  const bestBid = book.bids[0]; const bestAsk = book.asks[0];
  const spread = bestBid && bestAsk ? `spread ${cents((micro(bestAsk.price) - micro(bestBid.price)) / 1e6)}` : 'one-sided book';
  const empty = book.bids.length === 0 && book.asks.length === 0;
  el.replaceChildren(h('table', { class: 'ladder', 'data-testid': 'ladder', 'aria-label': 'Order book' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'price'), h('th', { scope: 'col' }, 'size'), h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'depth')))),
    h('tbody', {},
      [...book.asks].reverse().map((l) => row('ask', l, max)),
      h('tr', { class: 'spread' }, h('td', { colspan: 3 }, empty ? 'empty book' : spread)),
      book.bids.map((l) => row('bid', l, max)))));
}
