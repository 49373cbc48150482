/**
 * Price history (`GET /prices-history`, `POST /batch-prices-history`), built from the stored
 * fills — never sampled, never deleted, so it stays available after resolution.
 *
 * Construction: every maker fill of a market is one observation of the outcome-0 price (a fill
 * of outcome 1 at p observes 1 − p). Buckets are `fidelity` wide and aligned to multiples of it
 * since the epoch; the point of bucket [t, t + f) is {t, p = the last fill before t + f}, so a
 * bucket without a fill carries the previous price forward, and buckets before the first fill
 * are left out. Outcome 1's points are 1 − outcome 0's. A point lies inside the requested
 * window on both sides: buckets starting before it are left out (history-params.ts), and fills
 * after its end are not seen — the last bucket, cut by an `endTs` in the past, shows the price
 * at `endTs`, not one that traded later.
 *
 * Working state (not an answer): per market, the fill series (times and outcome-0 prices),
 * extended incrementally by trade sequence when the market's book version moves; the version
 * recorded is the one the database had committed (`books.version`, read before the fills), so a
 * fill in flight is never missed; a series of an older core generation is read again from the
 * start. At most `MAX_SERIES` markets' series are held (beyond, they start over).
 * Kept answers, in the process's cache: the serialised points of a window (area
 * `marketdata:history`) and the single-token answer (`marketdata:history-json`), keyed by market,
 * outcome, bucket-aligned window, fidelity and the number of fills up to its end, at [the
 * series' core generation, its last trade seq, its resolution time]. Nothing expires by time.
 */
import type { Db } from '../store/db.js';
import { MICRO, formatMicro } from '../domain/money.js';
import type { CacheArea, Version } from '../store/cache.js';
import { bookToken, noBook } from './tokens.js';
import { bookVersion, type CoreSource } from './versions.js';
import { checkParams, windowOf, type HistoryParams, type Window } from './history-params.js';

interface Series {
  /** The core generation it was read under (versions.ts). */
  generation: number;
  /** Book version the series is complete for; -1 for a market without a book. */
  version: number;
  lastSeq: number;
  /** Fill times (ms, non-decreasing) and outcome-0 prices (micro). */
  times: number[];
  prices: number[];
  resolvedAtS: number | null;
}

/** Markets whose fill series are held at once (a series is a few numbers per fill). */
const MAX_SERIES = 5000;

/** What a series' kept answers are versioned by: new fills or a resolution move it. */
const versionOf = (s: Series): Version => [s.generation, s.lastSeq, s.resolvedAtS ?? -1];

export class History {
  private readonly series = new Map<string, Series>();

  /** `bodies`: area `marketdata:history` (points as JSON text); `answers`: `marketdata:history-json` (encoded single-token answers). */
  constructor(private readonly db: Db, private readonly generation: CoreSource, private readonly now: () => number,
    private readonly bodies: CacheArea<string>, private readonly answers: CacheArea<Buffer>) {}

  /** `{"history": [...]}` as UTF-8, encoded once per series version and window. */
  async json(tokenText: unknown, p: HistoryParams): Promise<Buffer> {
    checkParams(p);
    const { key, version, body } = await this.points(tokenText, p);
    if (key === null) return Buffer.from(`{"history":${body}}`);
    return this.answers.get(key, version) ?? this.answers.set(key, version, Buffer.from(`{"history":${body}}`));
  }

  async batchJson(tokens: unknown[], p: HistoryParams): Promise<string> {
    checkParams(p);
    const core = this.generation.core;
    const refs = tokens.map((t) => bookToken(core, t));
    const parts: string[] = [];
    for (const r of [...new Map(refs.map((x) => [x.tokenId, x])).values()]) {
      parts.push(`${JSON.stringify(r.tokenId)}:${(await this.points(r.tokenId, p)).body}`);
    }
    return `{"history":{${parts.join(',')}}}`;
  }

