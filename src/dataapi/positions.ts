/**
 * `GET /positions`: a wallet's positions with compat.md §7's PnL, the live price, the
 * redeemable/mergeable flags and the catalog fields. Positions come from the exchange core
 * (the ledger updates them in the same step as balances; like the books, memory is the truth),
 * catalog fields from the market cache, prices from one book read per market. Filter, sort and
 * page happen in memory — every position must be seen to sort by a computed value. In the
 * steady state no SQL runs (position-times.ts, market-info.ts), and an unchanged page is served
 * from a cache checked against the wallet's positions and their books (public core accessors).
 */
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import { Direction, WalletParam, oneOf } from './query-schemas.js';
import type { ExchangeCore } from '../core/index.js';
import type { PositionRow } from '../ledger/types.js';
import type { Database } from '../store/schema.js';
import { conditionIdsParam, dec, seconds, sharesToMicro, walletParam, outcomeName } from './params.js';
import { positionTimes } from './position-times.js';
import { marketPrice, type MarketPrice } from './prices.js';
import { marketViews, marketsVersion, NO_MARKET, type MarketView } from './market-info.js';
import { pnl, type Pnl } from './pnl.js';
import { PageCache } from '../store/page-cache.js';

export const POSITION_SORTS = ['CURRENT', 'INITIAL', 'TOKENS', 'CASHPNL', 'PERCENTPNL', 'TITLE', 'RESOLVING', 'PRICE', 'AVGPRICE'] as const;
export type PositionSort = (typeof POSITION_SORTS)[number];

/** The query of `GET /positions` (spec "Positions"), declared by the route. */
export const PositionsQuery = Type.Object({
  user: WalletParam,
  market: Type.Optional(Type.String({ description: 'comma-separated condition ids' })),
  sizeThreshold: Type.Optional(Type.Number({ minimum: 0, default: 1, description: 'minimum size in shares (default 1); 0 also lists closed positions' })),
  redeemable: Type.Optional(Type.Boolean({ default: false, description: 'true: only redeemable positions' })),
  mergeable: Type.Optional(Type.Boolean({ default: false, description: 'true: only mergeable positions' })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, default: 0 })),
  sortBy: Type.Optional(oneOf(POSITION_SORTS, { default: 'TOKENS', description: 'sort key (default TOKENS); ties by asset' })),
  sortDirection: Type.Optional(Direction),
  title: Type.Optional(Type.String({ maxLength: 100, description: 'case-insensitive substring of the market title' })),
}, { additionalProperties: false });
export type PositionsQuery = Static<typeof PositionsQuery>;

interface Item {
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

/** Serialised pages, 32 MB at most, valid while the wallet's positions, their books and the markets version are unchanged. */
const pages = new PageCache(32 * 1024 * 1024);

/** What positions are read from: the exchange's core, and its generation (bumped when the core is rebuilt). */
export interface PositionsSource { readonly core: ExchangeCore; readonly coreGeneration: number }

/** The `GET /positions` answer as the JSON bytes the route sends. */
export async function positionsPage(db: Kysely<Database>, exchange: PositionsSource, now: number, q: PositionsQuery): Promise<Buffer> {
  const catalog = await marketsVersion(db); // before the core is read: nothing awaited after it
  const core = exchange.core;
  const generation = exchange.coreGeneration;
  const wallet = walletParam('user', q.user);
  const only = conditionIdsParam('market', q.market);
  const onlySet = only && new Set(only);
  // Copies of the ledger's rows, taken before anything is awaited.
  const all = onlySet ? core.positions(wallet).filter((p) => onlySet.has(p.conditionId)) : core.positions(wallet);
  const key = JSON.stringify([wallet, only, q.sizeThreshold ?? 1, q.redeemable ?? false, q.mergeable ?? false,
    q.limit ?? 100, q.offset ?? 0, q.sortBy ?? 'TOKENS', q.sortDirection ?? 'DESC', q.title ?? '']);
  // Taken before any read: a page built from later state is stored under an older version, which never recurs.
  const version = stateVersion(core, generation, Number(catalog), all);
  const hit = pages.get(db, key, version);
  if (hit !== undefined) return hit;
  const { rows, durable } = await buildPage(db, core, wallet, all, now, q, catalog);
  const body = Buffer.from(JSON.stringify(rows));
  return durable ? pages.set(db, key, version, body) : body;
}

/**
 * Everything a page depends on besides the query: the core's generation (a rebuilt core's pages
 * must not match the old one's), the markets version (their catalog fields), each position's
 * numbers (rows are only ever appended to a wallet's list) and, per market, its book metadata:
 * the version changes with every order, cancel and fill (so with the best bid and ask), and
 * the status with the resolution (payouts are set with it, once); the last trade and the
 * ladder resolution are in it too.
 */
function stateVersion(core: ExchangeCore, generation: number, catalog: number, all: PositionRow[]): number[] {
  const v: number[] = [generation, catalog, all.length];
  const seen = new Set<string>();
  for (const p of all) {
    v.push(p.size, p.avgPrice, p.totalBought, p.realizedPnl);
    if (seen.has(p.conditionId)) continue;
    seen.add(p.conditionId);
    const m = core.bookMeta(p.conditionId);
    if (!m) v.push(-1);
    else v.push(m.version, m.status === 'resolved' ? 1 : 0, m.ladderRes, m.lastTradePrice);
  }
  return v;
}

async function buildPage(db: Kysely<Database>, core: ExchangeCore, wallet: string, all: PositionRow[], now: number, q: PositionsQuery, catalog: string) {
  // Mergeable: the wallet holds both outcomes of an unresolved condition (whatever the filters say).
  const heldOutcomes = new Map<string, number>();
  for (const p of all) if (p.size > 0) heldOutcomes.set(p.conditionId, (heldOutcomes.get(p.conditionId) ?? 0) + 1);

  const minSize = sharesToMicro(q.sizeThreshold ?? 1);
  const sized = all.filter((p) => p.size >= minSize);
  const views = await marketViews(db, new Set(sized.map((p) => p.conditionId)), catalog);
  const states = new Map<string, MarketPrice>();
  const title = q.title?.toLowerCase();
  const items: Item[] = [];
  for (const p of sized) {
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
  const page = items.slice(offset, offset + (q.limit ?? 100));
  const { times, durable } = await positionTimes(db, wallet, page.map((i) => i.p), now);
  return { rows: page.map((i) => shape(wallet, i, times.get(i.p.asset) ?? now)), durable };
}

/** Sorts by the key in the direction; ties by asset ascending (condition id, then outcome). */
function sortItems(items: Item[], key: Key, dir: 1 | -1): void {
  const keyed = items.map((i) => ({ i, k: key(i) }));
  keyed.sort((a, b) => {
    if (a.k !== b.k) return (a.k < b.k ? -1 : 1) * dir;
    return a.i.p.asset < b.i.p.asset ? -1 : a.i.p.asset > b.i.p.asset ? 1 : 0;
  });
  for (let n = 0; n < keyed.length; n++) items[n] = keyed[n]!.i;
}

function shape(wallet: string, i: Item, changedMs: number) {
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
    oppositeAsset: `${p.conditionId}:${1 - o}`,
    timestamp: seconds(changedMs),
    endDate: i.market.endDate,
    negativeRisk: i.market.negativeRisk,
  };
}
