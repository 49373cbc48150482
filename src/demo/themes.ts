/**
 * What the demo events are about, one function per theme. Each returns event specs built from
 * the vocabularies (vocab.ts) with the PRNG choosing names, strikes and candidates; events.ts
 * adds the mechanics. To add an event, push another spec in the matching theme (README.md).
 */
import type { Prng } from '../domain/prng.js';
import type { EventSpec, MarketSpec } from './events.js';
import { personNames } from './people.js';
import { monthDay, monthName, type DemoClock } from './time.js';
import { ARTISTS, ASSETS, CITIES, CLUB_SUFFIXES, COUNTRIES, FILM_A, FILM_B, LABS, PARTIES } from './vocab.js';

/** "$94,000" (no Intl, so the text never depends on the ICU build). */
export function usd(n: number): string {
  return `$${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

const each = (subjects: string[], q: (x: string) => string): MarketSpec[] => subjects.map((subject) => ({ subject, question: q(subject) }));
const yesNo = (question: string): MarketSpec[] => [{ subject: question, question }];
const rules = (what: string, source: string) =>
  `This market will resolve to "Yes" if ${what}. Otherwise, it will resolve to "No". The primary resolution source will be ${source}; a consensus of credible reporting may also be used.`;

export function politics(rng: Prng, at: DemoClock): EventSpec[] {
  const [c0, c1, c2, c3, ...rest] = rng.shuffle(COUNTRIES) as [string, string, string, string, ...string[]];
  const city = rng.pick(CITIES);
  const src = 'official results published by the national electoral commission';
  return [
    { title: `${c0} Presidential Election Winner`, tags: ['politics', 'elections', 'world'], kind: 'neg', creator: 0, endDate: at.utc(2027, 5, 16),
      markets: each(personNames(rng, 6), (x) => `Will ${x} win the ${c0} presidential election?`).map((m, i) => (i === 5 ? { ...m, closed: true } : m)),
      description: rules(`the named candidate wins the ${c0} presidential election held in May 2027`, src), resolutionSource: `https://elections.${c0.toLowerCase()}.example` },
    { title: `${c1} Parliamentary Election: Largest Party`, tags: ['politics', 'elections'], kind: 'neg', creator: 4, endDate: at.utc(2027, 3, 14),
      markets: each(rng.sample(PARTIES, 5), (x) => `Will the ${x} win the most seats in the ${c1} parliamentary election?`),
      description: rules(`the named party wins the most seats in the ${c1} parliamentary election`, src), resolutionSource: `https://parliament.${c1.toLowerCase()}.example` },
    { title: `${c2} Clean Grid Act signed into law in 2026?`, tags: ['politics', 'climate'], kind: 'single', creator: 2, endDate: at.utc(2026, 12, 31),
      markets: yesNo(`Will the ${c2} Clean Grid Act be signed into law by December 31, 2026?`),
      description: rules('the act is signed into law by December 31, 2026, 11:59 PM ET', 'the official legislative record'), resolutionSource: `https://laws.${c2.toLowerCase()}.example` },
    { title: `${c3} budget passed by October 1?`, tags: ['politics'], kind: 'single', creator: 2, endDate: at.utc(2026, 10, 1), closed: true, archived: true,
      markets: yesNo(`Will ${c3} pass its federal budget by October 1, 2026?`),
      description: rules('a budget is passed by October 1, 2026', 'the official legislative record'), resolutionSource: `https://laws.${c3.toLowerCase()}.example` },
    { title: `Mayor of ${city} Election Winner`, tags: ['politics', 'elections'], kind: 'neg', creator: 0, endDate: at.utc(2026, 10, 20), closed: true,
      markets: each(personNames(rng, 4), (x) => `Will ${x} be elected Mayor of ${city}?`),
      description: rules(`the named candidate wins the ${city} mayoral election`, 'the city election office'), resolutionSource: `https://vote.${city.toLowerCase().replace(/ /g, '')}.example` },
    { title: 'Which countries join the Coastal Trade Pact in 2027?', tags: ['politics', 'world', 'economy'], kind: 'multi', creator: 1, endDate: at.utc(2027, 12, 31),
      markets: each(rng.sample(rest, 4), (x) => `Will ${x} join the Coastal Trade Pact in 2027?`),
      description: rules('the named country formally accedes to the Coastal Trade Pact during 2027', 'the pact secretariat'), resolutionSource: 'https://coastal-pact.example/members' },
  ];
}

