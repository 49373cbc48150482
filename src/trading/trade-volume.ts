/**
 * Wallets' 30-day traded volume (docs/venue.md §13: the per-signer tier follows it), from the
 * trades in the store: the `TRADE` rows of `activity` — one per wallet and fill, maker and taker
 * alike, written with the fill's batch — summing their `usdc_size` (integer micro-USDC, what the
 * fill cost or paid) over the window. No float: SQL sums integers; PostgreSQL's numeric sum
 * arrives as a decimal string of an integer.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { checksumAddress } from '../domain/address.js';

export const VOLUME_WINDOW_MS = 30 * 86_400_000;

const int = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Every wallet (lower case) whose volume since `since` (Unix ms) is at least `min` micro-USDC. */
export async function volumesSince(db: Kysely<Database>, since: number, min: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('activity')
    .select((eb) => ['wallet', eb.fn.sum<number | string>('usdc_size').as('volume')])
    .where('type', '=', 'TRADE').where('timestamp', '>=', since)
    .groupBy('wallet')
    .having((eb) => eb.fn.sum('usdc_size'), '>=', min)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const key = r.wallet.toLowerCase();
    out.set(key, (out.get(key) ?? 0) + int(r.volume));
  }
  return out;
}

/** One wallet's volume since `since` (Unix ms), in micro-USDC: an index range (activity_wallet). */
export async function volumeOf(db: Kysely<Database>, wallet: string, since: number): Promise<number> {
  const spellings = [...new Set([wallet, wallet.toLowerCase(), checksumAddress(wallet) ?? wallet])];
  const row = await db.selectFrom('activity')
    .select((eb) => eb.fn.sum<number | string | null>('usdc_size').as('volume'))
    .where('wallet', 'in', spellings).where('timestamp', '>=', since).where('type', '=', 'TRADE')
    .executeTakeFirst();
  return int(row?.volume);
}
