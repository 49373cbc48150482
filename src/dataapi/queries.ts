/**
 * The data API's SQL, one statement per read and no N+1: a page of activity (index
 * activity_wallet_order), a token's top holders (one covering top-N index scan, positions_holders),
 * profiles by address (one `IN` query per page: cheaper than a join, measured), the catalog
 * fields of a batch of markets (market-info.ts) and a wallet's position times (position-times.ts).
 * Positions themselves come from the exchange core.
 */
import type { Db } from '../store/db.js';
import { literal } from '../store/prepared.js';


export interface ActivityFilter {
  wallet: string;
  markets?: string[] | undefined;
  types?: string[] | undefined;
  startMs?: number | undefined;
  endMs?: number | undefined;
  side?: 'BUY' | 'SELL' | undefined;
  sortBy: 'TIMESTAMP' | 'TOKENS' | 'CASH';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ActivityDbRow {
  type: string; timestamp: number; condition_id: string; asset: string; outcome_index: number; side: string;
  price: number; size: number; usdc_size: number; transaction_hash: string;
}

const ACTIVITY_SORT = { TIMESTAMP: 'timestamp', TOKENS: 'size', CASH: 'usdc_size' } as const;

/** One page of a wallet's activity; ties in the sort key fall back to time, then recording order. */
export async function activityRows(db: Db, f: ActivityFilter): Promise<ActivityDbRow[]> {
  if (f.limit === 0) return [];
  let q = db.selectFrom('activity')
    .select(['type', 'timestamp', 'condition_id', 'asset', 'outcome_index', 'side', 'price', 'size', 'usdc_size', 'transaction_hash'])
    .where('wallet', '=', f.wallet);
  if (f.markets) q = q.where('condition_id', 'in', f.markets);
  if (f.types) q = q.where('type', 'in', f.types);
  if (f.side) q = q.where('side', '=', f.side);
  if (f.startMs !== undefined) q = q.where('timestamp', '>=', f.startMs);
  if (f.endMs !== undefined) q = q.where('timestamp', '<', f.endMs);
  q = q.orderBy(ACTIVITY_SORT[f.sortBy], f.direction);
  if (f.sortBy !== 'TIMESTAMP') q = q.orderBy('timestamp', f.direction);
  return q.orderBy('id', f.direction).limit(literal(f.limit)).offset(f.offset).execute();
}

/** The largest holders of one token: size ≥ minSize (and > 0), largest first, then by wallet. */
export async function holderRows(db: Db, asset: string, minSize: number, limit: number): Promise<Array<{ wallet: string; size: number }>> {
  if (limit === 0) return [];
  return db.selectFrom('positions').select(['wallet', 'size'])
    .where('asset', '=', asset).where('size', '>=', Math.max(minSize, 1))
    .orderBy('size', 'desc').orderBy('wallet', 'asc').limit(literal(limit)).execute();
}

export interface ProfileRow {
  address: string; name: string; pseudonym: string; bio: string; profile_image: string; display_username_public: number;
}

/** Profiles of some wallets, by address (EIP-55, as stored). */
export async function profilesOf(db: Db, wallets: string[]): Promise<Map<string, ProfileRow>> {
  if (wallets.length === 0) return new Map();
  const rows = await db.selectFrom('profiles')
    .select(['address', 'name', 'pseudonym', 'bio', 'profile_image', 'display_username_public'])
    .where('address', 'in', wallets).execute();
  return new Map(rows.map((r) => [r.address, r]));
}

/** Catalog fields of some markets (and of their events), for market-info.ts. */
export function marketRows(db: Db, conditionIds: string[]) {
  return db.selectFrom('markets as m').leftJoin('events as e', 'e.id', 'm.event_id')
    .select([
      'm.condition_id', 'm.question', 'm.slug', 'm.icon', 'm.end_date', 'm.neg_risk', 'm.outcomes', 'm.payouts', 'm.token_id_0', 'm.token_id_1',
      'e.slug as event_slug', 'e.icon as event_icon', 'e.end_date as event_end_date',
    ])
    .where('m.condition_id', 'in', conditionIds).execute();
}

/** Every stored position of a wallet, with the numbers that tell which state its time belongs to (position-times.ts). */
export function positionTimeRows(db: Db, wallet: string): Promise<Array<{ asset: string; size: number; total_bought: number; updated_at: number }>> {
  return db.selectFrom('positions').select(['asset', 'size', 'total_bought', 'updated_at']).where('wallet', '=', wallet).execute();
}