export function crypto(rng: Prng, at: DemoClock): EventSpec[] {
  const btc = ASSETS[0]!;
  const out: EventSpec[] = [0, 1, 2, 3].map((week) => {
    const day = at.utc(2026, 10, 30) + week * 7 * 86_400_000;
    const center = btc.price + rng.int(-3, 3) * btc.step;
    const strikes = [-2, -1, 0, 1, 2].map((k) => usd(center + k * btc.step));
    return { title: `Bitcoin above ___ on ${monthDay(day)}?`, tags: ['crypto', 'bitcoin'], kind: 'multi', creator: 5, endDate: day + 16 * 3_600_000,
      series: 'bitcoin-weekly-close', closed: week === 0, fineTick: true, fees: { maker: 0, taker: 100 },
      markets: each(strikes, (x) => `Will the price of Bitcoin be above ${x} on ${monthDay(day)}?`),
      description: rules('the BTC/USDT 1-minute candle closing at 12:00 ET on the date in the title is above the strike', 'the Binance BTC/USDT spot market'),
      resolutionSource: 'https://www.binance.com/en/trade/BTC_USDT' } satisfies EventSpec;
  });
  const eth = ASSETS[1]!;
  const shift = rng.int(-1, 1);
  const edges = [0, 1, 2, 3, 4].map((k) => eth.price + (2 * k - 4 + shift) * eth.step);
  const buckets = [`below ${usd(edges[0]!)}`, ...[0, 1, 2, 3].map((k) => `between ${usd(edges[k]!)} and ${usd(edges[k + 1]!)}`), `above ${usd(edges[4]!)}`];
  out.push(
    { title: `Ethereum price on ${monthDay(at.utc(2026, 12, 31))}?`, tags: ['crypto'], kind: 'neg', creator: 5, endDate: at.utc(2026, 12, 31, 17),
      markets: each(buckets, (x) => `Will Ethereum close ${x} on ${monthDay(at.utc(2026, 12, 31))}?`),
      description: rules('the ETH/USDT close at 12:00 ET on December 31, 2026 is in the range of this market', 'the Binance ETH/USDT spot market'), resolutionSource: 'https://www.binance.com/en/trade/ETH_USDT' },
    { title: 'Spot Solana ETF approved in 2026?', tags: ['crypto'], kind: 'single', creator: 1, endDate: at.utc(2026, 12, 31),
      markets: yesNo('Will a spot Solana ETF be approved in the US by December 31, 2026?'),
      description: rules('a US spot Solana ETF is approved by December 31, 2026', 'the SEC website'), resolutionSource: 'https://www.sec.gov' },
    { title: 'Largest stablecoin on March 31?', tags: ['crypto'], kind: 'neg', creator: null, endDate: at.utc(2027, 3, 31),
      markets: each(['USDT', 'USDC', 'DAI', 'PYUSD'], (x) => `Will ${x} be the largest stablecoin by market cap on March 31, 2027?`),
      description: rules('the named stablecoin has the largest market capitalisation at 12:00 ET on March 31, 2027', 'CoinGecko'), resolutionSource: 'https://www.coingecko.com' },
  );
  return out;
}

