/**
 * The venue's market and trader statistics (docs/venue.md §7), from the exchange's stored rows:
 * - `/oi`: open interest per market = the complete sets outstanding = the larger of the two
 *   outcomes' total held shares (each set pays 1 USDC), in USDC;
 * - `/live-volume?id=`: an event's traded volume (USDC of the takers' fills), per market and total;
 * - `/v1/leaderboard`: wallets ranked by PnL (realized + unrealized at current prices, all time)
 *   or by volume (USDC traded in the window, maker or taker side);
 * - `/v1/builders/leaderboard`, `/v1/builders/volume`: fills attributed to a builder (`builder`
 *   on the order) ranked by volume, with their distinct wallets; per day for `/volume`.
 * `category` is accepted and ignored (Sibyl ranks every market together: OVERALL).
 */
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import type { ExchangeCore } from '../core/index.js';
import { errors } from '../errors/catalogue.js';
import { isoTime } from '../domain/iso-time.js';
import { checksummed, conditionIdsParam, dec, walletParam } from './params.js';
import { marketPrice } from './prices.js';
import { valueOf } from './pnl.js';
import { profilesOf } from './queries.js';
import { windowStart, type BuilderLeaderboardQuery, type BuilderVolumeQuery, type LeaderboardQuery, type LiveVolumeQuery, type OpenInterestQuery } from './venue-schemas.js';

const DAY = 86_400_000;

export async function openInterest(db: Db, q: OpenInterestQuery): Promise<Array<{ market: string; value: number }>> {
  const markets = conditionIdsParam('market', q.market);
  let s = db.selectFrom('positions').select(['condition_id', 'outcome_index', (eb) => eb.fn.sum<number>('size').as('held')])
    .where('size', '>', 0).groupBy(['condition_id', 'outcome_index']);
  if (markets) s = s.where('condition_id', 'in', markets);
  const sets = new Map<string, number>();
  for (const r of await s.execute()) sets.set(r.condition_id, Math.max(sets.get(r.condition_id) ?? 0, Number(r.held)));
  const order = markets ?? [...sets.keys()].sort();
  return order.map((market) => ({ market, value: dec(sets.get(market) ?? 0) }));
}

export async function liveVolume(db: Db, q: LiveVolumeQuery): Promise<Array<{ total: number; markets: Array<{ market: string; value: number }> }>> {
  const markets = await db.selectFrom('markets').select('condition_id').where('event_id', '=', q.id).orderBy('id').execute();
  if (markets.length === 0) throw errors.notFound('id not found');
  const ids = markets.map((m) => m.condition_id);
  const vols = new Map((await db.selectFrom('trades').select(['market', (eb) => eb.fn.sum<number>('usdc_size').as('v')])
    .where('market', 'in', ids).groupBy('market').execute()).map((r) => [r.market, Number(r.v)]));
  const list = ids.map((market) => ({ market, value: vols.get(market) ?? 0 }));
  return [{ total: dec(list.reduce((a, m) => a + m.value, 0)), markets: list.map((m) => ({ market: m.market, value: dec(m.value) })) }];
}

export async function traderLeaderboard(db: Db, core: ExchangeCore, q: LeaderboardQuery, now: number): Promise<unknown[]> {
  const since = windowStart(q.timePeriod, now);
  const vols = await db.selectFrom('activity').select(['wallet', (eb) => eb.fn.sum<number>('usdc_size').as('v')])
    .where('type', '=', 'TRADE').where('timestamp', '>=', since).groupBy('wallet').execute();
  const positions = await db.selectFrom('positions').select(['wallet', 'condition_id', 'outcome_index', 'size', 'avg_price', 'realized_pnl']).execute();
  const rows = new Map<string, { vol: number; pnl: number }>();
  const row = (w: string) => rows.get(w) ?? rows.set(w, { vol: 0, pnl: 0 }).get(w)!;
  for (const v of vols) row(v.wallet).vol += Number(v.v);
  const prices = new Map<string, readonly [number, number]>();
  for (const p of positions) {
    let pr = prices.get(p.condition_id);
    if (!pr) prices.set(p.condition_id, (pr = marketPrice(core, p.condition_id, null).prices));
    row(p.wallet).pnl += p.realized_pnl + valueOf(p.size, pr[p.outcome_index as 0 | 1]) - valueOf(p.size, p.avg_price);
  }
  const profiles = await profilesOf(db, [...rows.keys()]);
  const by = q.orderBy === 'VOL' ? 'vol' : 'pnl';
  const ranked = [...rows].filter(([, r]) => r.vol > 0 || r.pnl !== 0)
    .sort(([wa, a], [wb, b]) => b[by] - a[by] || (wa < wb ? -1 : 1))
    .map(([wallet, r], i) => ({ rank: String(i + 1), proxyWallet: checksummed(wallet), userName: profiles.get(wallet)?.name ?? '',
      vol: dec(Math.round(r.vol)), pnl: dec(Math.round(r.pnl)), profileImage: profiles.get(wallet)?.profile_image ?? '', xUsername: '', verifiedBadge: false }));
  const user = q.user === undefined ? undefined : walletParam('user', q.user);
  const name = q.userName?.toLowerCase();
  const shown = ranked.filter((r) => (!user || r.proxyWallet === user) && (!name || r.userName.toLowerCase() === name));
  const offset = q.offset ?? 0;
  return shown.slice(offset, offset + (q.limit ?? 25));
}

function builderFills(db: Db, since: number) {
  return db.selectFrom('trades').where('builder', 'is not', null).where('builder', '!=', '').where('match_time', '>=', since);
}

export async function builderLeaderboard(db: Db, q: BuilderLeaderboardQuery, now: number): Promise<unknown[]> {
  const rows = await builderFills(db, windowStart(q.timePeriod, now))
    .select(['builder', (eb) => eb.fn.sum<number>('usdc_size').as('v'), (eb) => eb.fn.count<number>('wallet').distinct().as('users')])
    .groupBy('builder').execute();
  const ranked = rows.map((r) => ({ builder: r.builder ?? '', volume: Number(r.v), activeUsers: Number(r.users) }))
    .sort((a, b) => b.volume - a.volume || (a.builder < b.builder ? -1 : 1))
    .map((r, i) => ({ rank: String(i + 1), builder: r.builder, volume: dec(r.volume), activeUsers: r.activeUsers, verified: false, builderLogo: '' }));
  const offset = q.offset ?? 0;
  return ranked.slice(offset, offset + (q.limit ?? 25));
}

export async function builderVolume(db: Db, q: BuilderVolumeQuery, now: number): Promise<unknown[]> {
  const day = sql<number>`(match_time / ${sql.lit(DAY)}) * ${sql.lit(DAY)}`; // literals: the same text in SELECT and GROUP BY (PostgreSQL)
  const rows = await builderFills(db, windowStart(q.timePeriod, now))
    .select(['builder', day.as('day'), (eb) => eb.fn.sum<number>('usdc_size').as('v'), (eb) => eb.fn.count<number>('wallet').distinct().as('users')])
    .groupBy(['builder', day]).execute();
  const out: unknown[] = [];
  for (const d of [...new Set(rows.map((r) => Number(r.day)))].sort((a, b) => a - b)) {
    rows.filter((r) => Number(r.day) === d).sort((a, b) => Number(b.v) - Number(a.v)).forEach((r, i) => out.push({
      dt: isoTime(d), builder: r.builder ?? '', builderLogo: '', verified: false, volume: dec(Number(r.v)), activeUsers: Number(r.users), rank: String(i + 1),
    }));
  }
  return out;
}
