/**
 * `GET /trades` on /data-api (docs/venue.md §7): fills, newest first. With `takerOnly` (the
 * default) the takers' side of each fill, from the exchange's `trades` rows; with
 * `takerOnly=false` every wallet's side, maker or taker, from the wallets' TRADE activity rows.
 * Filters: `user`, `market` or `eventId` (its markets), `asset_id` (a token), `side`, `start`/`end` (Unix seconds,
 * inclusive), `filterType` + `filterAmount` (at least that much cash or tokens). Also `/traded`:
 * how many markets a wallet has traded.
 */
import type { Db } from '../store/db.js';
import { errors } from '../errors/catalogue.js';
import { literal } from '../store/prepared.js';
import { checksummed, conditionIdsParam, dec, outcomeName, seconds, sharesToMicro, walletParam } from './params.js';
import { profilesOf } from './queries.js';
import { profileFields } from './profiles.js';
import { NO_MARKET, type MarketView } from './market-info.js';
import type { TradesQuery } from './venue-schemas.js';


const MAX_EVENT_IDS = 100;
const MAX_EVENT_ID = 2_147_483_647;
export type Views = (conditionIds: Iterable<string>) => Promise<Map<string, MarketView>>;

interface FillRow { wallet: string; side: string; asset: string; market: string; price: number; size: number; ts: number; tx: string }

/** `a,b` event ids → the condition ids of their markets (undefined when absent). */
export async function eventMarkets(db: Db, text: string | undefined): Promise<string[] | undefined> {
  if (text === undefined || text.trim() === '') return undefined;
  const ids = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (ids.length === 0) return undefined; // only commas: no filter, as for `market` (params.ts)
  if (!ids.every((s) => /^\d{1,15}$/.test(s))) throw errors.badRequest('eventId must be comma-separated event ids');
  if (ids.length > MAX_EVENT_IDS) throw errors.badRequest(`eventId must list at most ${MAX_EVENT_IDS} event ids`);
  // An id past the stores' integer range names no event (PostgreSQL would refuse the comparison).
  const known = ids.map(Number).filter((n) => n <= MAX_EVENT_ID);
  if (known.length === 0) return [];
  const rows = await db.selectFrom('markets').select('condition_id').where('event_id', 'in', known).execute();
  return rows.map((r) => r.condition_id);
}

/**
 * The fills asked for, newest first. Both sources give the same columns (the takers' side from
 * `trades`, every wallet's side from its TRADE `activity` rows), so one set of filters applies;
 * both stores inline the derived table, so the sources' indexes serve the filters.
 */
async function fillRows(db: Db, q: TradesQuery, wallet: string | undefined, markets: string[] | undefined): Promise<FillRow[]> {
  const source = (q.takerOnly ?? true)
    ? db.selectFrom('trades').select(['wallet', 'side', 'asset', 'market', 'price', 'size', 'usdc_size', 'match_time as ts', 'seq as ord', 'transaction_hash as tx'])
    : db.selectFrom('activity').select(['wallet', 'side', 'asset', 'condition_id as market', 'price', 'size', 'usdc_size', 'timestamp as ts', 'id as ord', 'transaction_hash as tx'])
      .where('type', '=', 'TRADE');
  let f = db.selectFrom(source.as('f')).select(['wallet', 'side', 'asset', 'market', 'price', 'size', 'ts', 'tx']);
  if (wallet) f = f.where('wallet', '=', wallet);
  if (markets) f = f.where('market', 'in', markets);
  if (q.side) f = f.where('side', '=', q.side);
  if (q.asset_id) f = f.where('asset', '=', q.asset_id);
  if (q.start !== undefined) f = f.where('ts', '>=', q.start * 1000);
  if (q.end !== undefined) f = f.where('ts', '<', (q.end + 1) * 1000);
  if (q.filterAmount !== undefined) f = f.where(q.filterType === 'CASH' ? 'usdc_size' : 'size', '>=', sharesToMicro(q.filterAmount));
  return f.orderBy('ts', 'desc').orderBy('ord', 'desc').limit(literal(q.limit ?? 100)).offset(q.offset ?? 0).execute();
}

export async function tradeItems(db: Db, views: Views, q: TradesQuery): Promise<unknown[]> {
  if ((q.filterType === undefined) !== (q.filterAmount === undefined)) throw errors.badRequest('filterType and filterAmount go together');
  if (q.market !== undefined && q.eventId !== undefined) throw errors.badRequest('give market or eventId, not both');
  if (q.start !== undefined && q.end !== undefined && q.start > q.end) throw errors.badRequest('start must be <= end');
  const wallet = q.user === undefined ? undefined : walletParam('user', q.user);
  const markets = conditionIdsParam('market', q.market) ?? await eventMarkets(db, q.eventId);
  if (markets?.length === 0) return [];
  const rows = await fillRows(db, q, wallet, markets);
  const [m, profiles] = await Promise.all([views(rows.map((r) => r.market)), profilesOf(db, [...new Set(rows.map((r) => r.wallet))])]);
  return rows.map((r) => {
    const view = m.get(r.market) ?? NO_MARKET;
    const o = view.tokenIds.indexOf(r.asset);
    return {
      proxyWallet: checksummed(r.wallet), side: r.side, asset: r.asset, conditionId: r.market, size: dec(r.size), price: dec(r.price),
      timestamp: seconds(r.ts), title: view.title, slug: view.slug, icon: view.icon, eventSlug: view.eventSlug,
      outcome: outcomeName(view.outcomes, o), outcomeIndex: o, ...profileFields(profiles.get(r.wallet)), transactionHash: r.tx,
    };
  });
}

/** `GET /traded`: the number of distinct markets the wallet has traded in. */
export async function tradedCount(db: Db, user: string): Promise<{ user: string; traded: number }> {
  const wallet = walletParam('user', user);
  const row = await db.selectFrom('activity').select((eb) => eb.fn.count<number>('condition_id').distinct().as('n'))
    .where('wallet', '=', wallet).where('type', '=', 'TRADE').executeTakeFirst();
  return { user: wallet, traded: Number(row?.n ?? 0) };
}
