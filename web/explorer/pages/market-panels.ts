/** The market page's lower panels: price history with its intervals, recent trades, top holders. */
import { get, type HolderGroup, type Token, type Trade, type Envelope } from '../api.js';
import { cents, enc, errorBox, h, link, num, short, table, when } from '../dom.js';
import { HistoryChart } from '../charts.js';

/** `/prices-history` intervals and the bucket width (minutes) each is drawn with. */
export const INTERVALS: Array<[string, number]> = [['1h', 1], ['6h', 5], ['1d', 15], ['1w', 60], ['1m', 240], ['max', 1440]];

export function historyPanel(getToken: () => string, signal: AbortSignal): { el: HTMLElement; load(): void; destroy(): void } {
  const chartEl = h('div', { class: 'chart', 'data-testid': 'history-chart' });
  const note = h('p', { class: 'muted small' });
  let interval = '1w';
  const buttons = INTERVALS.map(([name]) => h('button', { type: 'button', 'aria-pressed': name === interval ? 'true' : 'false', onclick: () => { interval = name; sync(); load(); } }, name));
  const sync = () => buttons.forEach((b) => b.setAttribute('aria-pressed', b.textContent === interval ? 'true' : 'false'));
  const el = h('div', {}, h('div', { class: 'toolbar', role: 'group', 'aria-label': 'History interval' }, buttons), chartEl, note);
  let chart: HistoryChart | undefined;
  const load = () => {
    const fidelity = INTERVALS.find(([n]) => n === interval)![1];
    get<{ history: Array<{ t: number; p: number }> }>(`/prices-history?market=${enc(getToken())}&interval=${interval}&fidelity=${fidelity}`, signal).then((r) => {
      chart ??= new HistoryChart(chartEl);
      chart.update(r.history);
      chartEl.dataset.points = String(r.history.length);
      note.textContent = r.history.length === 0 ? 'No trades in this interval.' : `${r.history.length} points, ${fidelity}-minute buckets.`;
    }).catch((err: Error) => { if (err.name !== 'AbortError') note.replaceChildren(errorBox(`Price history: ${err.message}`)); });
  };
  return { el, load, destroy: () => chart?.destroy() };
}

export function tradesPanel(cid: string, signal: AbortSignal): { el: HTMLElement; load(): void } {
  const el = h('div', { 'data-testid': 'trades' }, h('p', { class: 'muted' }, 'Loading trades…'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fetchNow = () => get<Envelope<Trade>>(`/trades?market=${enc(cid)}`, signal).then((page) => {
    el.replaceChildren(page.data.length === 0 ? h('p', { class: 'muted' }, 'No trades yet.') : table(['time', 'outcome', 'taker side', 'price', 'size', 'maker'],
      page.data.slice(0, 20).map((t) => h('tr', { 'data-testid': 'trade-row' },
        h('td', {}, when(t.match_time)), h('td', {}, t.outcome), h('td', { class: t.side === 'BUY' ? 'bid-text' : 'ask-text' }, t.side),
        h('td', { class: 'num' }, cents(t.price)), h('td', { class: 'num' }, t.size),
        h('td', {}, link(`/explorer/wallet/${enc(t.maker_address)}`, short(t.maker_address)))))));
  }).catch((err: Error) => { if (err.name !== 'AbortError') el.replaceChildren(errorBox(`Trades: ${err.message}`)); });
  // Trades arrive in bursts: one read per 300 ms at most.
  return { el, load: () => { clearTimeout(timer); timer = setTimeout(fetchNow, 300); } };
}

export function holdersPanel(cid: string, tokens: Token[], signal: AbortSignal): HTMLElement {
  const el = h('div', { 'data-testid': 'holders' }, h('p', { class: 'muted' }, 'Loading holders…'));
  get<HolderGroup[]>(`/holders?market=${enc(cid)}&limit=10`, signal).then((groups) => {
    el.replaceChildren(groups.length === 0 ? h('p', { class: 'muted' }, 'No holders.') : h('div', { class: 'cols' }, groups.map((g) => h('div', {},
      h('h3', {}, tokens.find((t) => t.token_id === g.token)?.outcome ?? g.token),
      h('ol', { class: 'holders' }, g.holders.map((x) => h('li', {}, link(`/explorer/wallet/${enc(x.proxyWallet)}`, x.name || x.pseudonym || short(x.proxyWallet)), ' ', h('span', { class: 'num' }, num(x.amount, 0)))))))));
  }).catch((err: Error) => { if (err.name !== 'AbortError') el.replaceChildren(errorBox(`Holders: ${err.message}`)); });
  return el;
}
