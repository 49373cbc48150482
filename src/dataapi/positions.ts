/**
 * `GET /positions`: a wallet's positions with docs/venue.md §7's PnL, the live price, the
 * redeemable/mergeable flags and the catalog fields. Positions come from the exchange core
 * (the ledger updates them in the same step as balances; like the books, memory is the truth),
 * catalog fields from the market views, prices from one book read per market. Filter, sort and
 * page happen in memory — every position must be seen to sort by a computed value. The service
 * (service.ts) keeps the pages and reads the times (position-times.ts); this file names a page's
 * version and builds its items.
 */
import type { ExchangeCore } from '../core/index.js';
import type { PositionRow } from '../ledger/types.js';
import { dec, seconds, sharesToMicro, outcomeName } from './params.js';
import { marketPrice, type MarketPrice } from './prices.js';
import { NO_MARKET, type MarketView } from './market-info.js';
import { pnl, type Pnl } from './pnl.js';
import type { PositionItem, PositionSort, PositionsQuery } from './schemas.js';

export { POSITION_SORTS } from './schemas.js';

export interface Item {
  p: PositionRow;
  v: Pnl;
  market: MarketView;
  curPrice: number;
  redeemable: boolean;
  mergeable: boolean;
}

type Key = (i: Item) => number | string;
const NO_END = Number.MAX_SAFE_INTEGER;
const SORT_KEYS: Record<PositionSort, Key> = {
  CURRENT: (i) => i.v.currentValue,
  INITIAL: (i) => i.v.initialValue,
  TOKENS: (i) => i.p.size,
  CASHPNL: (i) => i.v.cashPnl,
  PERCENTPNL: (i) => i.v.percentPnl,
  TITLE: (i) => i.market.title,
  RESOLVING: (i) => i.market.endMs ?? NO_END,
  PRICE: (i) => i.curPrice,
  AVGPRICE: (i) => i.p.avgPrice,
};

/**
 * Everything a page depends on besides the query, from the two sources only: the exchange's
 * (`exchange`: core generation, the wallet's stamp, the core's market-row stamp — stamps.ts),
 * the `markets` page version (catalog fields) and, per market, its book version (every order,
 * cancel and fill, so the best bid and ask and the last trade, and a finer tick). Taken before
 * anything is read: a page built from later state is filed under an older version, which never
 * recurs (stamps and book versions only grow within a generation).
 */
export function positionsVersion(core: ExchangeCore, exchange: readonly number[], catalog: number, all: PositionRow[]): number[] {
  const v = [...exchange, catalog];
  const seen = new Set<string>();
  for (const p of all) {
    if (seen.has(p.conditionId)) continue;
    seen.add(p.conditionId);
    v.push(core.bookMeta(p.conditionId)?.version ?? -1);
  }
  return v;
}

/**
 * The page's positions of `all` (the wallet's, maybe of some markets only) after the filters,
 * the sort and offset/limit; `views` holds the catalog fields of every market of `all`.
 */
export function positionItems(core: ExchangeCore, all: PositionRow[], q: PositionsQuery, views: Map<string, MarketView>): Item[] {
  // Mergeable: the wallet holds both outcomes of an unresolved condition (whatever the filters say).
  const heldOutcomes = new Map<string, number>();
  for (const p of all) if (p.size > 0) heldOutcomes.set(p.conditionId, (heldOutcomes.get(p.conditionId) ?? 0) + 1);

  const minSize = sharesToMicro(q.sizeThreshold ?? 1);
  const states = new Map<string, MarketPrice>();
  const title = q.title?.toLowerCase();
  const items: Item[] = [];
  for (const p of all) {
    if (p.size < minSize) continue;
    const market = views.get(p.conditionId) ?? NO_MARKET;
    if (title && !market.title.toLowerCase().includes(title)) continue;
    let st = states.get(p.conditionId);
    if (!st) states.set(p.conditionId, (st = marketPrice(core, p.conditionId, market.payouts)));
    const redeemable = st.resolved && p.size > 0;
    const mergeable = !st.resolved && p.size > 0 && (heldOutcomes.get(p.conditionId) ?? 0) >= 2;
    if (q.redeemable && !redeemable) continue;
    if (q.mergeable && !mergeable) continue;
    const curPrice = st.prices[p.outcomeIndex];
    // No object spreads on this path: node copies spread objects slowly, and it runs per position.
    items.push({ p, v: pnl(p, curPrice), market, curPrice, redeemable, mergeable });
  }

  sortItems(items, SORT_KEYS[q.sortBy ?? 'TOKENS'], q.sortDirection === 'ASC' ? 1 : -1);
  const offset = q.offset ?? 0;
  return items.slice(offset, offset + (q.limit ?? 100));
}

/** The markets whose catalog fields a page of `all` may show (positions at or above the size threshold). */
export function shownMarkets(all: PositionRow[], q: PositionsQuery): Set<string> {
  const minSize = sharesToMicro(q.sizeThreshold ?? 1);
  const out = new Set<string>();
  for (const p of all) if (p.size >= minSize) out.add(p.conditionId);
  return out;
}

/** Sorts by the key in the direction; ties by asset (token id) ascending. */
function sortItems(items: Item[], key: Key, dir: 1 | -1): void {
  const keyed = items.map((i) => ({ i, k: key(i) }));
  keyed.sort((a, b) => {
    if (a.k !== b.k) return (a.k < b.k ? -1 : 1) * dir;
    return a.i.p.asset < b.i.p.asset ? -1 : a.i.p.asset > b.i.p.asset ? 1 : 0;
  });
  for (let n = 0; n < keyed.length; n++) items[n] = keyed[n]!.i;
}

export function positionItem(wallet: string, i: Item, changedMs: number): PositionItem {
  const p = i.p;
  const o = p.outcomeIndex;
  return {
    proxyWallet: wallet,
    asset: p.asset,
    conditionId: p.conditionId,
    size: dec(p.size),
    avgPrice: dec(p.avgPrice),
    initialValue: dec(i.v.initialValue),
    currentValue: dec(i.v.currentValue),
    cashPnl: dec(i.v.cashPnl),
    percentPnl: i.v.percentPnl,
    totalBought: dec(p.totalBought),
    realizedPnl: dec(p.realizedPnl),
    percentRealizedPnl: i.v.percentRealizedPnl,
    curPrice: dec(i.curPrice),
    redeemable: i.redeemable,
    mergeable: i.mergeable,
    title: i.market.title,
    slug: i.market.slug,
    icon: i.market.icon,
    eventSlug: i.market.eventSlug,
    outcome: outcomeName(i.market.outcomes, o),
    outcomeIndex: o,
    oppositeOutcome: outcomeName(i.market.outcomes, 1 - o),
    oppositeAsset: i.market.tokenIds[1 - o] ?? '',
    timestamp: seconds(changedMs),
    endDate: i.market.endDate,
    negativeRisk: i.market.negativeRisk,
  };
}