export function sports(rng: Prng, at: DemoClock): EventSpec[] {
  const clubs = rng.sample(CITIES, 9).map((c) => `${c} ${rng.pick(CLUB_SUFFIXES)}`);
  const cup = rng.sample(clubs, 6);
  const out: EventSpec[] = [
    { title: 'Champions Cup Winner 2026–27', tags: ['sports', 'soccer'], kind: 'neg', creator: 3, endDate: at.utc(2027, 5, 29),
      markets: each(cup, (x) => `Will ${x} win the 2026–27 Champions Cup?`).map((m, i) => (i === 4 ? { ...m, closed: true } : m)),
      description: rules('the named club wins the 2026–27 Champions Cup final', 'the competition website'), resolutionSource: 'https://champions-cup.example' },
  ];
  const kickoffs = [at.utc(2026, 10, 25, 15), at.utc(2026, 11, 8, 15), at.utc(2026, 11, 15, 17)];
  kickoffs.forEach((kick, i) => {
    const home = clubs[i * 2]!;
    const away = clubs[i * 2 + 1]!;
    out.push({ title: `${home} vs. ${away}`, tags: ['sports', 'soccer'], kind: 'neg', creator: 3, endDate: kick + 3 * 3_600_000,
      series: 'premier-division-matchdays', closed: i === 0, gameStart: kick,
      markets: [
        { subject: home, question: `Will ${home} win on ${monthDay(kick)}?` },
        { subject: 'Draw', question: `Will ${home} vs. ${away} end in a draw?` },
        { subject: away, question: `Will ${away} win on ${monthDay(kick)}?` },
      ],
      description: rules('the result after 90 minutes plus stoppage time matches this market', 'the Premier Division match centre'), resolutionSource: 'https://premier-division.example' });
  });
  const [p1, p2] = personNames(rng, 2) as [string, string];
  const final = at.utc(2026, 11, 14, 18);
  out.push(
    { title: `Kesslund Open Final: ${p1} vs. ${p2}`, tags: ['sports', 'tennis'], kind: 'single', creator: 3, endDate: final + 5 * 3_600_000,
      outcomes: [p1, p2], is5050: true, gameStart: final, markets: yesNo(`Kesslund Open Final: ${p1} vs. ${p2}`),
      description: `This market will resolve to "${p1}" if ${p1} wins the final and to "${p2}" if ${p2} wins. If the match is cancelled or not completed, it resolves 50-50.`,
      resolutionSource: 'https://kesslund-open.example' },
    { title: 'Continental Basketball League Champion 2027', tags: ['sports'], kind: 'neg', creator: 3, endDate: at.utc(2027, 6, 20),
      markets: each(rng.sample(CITIES, 5).map((c) => `${c} ${rng.pick(['Comets', 'Titans', 'Falcons', 'Storm', 'Kings'])}`), (x) => `Will the ${x} win the 2027 CBL championship?`),
      description: rules('the named team wins the 2027 CBL finals', 'the league website'), resolutionSource: 'https://cbl.example' },
  );
  return out;
}

export function economy(rng: Prng, at: DemoClock): EventSpec[] {
  const moves: Array<[string, string]> = [
    ['50+ bps decrease', 'decrease interest rates by 50+ bps'], ['25 bps decrease', 'decrease interest rates by 25 bps'],
    ['No change', 'not change interest rates'], ['25+ bps increase', 'increase interest rates by 25+ bps'],
  ];
  const meetings = [at.utc(2026, 10, 28, 18), at.utc(2026, 12, 9, 19), at.utc(2027, 1, 27, 19)];
  const out: EventSpec[] = meetings.map((m, i) => ({
    title: `Fed decision in ${monthName(m)} ${new Date(m).getUTCFullYear()}?`, tags: ['economy', 'fed-rates'], kind: 'neg', creator: 1, endDate: m,
    series: 'fed-decisions', closed: i === 0, archived: i === 0,
    markets: moves.map(([subject, phrase]) => ({ subject, question: `Will the Fed ${phrase} after the ${monthName(m)} ${new Date(m).getUTCFullYear()} meeting?` })),
    description: rules('the FOMC statement after the meeting announces the change in the federal funds target range named by this market', 'the Federal Reserve website'),
    resolutionSource: 'https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm',
  }));
  const gold = ASSETS[3]!;
  const base = gold.price + rng.int(0, 3) * gold.step;
  out.push(
    { title: 'US inflation (CPI YoY) for November 2026?', tags: ['economy'], kind: 'neg', creator: 1, endDate: at.utc(2026, 12, 10, 14),
      markets: each(['2.4% or less', '2.5%', '2.6%', '2.7%', '2.8% or more'], (x) => `Will US CPI inflation for November 2026 be ${x}?`),
      description: rules('the year-over-year CPI-U change for November 2026, rounded to one decimal, matches this market', 'the Bureau of Labor Statistics'), resolutionSource: 'https://www.bls.gov/cpi/' },
    { title: 'US recession in 2027?', tags: ['economy'], kind: 'single', creator: 4, endDate: at.utc(2028, 1, 31), fees: { maker: 10, taker: 20 },
      markets: yesNo('Will the US enter a recession in 2027?'),
      description: rules('the NBER announces a recession beginning in 2027, or two consecutive quarters of negative real GDP growth are reported for 2027', 'the NBER and the BEA'), resolutionSource: 'https://www.nber.org' },
    { title: `Gold above ___ by June 30, 2027?`, tags: ['economy'], kind: 'multi', creator: 5, endDate: at.utc(2027, 6, 30),
      markets: each([0, 2, 4].map((k) => usd(base + k * gold.step)), (x) => `Will gold trade above ${x} by June 30, 2027?`),
      description: rules('the LBMA gold price prints above the strike on any day before June 30, 2027', 'the LBMA'), resolutionSource: 'https://www.lbma.org.uk' },
  );
  return out;
}

