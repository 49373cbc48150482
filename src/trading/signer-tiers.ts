/**
 * Per-signer rate-limit tiers (docs/venue.md §13): the venue's table, and the tier of each wallet.
 * As on the venue a wallet's tier follows its 30-day traded volume (trade-volume.ts), recomputed
 * for every wallet every 3 h as the venue does (at this class's own refresh tick, on the
 * service's clock) and for one wallet whenever it reads its tier (`GET /v1/user/rate-limit-tier`).
 * The operator's tier (`PUT /admin/wallets/{address}/rate-limit-tier`) wins over the volume's
 * until the operator removes it (`DELETE`). Operator tiers are rows of the `settings` table
 * (`rate_limit_tier:<address>`), held in memory and read again every `refreshMs` so the
 * instances of a cluster agree within that time.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { VOLUME_WINDOW_MS, volumeOf, volumesSince } from './trade-volume.js';

export interface Tier {
  name: string;
  ordersPerS: number;
  orderBurst: number;
  cancelsPerS: number;
  cancelBurst: number;
  /** A cancel balance may go negative (cancel-all's per-order cost). */
  negativeCancels: boolean;
  /** The 30-day traded volume that earns it, micro-USDC. */
  minVolume: number;
}

const USD = 1_000_000;
const row = (name: string, usd: number, ordersPerS: number, orderBurst: number, cancelsPerS: number, cancelBurst: number, negativeCancels: boolean): Tier =>
  ({ name, minVolume: usd * USD, ordersPerS, orderBurst, cancelsPerS, cancelBurst, negativeCancels });

export const TIERS: readonly Tier[] = [
  row('Standard', 0, 40, 60, 80, 120, true),
  row('Copper', 30_000, 60, 90, 120, 180, true),
  row('Bronze', 50_000, 80, 120, 160, 240, true),
  row('Silver', 100_000, 200, 300, 400, 600, true),
  row('Gold', 500_000, 400, 600, 800, 1200, true),
  row('Platinum', 2_500_000, 450, 675, 900, 1350, false),
  row('Diamond', 5_000_000, 525, 787, 1050, 1575, false),
  row('Elite', 10_000_000, 600, 900, 1200, 1800, false),
];
export const TIER_NAMES = TIERS.map((t) => t.name);
const BY_NAME = new Map(TIERS.map((t) => [t.name, t]));
const STANDARD = TIERS[0]!;
const PREFIX = 'rate_limit_tier:';
/** How often every wallet's volume is recomputed: the venue's 3 h (docs/venue.md §13). */
export const VOLUME_REFRESH_MS = 3 * 3_600_000;

/** The tier a 30-day volume (micro-USDC) earns. */
export function tierForVolume(volume: number): Tier {
  let t = STANDARD;
  for (const x of TIERS) if (volume >= x.minVolume) t = x;
  return t;
}

/** A wallet's tier and why: the operator's, or its volume's (`volume`: micro-USDC, 30 days). */
export interface TierReading { tier: Tier; source: 'operator' | 'volume'; volume: number }

export class SignerTiers {
  /** The operator's tiers (lower-case address). */
  private assigned = new Map<string, Tier>();
  /** Tiers earned by volume (above Standard), as last computed. */
  private earned = new Map<string, Tier>();
  private volumesAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Kysely<Database>, private readonly now: () => number, private readonly refreshMs = 10_000) {}

  async start(): Promise<void> {
    await this.load();
    this.timer = setInterval(() => { this.load().catch(() => { /* the next refresh tries again */ }); }, this.refreshMs);
    this.timer.unref();
  }

  stop(): void { clearInterval(this.timer); }

  /** The tier of a wallet (any case): the operator's, else its volume's as last computed. */
  of(address: string): Tier {
    const a = address.toLowerCase();
    return this.assigned.get(a) ?? this.earned.get(a) ?? STANDARD;
  }

  /** A wallet's tier with its volume computed now (what `GET /v1/user/rate-limit-tier` shows). */
  async read(address: string): Promise<TierReading> {
    const volume = await volumeOf(this.db, address, this.now() - VOLUME_WINDOW_MS);
    this.remember(address.toLowerCase(), volume);
    const set = this.assigned.get(address.toLowerCase());
    return set !== undefined ? { tier: set, source: 'operator', volume } : { tier: tierForVolume(volume), source: 'volume', volume };
  }

  /** Sets a wallet's tier (recorded in the operator's audit). */
  async set(address: string, name: string): Promise<Tier> {
    const tier = BY_NAME.get(name)!;
    const key = PREFIX + address.toLowerCase();
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('settings').values({ key, value: tier.name })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: tier.name })).execute();
      await tx.insertInto('admin_audit').values({ action: 'set_rate_limit_tier', target: address, payload: JSON.stringify({ tier: tier.name }), created_at: this.now() }).execute();
    });
    this.assigned.set(address.toLowerCase(), tier);
    return tier;
  }

  /** Removes the operator's tier: the wallet's volume decides again. True when there was one. */
  async unset(address: string): Promise<boolean> {
    const key = PREFIX + address.toLowerCase();
    const removed = await this.db.transaction().execute(async (tx) => {
      const r = await tx.deleteFrom('settings').where('key', '=', key).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) return false;
      await tx.insertInto('admin_audit').values({ action: 'unset_rate_limit_tier', target: address, payload: '{}', created_at: this.now() }).execute();
      return true;
    });
    this.assigned.delete(address.toLowerCase());
    return removed;
  }

  private remember(address: string, volume: number): void {
    const t = tierForVolume(volume);
    if (t === STANDARD) this.earned.delete(address);
    else this.earned.set(address, t);
  }

  private async load(): Promise<void> {
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${PREFIX}%`).execute();
    const next = new Map<string, Tier>();
    for (const r of rows) {
      const t = BY_NAME.get(r.value);
      if (t !== undefined) next.set(r.key.slice(PREFIX.length), t);
    }
    this.assigned = next;
    const now = this.now();
    if (now - this.volumesAt < VOLUME_REFRESH_MS) return;
    const volumes = await volumesSince(this.db, now - VOLUME_WINDOW_MS, TIERS[1]!.minVolume);
    this.earned = new Map();
    for (const [a, v] of volumes) this.remember(a, v);
    this.volumesAt = now;
  }
}

/** The wire shape of a tier: `GET /v1/user/rate-limit-tier` and the operator's answer. */
export function tierView(t: Tier) {
  return {
    tier: t.name,
    orders: { ratePerSecond: t.ordersPerS, burst: t.orderBurst },
    cancels: { ratePerSecond: t.cancelsPerS, burst: t.cancelBurst, negativeBalance: t.negativeCancels },
  };
}
