/**
 * The demo's trading history, made by running the real exchange (src/exchange + src/core) on a
 * simulated clock — nothing is written to the trading tables directly. Over five simulated
 * weeks before the demo's "now", market makers quote around a random-walk fair price and takers
 * hit their quotes: trades, mints (a YES buyer against a NO buyer), partial sells with gains and
 * losses, splits and merges. Open markets end with resting ladders on both sides; the demo's
 * closed markets are traded until their end, then resolved, and some holders redeem while
 * others keep redeemable positions. Deterministic for a seed: ids, wallets and choices come from
 * the seeded PRNG, times from the simulated clock.
 */
import type { Store } from '../store/db.js';
import { ExchangeService } from '../exchange/service.js';
import { manualClock, type CommandBody, type OrderCommand } from '../core/index.js';
import { MICRO } from '../domain/money.js';
import { Prng } from '../domain/prng.js';
import { BASE_MS, DAY, HOUR } from './time.js';
import type { OnProgress } from './progress.js';
import { demoConversions, negRiskPayouts, type NegRiskSim } from './neg-risk.js';

interface SimMarket extends NegRiskSim {
  cid: string; tick: number; closed: boolean; fifty: boolean; from: number; to: number;
  fair: number; maker: string;
}

const WINDOW = 35 * DAY;
const MAKERS = 4;

/** A price on the market's grid, within [tick, 1 − tick], from a probability. */
function onGrid(p: number, tick: number): number {
  const ticks = Math.round((p * MICRO) / tick);
  return Math.min(Math.max(ticks * tick, tick), MICRO - tick);
}

const shares = (n: number) => n * MICRO;

async function loadMarkets(store: Store, rng: Prng, makers: string[], base: number): Promise<SimMarket[]> {
  const rows = await store.db.selectFrom('markets').innerJoin('events', 'events.id', 'markets.event_id')
    .select(['markets.condition_id', 'markets.minimum_tick_size', 'markets.closed', 'markets.is_50_50_outcome', 'markets.start_date',
      'markets.end_date', 'markets.created_at', 'events.neg_risk', 'events.id as event_id'])
    .where('markets.enable_order_book', '=', 1).orderBy('markets.id').execute();
  const perEvent = new Map<number, number>();
  for (const r of rows) perEvent.set(r.event_id, (perEvent.get(r.event_id) ?? 0) + 1);
  return rows.map((r, i) => {
    const to = r.closed === 1 ? Math.min(r.end_date ?? base - DAY, base - HOUR) : base;
    const from = Math.max(r.created_at, to - WINDOW);
    // Candidates of a negative-risk event share the probability mass.
    const n = r.neg_risk === 1 ? perEvent.get(r.event_id)! : 1;
    const fair = n > 1 ? Math.min(0.9, (0.3 + rng.float() * 1.4) / n) : 0.15 + rng.float() * 0.7;
    return {
      cid: r.condition_id, tick: r.minimum_tick_size, closed: r.closed === 1, fifty: r.is_50_50_outcome === 1,
      from, to: Math.max(to, from + DAY), fair, maker: makers[i % makers.length]!, event: r.event_id, neg: r.neg_risk === 1,
    };
  });
}

export interface TradingCounts { trades: number; orders: number; resolved: number }

