/**
 * Topics for the scale catalog: each turns the PRNG and a market count into an event title,
 * tags and market questions, from the same vocabularies as the demo. Subjects within an event
 * are distinct; uniqueness of slugs across the catalog comes from scale.ts's index suffixes.
 */
import type { Prng } from '../domain/prng.js';
import { personName } from './people.js';
import { usd } from './themes.js';
import { DAY, monthDay } from './time.js';
import { ARTISTS, ASSETS, CITIES, CLUB_SUFFIXES, COUNTRIES, FILM_A, FILM_B, LABS, PARTIES } from './vocab.js';

export interface ScaleSpec {
  title: string;
  tags: string[];
  /** Mutually exclusive outcomes (a negative-risk event when it has several markets). */
  neg: boolean;
  markets: Array<{ subject: string; question: string }>;
}

type Topic = (rng: Prng, n: number, day: number) => ScaleSpec;

const PLACES = [...COUNTRIES, ...CITIES];
const OFFICES = ['Presidential', 'Mayoral', 'Senate', 'Governor', 'Parliamentary'];
const THINGS = [
  'a ceasefire be signed in the {p} border dispute', 'the {p} central bank cut rates', 'the {p} metro line open',
  'a general strike be called in {p}', 'the {p} stock index hit a record high', 'a new prime minister take office in {p}',
];

/** n distinct subjects from `draw` (numbered when the vocabulary runs out). */
function distinct(rng: Prng, n: number, draw: (rng: Prng) => string): string[] {
  const out = new Set<string>();
  for (let tries = 0; out.size < n && tries < n * 20; tries++) out.add(draw(rng));
  for (let k = 2; out.size < n; k++) out.add(`${draw(rng)} ${k}`);
  return [...out];
}

const fmt = (ms: number) => `${monthDay(ms)}, ${new Date(ms).getUTCFullYear()}`;
const assetTags = (symbol: string) => (symbol === 'XAU' ? ['economy'] : symbol === 'BTC' ? ['crypto', 'bitcoin'] : ['crypto']);
const market = (subjects: string[], q: (x: string) => string) => subjects.map((subject) => ({ subject, question: q(subject) }));

const TOPICS: Topic[] = [
  (rng, n) => {
    const place = rng.pick(PLACES);
    const office = rng.pick(OFFICES);
    return { title: `${place} ${office} Election Winner`, tags: ['politics', 'elections'], neg: true,
      markets: market(distinct(rng, n, personName), (x) => `Will ${x} win the ${place} ${office.toLowerCase()} election?`) };
  },
  (rng, n) => {
    const place = rng.pick(COUNTRIES);
    return { title: `${place} Election: Largest Party`, tags: ['politics', 'world'], neg: true,
      markets: market(distinct(rng, n, (r) => r.pick(PARTIES)), (x) => `Will the ${x} win the most seats in ${place}?`) };
  },
  (rng, n) => {
    const cup = `${rng.pick(PLACES)} ${rng.pick(['Cup', 'League', 'Open', 'Trophy'])}`;
    return { title: `${cup} Winner`, tags: ['sports', 'soccer'], neg: true,
      markets: market(distinct(rng, n, (r) => `${r.pick(CITIES)} ${r.pick(CLUB_SUFFIXES)}`), (x) => `Will ${x} win the ${cup}?`) };
  },
  (rng, n, day) => {
    const date = fmt(day);
    const a = rng.pick(ASSETS);
    const lo = a.price + rng.int(-4, 2) * a.step;
    const edges = Array.from({ length: Math.max(0, n - 1) }, (_, k) => lo + k * a.step);
    const buckets = n === 1 ? [`above ${usd(lo)}`]
      : [`below ${usd(edges[0]!)}`, ...edges.slice(1).map((e, k) => `between ${usd(edges[k]!)} and ${usd(e)}`), `above ${usd(edges[edges.length - 1]!)}`];
    return { title: `${a.name} price on ${date}?`, tags: assetTags(a.symbol), neg: true,
      markets: market(buckets.slice(0, n), (x) => `Will ${a.name} close ${x} on ${date}?`) };
  },
  (rng, n, day) => {
    const date = fmt(day);
    const a = rng.pick(ASSETS);
    const first = Math.max(a.step, a.price + (rng.int(-3, 3) - (n >> 1)) * a.step);
    return { title: `${a.name} above ___ on ${date}?`, tags: assetTags(a.symbol), neg: false,
      markets: market(Array.from({ length: n }, (_, k) => usd(first + k * a.step)), (x) => `Will ${a.name} be above ${x} on ${date}?`) };
  },
  (rng, n) => {
    const award = `${rng.pick(['Golden Laurel', 'Silver Reel', 'Harbor Film', 'Critics Circle'])} Awards`;
    return { title: `${award}: Best Picture`, tags: ['culture', 'movies'], neg: true,
      markets: market(distinct(rng, n, (r) => `${r.pick(FILM_A)} ${r.pick(FILM_B)}`), (x) => `Will "${x}" win Best Picture at the ${award}?`) };
  },
  (rng, n, day) => ({ title: `Top AI lab on ${fmt(day)}?`, tags: ['tech', 'ai'], neg: true,
    markets: market(distinct(rng, n, (r) => r.pick(LABS)), (x) => `Will ${x} have the top-ranked model on ${fmt(day)}?`) }),
  (rng, n) => {
    const pact = `${rng.pick(['Coastal', 'Northern', 'Alpine', 'Pacific'])} ${rng.pick(['Trade Pact', 'Defence Union', 'Climate Accord'])}`;
    return { title: `Which countries join the ${pact}?`, tags: ['politics', 'world'], neg: false,
      markets: market(distinct(rng, n, (r) => r.pick(COUNTRIES)), (x) => `Will ${x} join the ${pact}?`) };
  },
  (rng, n, day) => {
    const thing = rng.pick(THINGS).replace('{p}', rng.pick(PLACES));
    const dates = Array.from({ length: n }, (_, k) => fmt(day - (n - 1 - k) * 30 * DAY));
    return { title: `Will ${thing} by…?`, tags: ['world'], neg: false,
      markets: market(dates, (x) => `Will ${thing} by ${x}?`) };
  },
  (rng, _n, day) => {
    const date = fmt(day);
    const artist = rng.pick(ARTISTS);
    return { title: `New ${artist} album before ${date}?`, tags: ['culture', 'music'], neg: false,
      markets: [{ subject: artist, question: `Will ${artist} release a new album before ${date}?` }] };
  },
];

/** An event about a random topic with exactly `n` markets; one market makes a plain yes/no event. */
export function scaleSpec(rng: Prng, n: number, endDate: number): ScaleSpec {
  let spec = rng.pick(TOPICS)(rng, n, endDate);
  while (spec.markets.length !== n) spec = rng.pick(TOPICS)(rng, n, endDate); // the album topic has one market
  if (n === 1) return { ...spec, title: spec.markets[0]!.question, neg: false };
  return spec;
}
