/**
 * The demo's neg-risk events (docs/neg-risk.md): traders who hold NO in questions of one event
 * convert part of it into YES of the other questions (and collateral when they give up NO of
 * several), and a closed event resolves with exactly one winner — its likeliest question — the
 * rest NO. Deterministic for a seed: choices come from the simulation's PRNG.
 */
import type { CommandBody, ExchangeCore } from '../core/index.js';
import { LOT, MICRO } from '../domain/money.js';
import type { Prng } from '../domain/prng.js';

export interface NegRiskSim { cid: string; event: number; neg: boolean; closed: boolean; fair: number }

type Run = (command: CommandBody) => void;

/** Each neg-risk event's questions (condition ids by index), by neg-risk market id. */
function events(core: ExchangeCore, markets: NegRiskSim[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of markets) {
    const mid = m.neg ? core.market(m.cid)?.negRisk?.marketId : undefined;
    if (mid === undefined || out.has(mid)) continue;
    const qs = core.negRiskQuestions(mid) ?? [];
    if (qs.length >= 2 && qs.every((q) => q !== undefined)) out.set(mid, qs as string[]);
  }
  return out;
}

/** Some holders of NO convert about half of what they hold in the event (submitted through `run`). */
export function demoConversions(core: ExchangeCore, markets: NegRiskSim[], holders: string[], rng: Prng, run: Run): void {
  for (const [mid, qs] of events(core, markets)) {
    for (const w of holders) {
      const free = qs.map((cid) => core.balance(w, core.tokenIds(cid)![1]).free);
      const picked = qs.map((_, i) => i).filter((i) => free[i]! >= 2 * MICRO);
      if (picked.length === 0 || !rng.chance(0.4)) continue;
      const least = Math.min(...picked.map((i) => free[i]!));
      const amount = Math.floor(least / 2 / LOT) * LOT;
      const bits = picked.reduce((a, i) => a | (1n << BigInt(i)), 0n);
      run({ type: 'convert', wallet: w, marketId: mid, indexSet: bits.toString(), amount });
    }
  }
}

/**
 * The payouts of a closed question of a neg-risk event: YES for the likeliest question of an
 * event whose questions are all closed, NO otherwise; undefined for other markets.
 */
export function negRiskPayouts(m: NegRiskSim, markets: NegRiskSim[]): [number, number] | undefined {
  if (!m.neg) return undefined;
  const siblings = markets.filter((x) => x.event === m.event);
  const all = siblings.every((x) => x.closed);
  const best = siblings.reduce((a, x) => (x.fair > a.fair ? x : a), siblings[0]!);
  return all && best === m ? [MICRO, 0] : [0, MICRO];
}