export function science(rng: Prng, at: DemoClock): EventSpec[] {
  return [
    { title: 'Crewed lunar landing before 2028?', tags: ['science', 'space'], kind: 'single', creator: 2, endDate: at.utc(2027, 12, 31),
      markets: yesNo('Will humans land on the Moon before January 1, 2028?'),
      description: rules('a crewed spacecraft lands on the Moon before January 1, 2028', 'official space agency statements'), resolutionSource: 'https://www.nasa.gov' },
    { title: `Top AI model on ${monthDay(at.utc(2026, 12, 31))}?`, tags: ['tech', 'ai'], kind: 'neg', creator: 4, endDate: at.utc(2026, 12, 31, 17),
      markets: each(rng.sample(LABS, 5), (x) => `Will ${x} have the top model on the Open Model Arena on ${monthDay(at.utc(2026, 12, 31))}?`),
      description: rules('the named lab owns the top-ranked model on the Open Model Arena text leaderboard at 12:00 ET on December 31, 2026', 'the Open Model Arena leaderboard'), resolutionSource: 'https://arena.example/leaderboard' },
    { title: 'Fully reusable rocket reaches orbit by…?', tags: ['science', 'space', 'tech'], kind: 'multi', creator: 2, endDate: at.utc(2027, 6, 30),
      markets: each(['December 31, 2026', 'March 31, 2027', 'June 30, 2027'], (x) => `Will a fully reusable rocket reach orbit by ${x}?`),
      description: rules('a rocket whose stages are all recovered reaches orbit by the date in the question', 'official launch provider statements'), resolutionSource: 'https://launches.example' },
    { title: 'Room-temperature superconductor replicated in 2026?', tags: ['science'], kind: 'single', creator: null, endDate: at.utc(2026, 12, 31),
      markets: yesNo('Will a room-temperature, ambient-pressure superconductor be independently replicated in 2026?'),
      description: rules('a peer-reviewed replication is published in 2026', 'major scientific journals'), resolutionSource: 'https://journals.example' },
    { title: '2026 the hottest year on record?', tags: ['science', 'climate'], kind: 'single', creator: 2, endDate: at.utc(2027, 1, 20),
      markets: yesNo('Will 2026 be the hottest year on record?'),
      description: rules('the global annual mean temperature for 2026 is the highest on record', 'the NOAA annual climate report'), resolutionSource: 'https://www.noaa.gov' },
  ];
}

export function culture(rng: Prng, at: DemoClock): EventSpec[] {
  const films = () => rng.sample(FILM_A, 6).map((a, i) => `${a} ${FILM_B[(i * 5 + rng.int(0, 11)) % FILM_B.length]}`);
  const weekends = [at.utc(2026, 10, 27, 16), at.utc(2026, 11, 10, 16)];
  const out: EventSpec[] = weekends.map((end, i) => ({
    title: `Top grossing film, weekend ending ${monthDay(end - 86_400_000)}?`, tags: ['culture', 'movies'], kind: 'neg', creator: 0, endDate: end,
    series: 'weekend-box-office', closed: i === 0,
    markets: each(films().slice(0, 5), (x) => `Will "${x}" top the domestic box office for the weekend ending ${monthDay(end - 86_400_000)}?`),
    description: rules('the named film has the highest domestic weekend gross', 'Box Office Mojo'), resolutionSource: 'https://www.boxofficemojo.com',
  }));
  const artist = rng.pick(ARTISTS);
  out.push(
    { title: 'Golden Laurel Awards 2027: Best Picture', tags: ['culture', 'movies'], kind: 'neg', creator: 0, endDate: at.utc(2027, 3, 7),
      markets: each(films(), (x) => `Will "${x}" win Best Picture at the 2027 Golden Laurel Awards?`),
      description: rules('the named film wins Best Picture at the 2027 Golden Laurel Awards', 'the academy announcement'), resolutionSource: 'https://golden-laurels.example' },
    { title: `New ${artist} album before March 2027?`, tags: ['culture', 'music'], kind: 'single', creator: null, endDate: at.utc(2027, 3, 1),
      markets: yesNo(`Will ${artist} release a new studio album before March 1, 2027?`),
      description: rules(`${artist} releases a new studio album before March 1, 2027`, 'major streaming services'), resolutionSource: 'https://music.example' },
  );
  return out;
}

export const THEMES = [politics, crypto, sports, economy, science, culture];
