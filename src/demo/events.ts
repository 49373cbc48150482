/**
 * Turns event specs (themes.ts: what an event is about) into `NewEvent`s for write.ts: slugs,
 * images, timeline, sites, creator and each market's order-book settings, all drawn from the
 * PRNG. Settings follow the original exchange's habits: tick 0.01 (0.001 for long shots and
 * crypto strikes), minimum order 5 shares, fees only on a few markets, liquidity rewards on
 * about a third of them.
 */
import { DEFAULT_NEG_RISK_ADAPTER } from '../domain/neg-risk-ids.js';
import type { NewEvent, NewMarket, NewSeries } from '../catalog/write.js';
import type { Prng } from '../domain/prng.js';
import { IMAGE_HOST } from './people.js';
import { DAY, HOUR, slugify } from './time.js';

export interface MarketSpec {
  /** The candidate or bucket this market is about ("Elena Moreau", "$94,000"). */
  subject: string;
  question: string;
  closed?: boolean;
}

export interface EventSpec {
  title: string;
  tags: string[];
  /** neg: mutually exclusive markets (negRisk); multi: independent markets; single: one market. */
  kind: 'neg' | 'multi' | 'single';
  markets: MarketSpec[];
  endDate: number;
  description: string;
  resolutionSource: string;
  series?: string;
  closed?: boolean;
  archived?: boolean;
  outcomes?: [string, string];
  is5050?: boolean;
  gameStart?: number;
  /** Index into vocab CREATORS, or null for no creator. */
  creator: number | null;
  /** Fees in bps for every market of the event. */
  fees?: { maker: number; taker: number };
  fineTick?: boolean;
}

/** Slugs must be unique; the rare clash gets a numeric suffix. */
export class SlugSet {
  private readonly used = new Set<string>();
  take(text: string): string {
    const base = slugify(text) || 'item';
    let slug = base;
    for (let n = 2; this.used.has(slug); n++) slug = `${base}-${n}`;
    this.used.add(slug);
    return slug;
  }
}

function marketSettings(rng: Prng, spec: EventSpec, index: number): Partial<NewMarket> {
  const longShot = spec.kind === 'neg' && index >= 3;
  const s: Partial<NewMarket> = {
    minimumTickSize: spec.fineTick || (longShot && rng.chance(0.6)) || rng.chance(0.05) ? 1_000 : 10_000,
    minimumOrderSize: 5_000_000,
  };
  if (spec.fees) {
    s.makerBaseFee = spec.fees.maker;
    s.takerBaseFee = spec.fees.taker;
  }
  if (rng.chance(0.35)) {
    s.rewardsMinSize = rng.pick([20, 50, 100, 200]) * 1_000_000; // shares
    s.rewardsMaxSpread = rng.pick([3, 3.5, 4.5, 5.5]) * 1_000_000; // cents, as on the wire
    s.rewardsDailyRate = rng.pick([5, 10, 25, 50, 100]) * 1_000_000; // USDC a day
  }
  if (spec.gameStart != null) {
    s.gameStartTime = spec.gameStart;
    s.secondsDelay = 3;
  }
  if (spec.is5050) s.is5050Outcome = true;
  if (rng.chance(0.1)) s.orderAgeSeconds = rng.pick([10, 30]);
  return s;
}

export interface BuiltEvent { event: NewEvent; spec: EventSpec; createdAt: number }

/** `base`: the demo's "now" (time.ts, DemoClock). */
export function buildEvent(rng: Prng, spec: EventSpec, slugs: SlugSet, base: number): BuiltEvent {
  const closed = spec.closed ?? false;
  const createdAt = closed
    ? spec.endDate - rng.int(20, 90) * DAY - rng.int(0, 23) * HOUR
    : Math.min(base - rng.int(2, 100) * DAY, spec.endDate - 2 * DAY) - rng.int(0, 23) * HOUR;
  const slug = slugs.take(spec.title);
  const markets: NewMarket[] = spec.markets.map((m, i) => {
    const mslug = spec.kind === 'single' ? slugs.take(`${slug}-market`) : slugs.take(m.question);
    const mClosed = closed || (m.closed ?? false);
    return {
      question: m.question,
      slug: mslug,
      description: `${spec.description}${spec.kind === 'single' ? '' : `\n\nThis market is about: ${m.subject}.`}`,
      resolutionSource: spec.resolutionSource,
      startDate: createdAt,
      endDate: spec.endDate,
      image: `${IMAGE_HOST}/markets/${mslug}.png`,
      icon: `${IMAGE_HOST}/markets/${mslug}-icon.png`,
      outcomes: spec.outcomes ?? ['Yes', 'No'],
      active: true,
      closed: mClosed,
      archived: spec.archived ?? false,
      metadata: spec.kind === 'single' ? {} : { groupItemTitle: m.subject },
      createdAt: createdAt + i * 1000,
      ...marketSettings(rng, spec, i),
    };
  });
  const sites = rng.weighted([[['sibyl'], 7], [['sibyl', 'delphi'], 2], [['delphi'], 1]] as const);
  const event: NewEvent = {
    slug,
    title: spec.title,
    ticker: slug,
    description: spec.description,
    resolutionSource: spec.resolutionSource,
    startDate: createdAt,
    creationDate: createdAt,
    endDate: spec.endDate,
    image: `${IMAGE_HOST}/events/${slug}.png`,
    icon: `${IMAGE_HOST}/events/${slug}-icon.png`,
    active: true,
    closed,
    archived: spec.archived ?? false,
    negRisk: spec.kind === 'neg',
    // Neg-risk events get the adapter's formula ids (docs/neg-risk.md); the seed still decides the rest.
    ...(spec.kind === 'neg' ? { negRiskAdapter: DEFAULT_NEG_RISK_ADAPTER } : {}),
    tags: spec.tags,
    series: spec.series ? [spec.series] : [],
    sites: [...sites],
    markets,
    createdAt,
  };
  return { event, spec, createdAt };
}

export const SERIES: NewSeries[] = [
  { slug: 'bitcoin-weekly-close', title: 'Bitcoin Weekly Close', recurrence: 'weekly', seriesType: 'single' },
  { slug: 'fed-decisions', title: 'Fed Interest Rate Decisions', recurrence: 'monthly', seriesType: 'single' },
  { slug: 'premier-division-matchdays', title: 'Premier Division Matchdays', recurrence: 'weekly', seriesType: 'single' },
  { slug: 'weekend-box-office', title: 'Weekend Box Office', recurrence: 'weekly', seriesType: 'single' },
].map((s) => ({ ...s, ticker: s.slug, image: `${IMAGE_HOST}/series/${s.slug}.png`, icon: `${IMAGE_HOST}/series/${s.slug}-icon.png` }));
