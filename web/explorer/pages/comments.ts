/** A comment thread (`/comments`), shared by the event and market pages. */
import { get, type Comment } from '../api.js';
import { errorBox, h, link, short, when } from '../dom.js';

export function commentsPanel(query: string, signal: AbortSignal): HTMLElement {
  const box = h('div', { 'data-testid': 'comments' }, h('p', { class: 'muted' }, 'Loading comments…'));
  get<Comment[]>(`/comments?${query}&limit=20&order=createdAt&ascending=false`, signal).then((list) => {
    box.replaceChildren(list.length === 0 ? h('p', { class: 'muted' }, 'No comments.') : h('ul', { class: 'comments' }, list.map((c) => h('li', {},
      h('p', { class: 'meta' }, link(`/explorer/wallet/${encodeURIComponent(c.userAddress)}`, c.profile?.name || c.profile?.pseudonym || short(c.userAddress)),
        ' · ', h('time', { datetime: c.createdAt }, when(c.createdAt)), c.replyCount ? ` · ${c.replyCount} replies` : ''),
      h('p', {}, c.body)))));
  }).catch((err: Error) => { if (err.name !== 'AbortError') box.replaceChildren(errorBox(`Comments: ${err.message}`)); });
  return box;
}