/** `base`: the demo's "now" (time.ts, DemoClock); the history ends there. */
export async function simulateTrading(store: Store, seed: number, onProgress: OnProgress = () => {}, base = BASE_MS): Promise<TradingCounts> {
  const rng = new Prng(`trading:${seed}`);
  const clock = manualClock(base - WINDOW - DAY);
  const idRng = rng.fork('ids');
  const ids = { next: () => `0x${Buffer.from(idRng.bytes(32)).toString('hex')}` };
  const wallets = (await store.db.selectFrom('profiles').select('address').orderBy('address').execute()).map((r) => r.address);
  const makers = wallets.slice(0, MAKERS);
  const takers = wallets.slice(MAKERS);
  const markets = await loadMarkets(store, rng, makers, base);
  const svc = await ExchangeService.open(store, { clock, ids });
  const pending: Promise<unknown>[] = [];
  /** Submits a command at the simulation's clock; `flush` waits for every submitted one. */
  const run = (command: CommandBody): void => { pending.push(svc.submit(command)); };
  const flush = async () => { await Promise.all(pending.splice(0)); };
  let orders = 0;
  /** A market's token id of outcome `o` (stored with the market; the restored core has it). */
  const tok = (cid: string, o: 0 | 1): string => svc.core.tokenIds(cid)![o];
  const place = (cmd: OrderCommand) => {
    orders++;
    run({ type: 'place', order: cmd });
  };

  for (const m of makers) run({ type: 'deposit', wallet: m, amount: 150_000 * MICRO });
  for (const t of takers) run({ type: 'deposit', wallet: t, amount: rng.int(5, 40) * 100 * MICRO });
  for (const m of markets) {
    // The demo's closed markets traded before they closed: reopen them in memory for the simulation.
    if (m.closed) run({ type: 'settings', market: { ...svc.core.market(m.cid)!, acceptingOrders: true } });
    run({ type: 'split', wallet: m.maker, conditionId: m.cid, amount: shares(1500) });
  }
  await flush();

  // Every trade of every market, in time order.
  const schedule: Array<{ t: number; m: SimMarket }> = [];
  for (const m of markets) {
    const n = rng.int(12, 40);
    for (let i = 0; i < n; i++) schedule.push({ t: m.from + Math.floor(rng.float() * (m.to - m.from)), m });
  }
  schedule.sort((a, b) => a.t - b.t);
  for (const [i, { t, m }] of schedule.entries()) {
    clock.set(t);
    m.fair = Math.min(0.96, Math.max(0.04, m.fair + (rng.float() - 0.5) * 0.06));
    const taker = rng.pick(takers);
    const size = shares(rng.int(5, 80));
    const roll = rng.float();
    if (roll < 0.45) { // a taker buys YES from the maker's ask
      const ask = onGrid(m.fair + 0.01, m.tick);
      place({ wallet: m.maker, tokenId: tok(m.cid, 0), side: 'SELL', price: ask, size, type: 'GTC' });
      place({ wallet: taker, tokenId: tok(m.cid, 0), side: 'BUY', price: ask, size, type: 'FAK' });
    } else if (roll < 0.8) { // a taker buys NO against the maker's YES bid: the pair is minted
      const bid = onGrid(m.fair - 0.01, m.tick);
      place({ wallet: m.maker, tokenId: tok(m.cid, 0), side: 'BUY', price: bid, size, type: 'GTC' });
      place({ wallet: taker, tokenId: tok(m.cid, 1), side: 'BUY', price: MICRO - bid, size, type: 'FAK' });
    } else { // a holder sells part of a position back to the maker, at a gain or a loss
      const holder = svc.core.positions(taker).find((p) => p.conditionId === m.cid && p.size >= shares(5));
      if (holder) {
        const own = holder.outcomeIndex === 0 ? m.fair : 1 - m.fair;
        const bid = onGrid(own - 0.01, m.tick);
        const qty = Math.max(shares(5), Math.floor(holder.size / 2 / 10_000) * 10_000);
        place({ wallet: m.maker, tokenId: holder.asset, side: 'BUY', price: bid, size: qty, type: 'GTC' });
        place({ wallet: taker, tokenId: holder.asset, side: 'SELL', price: bid, size: qty, type: 'FAK' });
      } else if (rng.chance(0.5)) {
        run({ type: 'split', wallet: taker, conditionId: m.cid, amount: shares(rng.int(10, 40)) });
      }
    }
    run({ type: 'cancel-market', wallet: m.maker, conditionId: m.cid }); // the maker pulls what was not taken
    if (rng.chance(0.05)) {
      const both = svc.core.positions(taker).filter((p) => p.conditionId === m.cid);
      const pairable = Math.min(...both.map((p) => p.size));
      if (both.length === 2 && pairable >= shares(2)) run({ type: 'merge', wallet: taker, conditionId: m.cid, amount: Math.floor(pairable / 2 / 10_000) * 10_000 });
    }
    if (i % 200 === 0) {
      await flush();
      onProgress('demo trading', i + 1, schedule.length);
    }
  }
  await flush();
  onProgress('demo trading', schedule.length, schedule.length);
  // Holders of NO in neg-risk events convert some of it (src/demo/neg-risk.ts), before any resolution.
  clock.set(base - 2 * HOUR);
  demoConversions(svc.core, markets, takers, rng, run);
  await flush();

  let resolved = 0;
  clock.set(base - HOUR);
  for (const m of markets) {
    if (m.closed) {
      const payouts: [number, number] = negRiskPayouts(m, markets) ?? (m.fifty ? [MICRO / 2, MICRO / 2] : m.fair >= 0.5 ? [MICRO, 0] : [0, MICRO]);
      run({ type: 'resolve', conditionId: m.cid, payouts });
      resolved++;
      for (const w of takers) {
        if (svc.core.positions(w).some((p) => p.conditionId === m.cid && p.size > 0) && rng.chance(0.6)) run({ type: 'redeem', wallet: w, conditionId: m.cid });
      }
      continue;
    }
    // Open markets end with a resting ladder on both sides of the book.
    for (let level = 1; level <= 5; level++) {
      const size = shares(rng.int(20, 300));
      place({ wallet: m.maker, tokenId: tok(m.cid, 0), side: 'BUY', price: onGrid(m.fair - 0.01 * level, m.tick), size, type: 'GTC' });
      place({ wallet: m.maker, tokenId: tok(m.cid, 0), side: 'SELL', price: onGrid(m.fair + 0.01 * level, m.tick), size, type: 'GTC' });
    }
    if (rng.chance(0.5)) place({ wallet: rng.pick(takers), tokenId: tok(m.cid, 1), side: 'BUY', price: onGrid(1 - m.fair - 0.03, m.tick), size: shares(rng.int(5, 50)), type: 'GTC' });
  }
  await flush();
  const trades = await store.db.selectFrom('trades').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  await svc.close();
  return { trades: Number(trades.n), orders, resolved };
}
