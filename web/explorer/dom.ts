/** A tiny DOM builder and the number/time formats the pages share. No framework: every page builds its elements with `h`. */
export type Child = Node | string | number | null | undefined | false | Child[];
type Attr = string | number | boolean | null | undefined | ((e: Event) => void);

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, Attr> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (k === 'class') el.className = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** A link inside the explorer (the router intercepts clicks on `data-link`). */
export function link(href: string, ...children: Child[]): HTMLAnchorElement {
  return h('a', { href, 'data-link': true }, ...children);
}

export const enc = encodeURIComponent;

export function errorBox(message: string): HTMLElement {
  return h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, message);
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return h('section', { class: 'panel', 'aria-label': title }, h('h2', {}, title), ...children);
}

/** A table that scrolls sideways on a narrow screen. */
export function table(head: string[], rows: HTMLTableRowElement[], attrs: Record<string, Attr> = {}): HTMLElement {
  return h('div', { class: 'scroll' }, h('table', attrs, h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, rows)));
}

export function num(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–';
}

export function signed(n: number, digits = 2): string {
  return `${n > 0 ? '+' : ''}${num(n, digits)}`;
}

/** A price (0–1) as cents. */
export function cents(p: number | string): string {
  const n = typeof p === 'string' ? Number(p) : p;
  return p === '' || !Number.isFinite(n) ? '–' : `${Number((n * 100).toFixed(2))}¢`;
}

export function when(t: number | string): string {
  const d = typeof t === 'number' ? new Date(t < 1e12 ? t * 1000 : t) : new Date(/^\d+$/.test(t) ? Number(t) * (t.length <= 10 ? 1000 : 1) : t);
  return Number.isNaN(d.getTime()) ? '–' : d.toISOString().replace('T', ' ').slice(0, 19);
}

export function short(addr: string): string {
  return addr.length > 14 ? `${addr.slice(0, 6)}…${addr.slice(-4)}` : addr;
}

/** A decimal string as integer micro-units (ordering without floating point). */
export function micro(s: string): number {
  const [i = '0', f = ''] = s.split('.');
  return Number(i) * 1_000_000 + Number((f + '000000').slice(0, 6));
}
