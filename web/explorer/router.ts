/**
 * Path-based routing under /explorer (the server answers the page for every path there):
 * /explorer (events and markets), /explorer/event/<slug>, /explorer/market/<condition id>,
 * /explorer/wallet/<address>. Links marked `data-link` change the page without a reload; the
 * back and forward buttons work; focus moves to the new page's content.
 */
import { errorBox, h, link } from './dom.js';

/** A page fills `main` and answers its clean-up (closing sockets and charts) for when it is left. */
export type Page = (main: HTMLElement, params: string[], query: URLSearchParams) => (() => void) | void;

const routes: Array<[RegExp, Page]> = [];
let cleanup: (() => void) | void;

export function route(re: RegExp, page: Page): void { routes.push([re, page]); }

export function navigate(url: string, replace = false): void {
  if (replace) history.replaceState(null, '', url); else history.pushState(null, '', url);
  render(!replace);
}

function render(focus: boolean): void {
  const main = document.getElementById('main')!;
  try { cleanup?.(); } catch { /* a page's clean-up never blocks the next one */ }
  cleanup = undefined;
  main.replaceChildren();
  const path = location.pathname.replace(/\/+$/, '') || '/';
  for (const [re, page] of routes) {
    const m = re.exec(path);
    if (!m) continue;
    try {
      cleanup = page(main, m.slice(1).map(decodeURIComponent), new URLSearchParams(location.search));
    } catch (err) {
      main.append(errorBox(`This page failed: ${(err as Error).message}`));
    }
    if (focus) main.focus();
    return;
  }
  main.append(h('h1', {}, 'Page not found'), errorBox(`Nothing at ${path}.`), h('p', {}, link('/explorer', 'Back to the markets')));
}

export function start(): void {
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[data-link]') as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(a.pathname + a.search);
  });
  window.addEventListener('popstate', () => render(true));
  render(false);
}