  /** The JSON array of one token's points, with the key and version it is kept at (key null: no window). */
  private async points(tokenText: unknown, p: HistoryParams): Promise<{ key: string | null; version: Version; body: string }> {
    const t = bookToken(this.generation.core, tokenText);
    const s = await this.seriesOf(t.conditionId);
    const nowS = Math.floor(this.now() / 1000);
    const first = s.times.length ? Math.floor(s.times[0]! / 1000) : null;
    const w = windowOf(p, nowS, s.resolvedAtS, first);
    const version = versionOf(s);
    if (w === null) return { key: null, version, body: '[]' };
    const f = w.fidelityS;
    const seen = fillsUpTo(s.times, (w.end + 1) * 1000);
    const key = `${t.tokenId}|${Math.floor(w.start / f)}|${Math.floor(w.end / f)}|${f}|${seen}`;
    const body = this.bodies.get(key, version) ?? this.bodies.set(key, version, render(s, t.outcome, w, seen));
    return { key, version, body };
  }

  private async seriesOf(cid: string): Promise<Series> {
    const core = this.generation.core;
    const generation = this.generation.coreGeneration;
    const memVersion = bookVersion(core, cid);
    const resolvedInMemory = core.bookMeta(cid)?.status === 'resolved';
    let s = this.series.get(cid);
    if (s && s.generation === generation && s.version === memVersion && (!resolvedInMemory || s.resolvedAtS !== null)) return s;

    // Order matters: the committed book version first, then the fills (at least that recent).
    const book = await this.db.selectFrom('books').select('version').where('condition_id', '=', cid).executeTakeFirst();
    const market = await this.db.selectFrom('markets').select(['resolved_at']).where('condition_id', '=', cid).executeTakeFirst();
    if (!market) throw noBook();
    if (!s || s.generation !== generation) s = { generation, version: -1, lastSeq: 0, times: [], prices: [], resolvedAtS: null };
    const fills = await this.db.selectFrom('trades as t').innerJoin('trade_makers as m', 'm.trade_id', 't.id')
      .select(['t.seq', 't.match_time', 'm.asset', 'm.price'])
      .where('t.market', '=', cid).where('t.seq', '>', s.lastSeq)
      .orderBy('t.seq').orderBy('m.idx').execute();
    // A concurrent read of the same series may have appended some of these meanwhile (a trade's
    // maker rows are appended together, so its seq tells).
    const done = s.lastSeq;
    for (const f of fills) {
      if (Number(f.seq) <= done) continue;
      const price = Number(f.price);
      const last = s.times.length ? s.times[s.times.length - 1]! : 0;
      s.times.push(Math.max(last, Number(f.match_time)));
      s.prices.push(core.token(f.asset)?.outcome === 1 ? MICRO - price : price);
      s.lastSeq = Number(f.seq);
    }
    s.resolvedAtS = market.resolved_at === null ? null : Math.floor(Number(market.resolved_at) / 1000);
    s.version = memVersion === -1 ? -1 : Number(book?.version ?? 0);
    if (this.series.size >= MAX_SERIES && !this.series.has(cid)) this.series.clear();
    this.series.set(cid, s);
    return s;
  }
}

/** How many of the fills (times in ms, non-decreasing) are before `boundMs` (binary search). */
function fillsUpTo(times: number[], boundMs: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < boundMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Points of one outcome over a window, from the first `seen` fills (those up to the window's
 * end); see the module comment for the construction.
 */
function render(s: Series, outcome: 0 | 1, w: Window, seen: number): string {
  const f = w.fidelityS;
  const firstT = Math.floor(w.start / f) * f;
  const lastT = Math.floor(w.end / f) * f;
  // i = the last fill before the first bucket's end, then walk forward.
  let i = Math.min(fillsUpTo(s.times, (firstT + f) * 1000), seen) - 1;
  const parts: string[] = [];
  for (let t = firstT; t <= lastT; t += f) {
    const bound = (t + f) * 1000;
    while (i + 1 < seen && s.times[i + 1]! < bound) i++;
    if (i < 0) continue;
    const p0 = s.prices[i]!;
    parts.push(`{"t":${t},"p":${formatMicro(outcome === 0 ? p0 : MICRO - p0)}}`);
  }
  return `[${parts.join(',')}]`;
}
