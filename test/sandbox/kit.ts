/** Shared by the sandbox tests: the venue state a reset must restore. */
import type { TestService } from '../support/service.js';

export const ADMIN = 'trading-admin-token-0123456789';
export const auth = { authorization: `Bearer ${ADMIN}` };

/** What a fresh demo load and a reset venue must share (ids included: the demo is deterministic). */
export async function state(svc: TestService) {
  const db = svc.store.db;
  const core = svc.services.exchange.core;
  const books: string[] = [];
  for (const m of core.markets().map((x) => x.conditionId).sort()) {
    for (const o of [0, 1]) books.push((await svc.app.inject({ url: `/book?token_id=${m}:${o}` })).body);
  }
  const status = (await svc.app.inject({ url: '/admin/status', headers: auth })).json();
  const count = async (t: 'trades' | 'tags' | 'series' | 'activity') => Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    books,
    counts: { ...status.counts, trades: await count('trades'), tags: await count('tags'), series: await count('series'), activity: await count('activity') },
    balances: await db.selectFrom('balances').selectAll().orderBy('wallet').orderBy('asset').execute(),
    positions: await db.selectFrom('positions').selectAll().orderBy('wallet').orderBy('asset').execute(),
    live: await db.selectFrom('orders').select(['id', 'wallet', 'token_id', 'side', 'price', 'original_size', 'size_matched']).where('status', '=', 'LIVE').orderBy('id').execute(),
    keys: await db.selectFrom('api_keys').select(['address', 'nonce', 'generation']).where('revoked_at', 'is', null).orderBy('address').execute(),
    counters: core.counters(),
  };
}

