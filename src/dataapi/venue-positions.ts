/**
 * The venue's position reads beyond `/positions` (docs/venue.md §7): `/value` (a wallet's open
 * positions at their current price: the exchange core's positions and prices, as `/positions`
 * shows them), `/closed-positions` (positions fully exited — size 0 after buying — from the
 * stored positions, with their realized PnL) and `/v1/market-positions` (every wallet's
 * position in one market, grouped by token, with PnL; `totalPnl = cashPnl + realizedPnl`).
 */
import type { Db } from '../store/db.js';
import type { ExchangeCore } from '../core/index.js';
import { literal } from '../store/prepared.js';
import { checksummed, conditionIdsParam, dec, outcomeName, seconds, walletParam } from './params.js';
import { marketPrice } from './prices.js';
import { pnl, valueOf } from './pnl.js';
import { profilesOf } from './queries.js';
import { NO_MARKET } from './market-info.js';
import { eventMarkets, type Views } from './venue-trades.js';
import type { ClosedPositionsQuery, MarketPositionsQuery, ValueQuery } from './venue-schemas.js';


/** `GET /value`: `[{user, value}]`, the current value of the wallet's positions (in `market` only, if given). */
export function portfolioValue(core: ExchangeCore, views: Map<string, { payouts: string | null }>, q: ValueQuery, wallet: string): Array<{ user: string; value: number }> {
  const only = conditionIdsParam('market', q.market);
  let total = 0;
  for (const p of core.positions(wallet)) {
    if (p.size <= 0 || (only && !only.includes(p.conditionId))) continue;
    total += valueOf(p.size, marketPrice(core, p.conditionId, views.get(p.conditionId)?.payouts ?? null).prices[p.outcomeIndex]);
  }
  return [{ user: wallet, value: dec(Math.round(total)) }];
}

const CLOSED_ORDER = { REALIZEDPNL: 'realized_pnl', TITLE: 'condition_id', PRICE: 'avg_price', AVGPRICE: 'avg_price', TIMESTAMP: 'updated_at' } as const;

/** `GET /closed-positions`. */
export async function closedPositions(db: Db, core: ExchangeCore, views: Views, q: ClosedPositionsQuery): Promise<unknown[]> {
  const wallet = walletParam('user', q.user);
  const markets = conditionIdsParam('market', q.market) ?? await eventMarkets(db, q.eventId);
  if (markets?.length === 0) return [];
  let s = db.selectFrom('positions').selectAll().where('wallet', '=', wallet).where('size', '=', 0).where('total_bought', '>', 0);
  if (markets) s = s.where('condition_id', 'in', markets);
  const dir = q.sortDirection === 'ASC' ? 'asc' : 'desc';
  const rows = await s.orderBy(CLOSED_ORDER[q.sortBy ?? 'REALIZEDPNL'], dir).orderBy('asset', 'asc').execute();
  const m = await views(rows.map((r) => r.condition_id));
  const title = q.title?.toLowerCase();
  const items = rows.filter((r) => !title || (m.get(r.condition_id)?.title ?? '').toLowerCase().includes(title)).map((r) => {
    const view = m.get(r.condition_id) ?? NO_MARKET;
    const o = r.outcome_index;
    return {
      proxyWallet: wallet, asset: r.asset, conditionId: r.condition_id, avgPrice: dec(r.avg_price), totalBought: dec(r.total_bought),
      realizedPnl: dec(r.realized_pnl), curPrice: dec(marketPrice(core, r.condition_id, view.payouts).prices[o as 0 | 1]),
      timestamp: seconds(r.updated_at), title: view.title, slug: view.slug, icon: view.icon, eventSlug: view.eventSlug,
      outcome: outcomeName(view.outcomes, o), outcomeIndex: o, oppositeOutcome: outcomeName(view.outcomes, 1 - o),
      oppositeAsset: view.tokenIds[1 - o] ?? '', endDate: view.endDate,
    };
  });
  if (q.sortBy === 'TITLE') items.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) * (dir === 'asc' ? 1 : -1));
  const offset = q.offset ?? 0;
  return items.slice(offset, offset + (q.limit ?? 10));
}

const MARKET_SORT = {
  TOKENS: (x: { size: number }) => x.size, CASH_PNL: (x: { cashPnl: number }) => x.cashPnl,
  REALIZED_PNL: (x: { realizedPnl: number }) => x.realizedPnl, TOTAL_PNL: (x: { totalPnl: number }) => x.totalPnl,
} as const;

/** `GET /v1/market-positions`: `[{token, positions}]`, outcome 0 then 1; `limit`/`offset` per token. */
export async function marketPositions(db: Db, core: ExchangeCore, views: Views, q: MarketPositionsQuery): Promise<unknown[]> {
  const market = conditionIdsParam('market', q.market, 1)![0]!;
  const wallet = q.user === undefined ? undefined : walletParam('user', q.user);
  let s = db.selectFrom('positions').selectAll().where('condition_id', '=', market);
  if (wallet) s = s.where('wallet', '=', wallet);
  const status = q.status ?? 'OPEN';
  if (status === 'OPEN') s = s.where('size', '>', 0);
  if (status === 'CLOSED') s = s.where('size', '=', 0);
  const rows = await s.limit(literal(100_000)).execute();
  const view = (await views([market])).get(market) ?? NO_MARKET;
  const prices = marketPrice(core, market, view.payouts).prices;
  const profiles = await profilesOf(db, [...new Set(rows.map((r) => r.wallet))]);
  const key = MARKET_SORT[q.sortBy ?? 'TOKENS'];
  const dir = q.sortDirection === 'ASC' ? 1 : -1;
  const offset = q.offset ?? 0;
  const groups = [0, 1].map((o) => {
    const items = rows.filter((r) => r.outcome_index === o).map((r) => {
      const v = pnl({ size: r.size, avgPrice: r.avg_price, totalBought: r.total_bought, realizedPnl: r.realized_pnl }, prices[o as 0 | 1]);
      const p = profiles.get(r.wallet);
      return {
        proxyWallet: checksummed(r.wallet), name: p?.name ?? '', profileImage: p?.profile_image ?? '', verified: false,
        asset: r.asset, conditionId: market, avgPrice: r.avg_price, size: r.size, currPrice: prices[o as 0 | 1],
        currentValue: v.currentValue, cashPnl: v.cashPnl, totalBought: r.total_bought, realizedPnl: r.realized_pnl,
        totalPnl: v.cashPnl + r.realized_pnl, outcome: outcomeName(view.outcomes, o), outcomeIndex: o,
      };
    });
    items.sort((a, b) => (key(a) - key(b)) * dir || (a.proxyWallet < b.proxyWallet ? -1 : 1));
    const token = view.tokenIds[o] ?? items[0]?.asset ?? '';
    return { token, positions: items.slice(offset, offset + (q.limit ?? 50)) };
  });
  const money = ['avgPrice', 'size', 'currPrice', 'currentValue', 'cashPnl', 'totalBought', 'realizedPnl', 'totalPnl'] as const;
  return groups.filter((g) => g.token !== '').map((g) => ({
    token: g.token,
    positions: g.positions.map((x) => ({ ...x, ...Object.fromEntries(money.map((k) => [k, dec(x[k])])) })),
  }));
}
