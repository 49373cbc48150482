/**
 * Events and their markets, sorted by volume (`/events?order=volume`), with search
 * (`/public-search`) and filters: status (active / closed / all) and tag. Each event's markets
 * come from `/events/slug/<slug>`, their prices from the order-book listing (`/markets`).
 * The filters live in the query string, so a filtered list can be bookmarked.
 */
import { allClobMarkets, get, parseList, type CatalogEvent, type ClobMarket, type Tag } from '../api.js';
import { cents, enc, errorBox, h, link } from '../dom.js';
import { navigate } from '../router.js';

const PAGE = 20;

function eventsUrl(q: URLSearchParams): string {
  const p = new URLSearchParams({ order: 'volume', ascending: 'false', limit: String(PAGE), offset: String(Number(q.get('page') ?? 0) * PAGE) });
  const status = q.get('status') ?? 'active';
  if (status === 'active') { p.set('active', 'true'); p.set('closed', 'false'); }
  if (status === 'closed') p.set('closed', 'true');
  if (q.get('tag')) p.set('tag_slug', q.get('tag')!);
  return `/events?${p}`;
}

/** A search's events (ranked by the service), then the same filters applied here. */
async function searched(q: URLSearchParams, signal: AbortSignal): Promise<CatalogEvent[]> {
  const found = await get<{ events: Array<{ slug: string }> }>(`/public-search?q=${enc(q.get('q')!)}&limit_per_type=${PAGE}&search_tags=false`, signal);
  const events = await Promise.all(found.events.map((e) => get<CatalogEvent>(`/events/slug/${enc(e.slug)}`, signal)));
  const status = q.get('status') ?? 'active';
  return events.filter((e) => (status === 'active' ? e.active && !e.closed : status === 'closed' ? e.closed : true)
    && (!q.get('tag') || (e.tags ?? []).some((t) => t.slug === q.get('tag'))));
}

function marketRow(m: NonNullable<CatalogEvent['markets']>[number], clob: ClobMarket | undefined): HTMLElement {
  const yes = clob?.tokens[0];
  const outcome = parseList(m.outcomes)[0] ?? 'Yes';
  return h('li', { class: 'market-row', 'data-testid': 'market-row', 'data-condition-id': m.conditionId },
    link(`/explorer/market/${enc(m.conditionId)}`, m.question),
    h('span', { class: 'price' }, yes ? `${outcome} ${cents(yes.price)}` : ''),
    m.closed ? h('span', { class: 'badge' }, 'closed') : null);
}

function eventCard(e: CatalogEvent, clob: Map<string, ClobMarket>): HTMLElement {
  const negRisk = (e.markets ?? []).some((m) => clob.get(m.conditionId)?.neg_risk);
  return h('article', { class: 'event-card', 'data-testid': 'event-row', 'data-slug': e.slug },
    h('h2', {}, link(`/explorer/event/${enc(e.slug)}`, e.title)),
    h('p', { class: 'meta' },
      e.closed ? h('span', { class: 'badge' }, 'closed') : h('span', { class: 'badge ok' }, 'active'),
      negRisk ? h('span', { class: 'badge' }, 'neg-risk') : null,
      (e.tags ?? []).map((t) => h('span', { class: 'tag' }, t.label))),
    h('ul', { class: 'markets' }, (e.markets ?? []).map((m) => marketRow(m, clob.get(m.conditionId)))));
}

function filters(q: URLSearchParams, tags: Tag[]): HTMLFormElement {
  const status = h('select', { name: 'status', id: 'f-status' },
    ['active', 'closed', 'all'].map((s) => h('option', { value: s, selected: (q.get('status') ?? 'active') === s }, s)));
  const tag = h('select', { name: 'tag', id: 'f-tag' }, h('option', { value: '' }, 'any tag'),
    tags.map((t) => h('option', { value: t.slug, selected: q.get('tag') === t.slug }, t.label)));
  const search = h('input', { type: 'search', name: 'q', id: 'f-q', value: q.get('q') ?? '', placeholder: 'bitcoin, election…' });
  const form = h('form', { class: 'filters', role: 'search' },
    h('label', { for: 'f-q' }, 'Search'), search,
    h('label', { for: 'f-status' }, 'Status'), status,
    h('label', { for: 'f-tag' }, 'Tag'), tag,
    h('button', { type: 'submit' }, 'Apply'));
  const apply = () => {
    const p = new URLSearchParams();
    if (search.value.trim()) p.set('q', search.value.trim());
    if (status.value !== 'active') p.set('status', status.value);
    if (tag.value) p.set('tag', tag.value);
    navigate(`/explorer${String(p) ? `?${p}` : ''}`, true);
  };
  form.addEventListener('submit', (e) => { e.preventDefault(); apply(); });
  status.addEventListener('change', apply);
  tag.addEventListener('change', apply);
  return form;
}

export function listPage(main: HTMLElement, _params: string[], q: URLSearchParams): () => void {
  const ctl = new AbortController();
  const list = h('div', { class: 'events', 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading events…'));
  const tagsSlot = h('div');
  main.append(h('h1', {}, 'Events and markets'), h('p', { class: 'muted' }, 'By traded volume. Prices are the last trade or midpoint of the first outcome.'), tagsSlot, list);
  (async () => {
    const [tags, events, clob] = await Promise.all([
      get<Tag[]>('/tags?limit=100', ctl.signal).catch(() => [] as Tag[]),
      q.get('q') ? searched(q, ctl.signal) : get<CatalogEvent[]>(eventsUrl(q), ctl.signal)
        .then((page) => Promise.all(page.map((e) => get<CatalogEvent>(`/events/slug/${enc(e.slug)}`, ctl.signal)))),
      allClobMarkets(ctl.signal),
    ]);
    tagsSlot.replaceWith(filters(q, tags));
    const page = Number(q.get('page') ?? 0);
    const pager = (to: number, label: string) => {
      const p = new URLSearchParams(q);
      if (to > 0) p.set('page', String(to)); else p.delete('page');
      return link(`/explorer${String(p) ? `?${p}` : ''}`, label);
    };
    list.replaceChildren(...(events.length === 0 ? [h('p', { class: 'muted' }, 'No events match.')] : events.map((e) => eventCard(e, clob))));
    if (!q.get('q')) list.append(h('nav', { class: 'pager', 'aria-label': 'Pages' },
        page > 0 ? pager(page - 1, '← Previous') : null, events.length === PAGE ? pager(page + 1, 'Next →') : null));
  })().catch((err: Error) => { if (err.name !== 'AbortError') list.replaceChildren(errorBox(`Could not load the events: ${err.message}`)); });
  return () => ctl.abort();
}
