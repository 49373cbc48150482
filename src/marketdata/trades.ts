/**
 * Public fills (`GET /trades`): every trade, newest first, in the cursor envelope (100 a page,
 * the real page size of trade lists). Filters: `market` (condition id), `asset_id` (token id:
 * trades where the token is on the taker's or any maker's side), `before`/`after` (Unix seconds,
 * strict). Rows have the spec's Trade shape, but `owner` — the API key in the real service — is
 * always "" here: a public row never reveals whose key traded. Wallet addresses are public.
 */
import type { Db } from '../store/db.js';
import { errors } from '../errors/catalogue.js';
import { formatMicro } from '../domain/money.js';
import { isConditionId } from '../domain/ids.js';
import { isoTime } from '../domain/iso-time.js';
import { checksumWallet } from '../catalog/scope.js';
import { decodeCursor, endPage, pageOf, type Page } from '../domain/cursor.js';
import { tokenFilter } from './tokens.js';
import type { TokenDirectory } from '../domain/ids.js';
import { literal } from '../store/prepared.js';

export const TRADES_PAGE_SIZE = 100;

export interface PublicMakerOrder {
  order_id: string; maker_address: string; owner: string; matched_amount: string; fee_rate_bps: string; price: string;
  asset_id: string; outcome: string; side: string;
}

export interface PublicTrade {
  id: string; taker_order_id: string; market: string; asset_id: string; side: string; size: string; fee_rate_bps: string;
  price: string; status: string; match_time: string; last_update: string; outcome: string; maker_address: string;
  owner: string; transaction_hash: string; bucket_index: number; maker_orders: PublicMakerOrder[]; type: string;
}

export interface TradeQuery {
  market?: string | undefined;
  asset_id?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
  next_cursor?: string | undefined;
}

const checksummed = (w: string): string => checksumWallet(w) ?? w;

function seconds(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,12}$/.test(text)) throw errors.badRequest(`${name} must be a Unix timestamp in seconds`);
  return Number(text) * 1000;
}

export async function publicTrades(db: Db, dir: TokenDirectory, q: TradeQuery, limit = TRADES_PAGE_SIZE): Promise<Page<PublicTrade>> {
  const offset = decodeCursor(q.next_cursor);
  let market: string | undefined;
  if (q.market !== undefined && q.market !== '') {
    market = q.market.toLowerCase();
    if (!isConditionId(market)) throw errors.badRequest('Invalid market: expected a condition id');
  }
  const asset = q.asset_id !== undefined && q.asset_id !== '' ? tokenFilter(dir, q.asset_id) : undefined;
  const before = seconds('before', q.before);
  const after = seconds('after', q.after);
  if (offset === null) return endPage<PublicTrade>(limit);

  let query = db.selectFrom('trades').selectAll();
  if (market) query = query.where('market', '=', market);
  if (asset) {
    query = query.where((eb) => eb.or([
      eb('asset', '=', asset),
      eb('id', 'in', eb.selectFrom('trade_makers').select('trade_id').where('asset', '=', asset)),
    ]));
  }
  if (before !== undefined) query = query.where('match_time', '<', before);
  if (after !== undefined) query = query.where('match_time', '>=', after + 1000);
  const rows = await query.orderBy('seq', 'desc').limit(literal(limit + 1)).offset(offset).execute();
  const page = pageOf(rows, offset, limit);
  if (page.data.length === 0) return endPage<PublicTrade>(limit);

  const ids = page.data.map((t) => t.id);
  const makers = await db.selectFrom('trade_makers').selectAll().where('trade_id', 'in', ids).orderBy('trade_id').orderBy('idx').execute();
  const cids = [...new Set(page.data.map((t) => t.market))];
  const [tokens, fees] = await Promise.all([
    db.selectFrom('tokens').select(['token_id', 'outcome']).where('condition_id', 'in', cids).execute(),
    db.selectFrom('markets').select(['condition_id', 'maker_base_fee', 'taker_base_fee']).where('condition_id', 'in', cids).execute(),
  ]);
  const outcome = new Map(tokens.map((t) => [t.token_id, t.outcome]));
  const fee = new Map(fees.map((f) => [f.condition_id, f]));
  const makersOf = new Map<string, typeof makers>();
  for (const m of makers) (makersOf.get(m.trade_id) ?? makersOf.set(m.trade_id, []).get(m.trade_id)!).push(m);

  const data: PublicTrade[] = page.data.map((t) => ({
    id: t.id, taker_order_id: t.taker_order_id, market: t.market, asset_id: t.asset, side: t.side,
    size: formatMicro(Number(t.size)), fee_rate_bps: String(fee.get(t.market)?.taker_base_fee ?? 0),
    price: formatMicro(Number(t.price)), status: t.status, match_time: isoTime(t.match_time), last_update: isoTime(t.match_time),
    outcome: outcome.get(t.asset) ?? '', maker_address: checksummed(t.wallet), owner: '', transaction_hash: t.transaction_hash,
    bucket_index: 0,
    maker_orders: (makersOf.get(t.id) ?? []).map((m) => ({
      order_id: m.order_id, maker_address: checksummed(m.wallet), owner: '', matched_amount: formatMicro(Number(m.matched_amount)),
      fee_rate_bps: String(fee.get(t.market)?.maker_base_fee ?? 0), price: formatMicro(Number(m.price)), asset_id: m.asset,
      outcome: outcome.get(m.asset) ?? '', side: m.side,
    })),
    type: 'TAKER',
  }));
  return { ...page, data };
}
