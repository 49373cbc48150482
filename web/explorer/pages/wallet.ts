/**
 * A wallet, from the public data API: positions with their PnL (`/positions`), recent activity
 * (`/activity`), and the counts of both. Open orders are not public (the venue answers them only
 * to their owner, `GET /data/orders` with L2 credentials), so the page says so instead of a count.
 */
import { get, type Activity, type Position } from '../api.js';
import { cents, enc, errorBox, h, link, num, section, signed, table, when } from '../dom.js';

const LIMIT = 500;

function pnlClass(n: number): string { return n > 0 ? 'bid-text' : n < 0 ? 'ask-text' : ''; }

export function walletPage(main: HTMLElement, [address]: string[]): () => void {
  const ctl = new AbortController();
  main.append(h('p', { class: 'muted' }, 'Loading the wallet…'));
  (async () => {
    const [positions, activity] = await Promise.all([
      get<Position[]>(`/positions?user=${enc(address!)}&limit=${LIMIT}&sizeThreshold=0&sortBy=CURRENT`, ctl.signal),
      get<Activity[]>(`/activity?user=${enc(address!)}&limit=${LIMIT}`, ctl.signal),
    ]);
    const value = positions.reduce((n, p) => n + p.currentValue, 0);
    const cash = positions.reduce((n, p) => n + p.cashPnl, 0);
    const realized = positions.reduce((n, p) => n + p.realizedPnl, 0);
    const count = (n: number) => (n >= LIMIT ? `${LIMIT}+` : String(n));
    main.replaceChildren(
      h('p', { class: 'crumbs' }, link('/explorer', 'Events'), ' / wallet'),
      h('h1', { class: 'address' }, address!),
      h('dl', { class: 'stats', 'data-testid': 'wallet-counts' },
        h('div', {}, h('dt', {}, 'positions'), h('dd', { 'data-testid': 'positions-count' }, count(positions.length))),
        h('div', {}, h('dt', {}, 'activity'), h('dd', { 'data-testid': 'activity-count' }, count(activity.length))),
        h('div', {}, h('dt', {}, 'open orders'), h('dd', { title: 'Open orders are answered only to their owner (GET /data/orders, L2).' }, 'private')),
        h('div', {}, h('dt', {}, 'value'), h('dd', {}, `$${num(value)}`)),
        h('div', {}, h('dt', {}, 'unrealized PnL'), h('dd', { class: pnlClass(cash) }, `$${signed(cash)}`)),
        h('div', {}, h('dt', {}, 'realized PnL'), h('dd', { class: pnlClass(realized) }, `$${signed(realized)}`))),
      section('Positions', positions.length === 0 ? h('p', { class: 'muted' }, 'No positions.') : table(
        ['market', 'outcome', 'size', 'avg', 'price', 'value', 'PnL', 'PnL %', 'realized'],
        positions.map((p) => h('tr', { 'data-testid': 'position-row' },
          h('td', {}, link(`/explorer/market/${enc(p.conditionId)}`, p.title), p.redeemable ? h('span', { class: 'badge' }, 'redeemable') : null),
          h('td', {}, p.outcome), h('td', { class: 'num' }, num(p.size)), h('td', { class: 'num' }, cents(p.avgPrice)), h('td', { class: 'num' }, cents(p.curPrice)),
          h('td', { class: 'num' }, num(p.currentValue)), h('td', { class: `num ${pnlClass(p.cashPnl)}` }, signed(p.cashPnl)),
          h('td', { class: `num ${pnlClass(p.percentPnl)}` }, `${signed(p.percentPnl, 1)}%`), h('td', { class: `num ${pnlClass(p.realizedPnl)}` }, signed(p.realizedPnl)))))),
      section('Activity', activity.length === 0 ? h('p', { class: 'muted' }, 'No activity.') : table(
        ['time', 'type', 'market', 'side', 'outcome', 'price', 'size', 'USDC'],
        activity.slice(0, 100).map((a) => h('tr', { 'data-testid': 'activity-row' },
          h('td', {}, when(a.timestamp)), h('td', {}, a.type), h('td', {}, link(`/explorer/market/${enc(a.conditionId)}`, a.title)),
          h('td', {}, a.side), h('td', {}, a.outcome), h('td', { class: 'num' }, cents(a.price)), h('td', { class: 'num' }, num(a.size)), h('td', { class: 'num' }, num(a.usdcSize)))))));
  })().catch((err: Error) => { if (err.name !== 'AbortError') main.replaceChildren(h('h1', {}, 'Wallet'), errorBox(`Could not load the wallet ${address}: ${err.message}`)); });
  return () => ctl.abort();
}
