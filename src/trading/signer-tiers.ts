/**
 * Per-signer rate-limit tiers (docs/venue.md §13): the venue's table, and the tier of each wallet.
 * On the venue a wallet's tier follows its 30-day volume; here every wallet is `Standard` until
 * the operator sets another (`PUT /admin/wallets/{address}/rate-limit-tier`). Tiers are rows of
 * the `settings` table (`rate_limit_tier:<address>`), held in memory and read again every
 * `refreshMs` so the instances of a cluster agree within that time.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export interface Tier {
  name: string;
  ordersPerS: number;
  orderBurst: number;
  cancelsPerS: number;
  cancelBurst: number;
  /** A cancel balance may go negative (cancel-all's per-order cost). */
  negativeCancels: boolean;
}

const row = (name: string, ordersPerS: number, orderBurst: number, cancelsPerS: number, cancelBurst: number, negativeCancels: boolean): Tier =>
  ({ name, ordersPerS, orderBurst, cancelsPerS, cancelBurst, negativeCancels });

export const TIERS: readonly Tier[] = [
  row('Standard', 40, 60, 80, 120, true),
  row('Copper', 60, 90, 120, 180, true),
  row('Bronze', 80, 120, 160, 240, true),
  row('Silver', 200, 300, 400, 600, true),
  row('Gold', 400, 600, 800, 1200, true),
  row('Platinum', 450, 675, 900, 1350, false),
  row('Diamond', 525, 787, 1050, 1575, false),
  row('Elite', 600, 900, 1200, 1800, false),
];
export const TIER_NAMES = TIERS.map((t) => t.name);
const BY_NAME = new Map(TIERS.map((t) => [t.name, t]));
const STANDARD = TIERS[0]!;
const PREFIX = 'rate_limit_tier:';

export class SignerTiers {
  private tiers = new Map<string, Tier>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Kysely<Database>, private readonly now: () => number, private readonly refreshMs = 10_000) {}

  async start(): Promise<void> {
    await this.load();
    this.timer = setInterval(() => { this.load().catch(() => { /* the next refresh tries again */ }); }, this.refreshMs);
    this.timer.unref();
  }

  stop(): void { clearInterval(this.timer); }

  /** The tier of a wallet (any case). */
  of(address: string): Tier {
    return this.tiers.get(address.toLowerCase()) ?? STANDARD;
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
    this.tiers.set(address.toLowerCase(), tier);
    return tier;
  }

  private async load(): Promise<void> {
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${PREFIX}%`).execute();
    const next = new Map<string, Tier>();
    for (const r of rows) {
      const t = BY_NAME.get(r.value);
      if (t !== undefined && t !== STANDARD) next.set(r.key.slice(PREFIX.length), t);
    }
    this.tiers = next;
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
