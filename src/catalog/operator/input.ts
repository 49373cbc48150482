/**
 * Operator input → storage values: ISO dates to milliseconds, decimal amounts to micro-units,
 * wallets to EIP-55, and the order-book settings (snake_case, as the order-book market shows
 * them) to `markets` columns. Every rejection is a 400 naming the field. Also the operator's
 * input shapes (events, markets) and `inTransaction`, which every use case of this folder runs in.
 */
import { errors } from '../../errors/catalogue.js';
import { decimalInput } from '../amounts.js';
import { checksumWallet } from '../scope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { Db } from '../../store/db.js';
import { CatalogWriteError, type MarketPatch, type NewCreator } from '../write.js';

export function msOf(name: string, iso: string | undefined | null): number | null | undefined {
  if (iso === undefined || iso === null) return iso;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) throw errors.badRequest(`${name} must be an ISO 8601 timestamp`);
  return ms;
}

export function walletOf(name: string, text: string): string {
  const w = /^0x[0-9a-fA-F]{40}$/.test(text) ? checksumWallet(text) : undefined;
  if (!w) throw errors.badRequest(`${name} must be a wallet address (0x + 40 hex)`);
  // A mixed-case address must carry a valid checksum; all-lower or all-upper ones are accepted as is.
  const body = text.slice(2);
  if (body !== body.toLowerCase() && body !== body.toUpperCase() && w !== text) throw errors.badRequest(`${name} has an invalid checksum`);
  return w;
}

/** Allowed tick sizes in micro-units (0.1, 0.01, 0.001, 0.0001). */
export const TICK_SIZES = [100_000, 10_000, 1_000, 100];

export interface SettingsInput {
  active?: boolean; closed?: boolean; archived?: boolean; accepting_orders?: boolean; enable_order_book?: boolean;
  minimum_tick_size?: string | number; minimum_order_size?: string | number;
  maker_base_fee?: number; taker_base_fee?: number; seconds_delay?: number; notifications_enabled?: boolean;
  is_50_50_outcome?: boolean; itode?: boolean; taker_order_delay_ms?: number; order_age_seconds?: number;
  check_enabled?: boolean; rfq_enabled?: boolean; rewards_min_size?: string | number; rewards_max_spread?: string | number;
  rewards_daily_rate?: string | number; fpmm?: string; game_start_time?: string | null;
}

function amount(name: string, v: string | number | undefined): number | undefined {
  return v === undefined ? undefined : decimalInput(name, v);
}

const bit = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

/**
 * Settings to a column patch. Closing a market stops order acceptance unless the same request
 * sets `accepting_orders`; (re)opening acceptance stamps `accepting_order_timestamp`.
 */
export function settingsPatch(s: SettingsInput, now: number): MarketPatch {
  const tick = amount('minimum_tick_size', s.minimum_tick_size);
  if (tick !== undefined && !TICK_SIZES.includes(tick)) throw errors.badRequest('minimum_tick_size must be one of 0.1, 0.01, 0.001, 0.0001');
  const size = amount('minimum_order_size', s.minimum_order_size);
  if (size === 0) throw errors.badRequest('minimum_order_size must be > 0');
  const accepting = s.accepting_orders ?? (s.closed === true ? false : undefined);
  const patch: MarketPatch = {
    active: bit(s.active), closed: bit(s.closed), archived: bit(s.archived), accepting_orders: bit(accepting),
    enable_order_book: bit(s.enable_order_book), minimum_tick_size: tick, minimum_order_size: size,
    maker_base_fee: s.maker_base_fee, taker_base_fee: s.taker_base_fee, seconds_delay: s.seconds_delay,
    notifications_enabled: bit(s.notifications_enabled), is_50_50_outcome: bit(s.is_50_50_outcome), itode: bit(s.itode),
    taker_order_delay_ms: s.taker_order_delay_ms, order_age_seconds: s.order_age_seconds,
    check_enabled: bit(s.check_enabled), rfq_enabled: bit(s.rfq_enabled),
    rewards_min_size: amount('rewards_min_size', s.rewards_min_size), rewards_max_spread: amount('rewards_max_spread', s.rewards_max_spread),
    rewards_daily_rate: amount('rewards_daily_rate', s.rewards_daily_rate), fpmm: s.fpmm,
    game_start_time: msOf('game_start_time', s.game_start_time),
    accepting_order_timestamp: accepting === true ? now : undefined,
  };
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as MarketPatch;
}

export type TagRef = string | { slug: string; label: string };
export type SeriesRef = string | { slug: string; title: string; ticker?: string; seriesType?: string; recurrence?: string };
export type SiteRef = string | { id: string; name: string; domain?: string };

export interface MarketInput extends SettingsInput {
  question: string; slug: string; conditionId?: string; questionId?: string; description?: string; resolutionSource?: string;
  startDate?: string; endDate?: string; image?: string; icon?: string; outcomes?: string[]; tags?: TagRef[];
  metadata?: object;
  /** An augmented neg-risk event's unnamed placeholder / its Other (docs/neg-risk.md). */
  negRiskPlaceholder?: boolean; negRiskOther?: boolean;
}

export interface EventInput {
  slug: string; title: string; ticker?: string; description?: string; resolutionSource?: string; startDate?: string; endDate?: string;
  image?: string; icon?: string; active?: boolean; closed?: boolean; archived?: boolean; negRisk?: boolean;
  tags?: TagRef[]; series?: SeriesRef[]; sites?: SiteRef[]; creator?: NewCreator; metadata?: object;
  markets?: MarketInput[];
  /** Neg-risk (docs/neg-risk.md): `enableNegRisk` is `negRisk`'s other name; the conversion fee; augmented. */
  enableNegRisk?: boolean; negRiskFeeBips?: number; negRiskAugmented?: boolean;
}

/** Runs `work` in a transaction; write-layer refusals (unknown tag, series, site) become 400s. */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (err instanceof CatalogWriteError) throw errors.badRequest(err.message);
    throw err;
  }
}
