/**
 * An event (`/events/slug/<slug>`) with its markets and their prices (order-book markets,
 * `/markets/<condition id>`). A neg-risk event (its markets carry `neg_risk`: one outcome wins)
 * shows its outcomes together, ranked by price, with the sum of their prices.
 */
import { ApiError, get, parseList, type CatalogEvent, type ClobMarket } from '../api.js';
import { cents, enc, errorBox, h, link, num, section, table } from '../dom.js';
import { commentsPanel } from './comments.js';

function outcomesTogether(rows: Array<{ title: string; cid: string; clob?: ClobMarket }>): HTMLElement {
  const ranked = rows.map((r) => ({ ...r, p: r.clob?.tokens[0]?.price ?? 0 })).sort((a, b) => b.p - a.p);
  const sum = ranked.reduce((n, r) => n + r.p, 0);
  return section('Outcomes',
    h('p', { class: 'muted' }, `Neg-risk event: exactly one outcome wins. The outcomes' prices add up to ${num(sum, 3)}.`),
    h('ol', { class: 'outcomes', 'data-testid': 'neg-risk-outcomes' }, ranked.map((r) => {
      const bar = h('span', { class: 'bar' });
      bar.style.width = `${Math.round(Math.min(1, r.p) * 100)}%`;
      return h('li', {}, link(`/explorer/market/${enc(r.cid)}`, r.title), h('span', { class: 'price' }, cents(r.p)), h('span', { class: 'meter' }, bar));
    })));
}

function marketTable(rows: Array<{ title: string; cid: string; clob?: ClobMarket; closed: boolean }>): HTMLElement {
  return section('Markets', table(['market', 'outcomes', 'status'], rows.map((r) => h('tr', { 'data-testid': 'market-row' },
    h('td', {}, link(`/explorer/market/${enc(r.cid)}`, r.title)),
    h('td', {}, (r.clob?.tokens ?? []).map((t) => h('span', { class: 'chip' }, `${t.outcome} ${cents(t.price)}`))),
    h('td', {}, r.closed ? 'closed' : r.clob?.accepting_orders ? 'trading' : 'not trading')))));
}

export function eventPage(main: HTMLElement, [slug]: string[]): () => void {
  const ctl = new AbortController();
  main.append(h('p', { class: 'muted' }, 'Loading the event…'));
  (async () => {
    let e: CatalogEvent;
    try {
      e = await get<CatalogEvent>(`/events/slug/${enc(slug!)}`, ctl.signal);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) { main.replaceChildren(h('h1', {}, 'Unknown event'), errorBox(`No event has the slug “${slug}”.`), link('/explorer', 'Back to the markets')); return; }
      throw err;
    }
    const markets = e.markets ?? [];
    const clob = await Promise.all(markets.map((m) => get<ClobMarket>(`/markets/${enc(m.conditionId)}`, ctl.signal).catch(() => undefined)));
    const rows = markets.map((m, i) => ({ title: m.groupItemTitle || m.question, cid: m.conditionId, clob: clob[i], closed: m.closed, outcomes: parseList(m.outcomes) }));
    const negRisk = clob.some((c) => c?.neg_risk);
    main.replaceChildren(
      h('p', { class: 'crumbs' }, link('/explorer', 'Events'), ' / '),
      h('h1', {}, e.title),
      h('p', { class: 'meta' }, e.closed ? h('span', { class: 'badge' }, 'closed') : h('span', { class: 'badge ok' }, 'active'),
        negRisk ? h('span', { class: 'badge' }, 'neg-risk') : null, (e.tags ?? []).map((t) => h('span', { class: 'tag' }, t.label)),
        e.endDate ? ` ends ${e.endDate.slice(0, 10)}` : ''), // an event may have no end date (the README's example)
      ...(negRisk ? [outcomesTogether(rows)] : []),
      marketTable(rows),
      section('Comments', commentsPanel(`parent_entity_type=Event&parent_entity_id=${enc(e.id)}`, ctl.signal)));
  })().catch((err: Error) => { if (err.name !== 'AbortError') main.replaceChildren(errorBox(`Could not load the event: ${err.message}`)); });
  return () => ctl.abort();
}
