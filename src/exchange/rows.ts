/**
 * Seals a batch into table rows, synchronously, at the moment the batch closes: the in-memory
 * exchange then holds exactly the state after the batch's last command (JavaScript runs one
 * command at a time), so final balances, book metadata and counters are read from it here.
 */
import type { ExchangeCore, OrderRow } from '../core/index.js';
import type {
  ActivityTable, BalancesTable, BooksTable, ExchangeStateTable, JournalTable, LedgerEntriesTable, OrdersTable, PositionsTable,
  TradeMakersTable, TradesTable,
} from '../store/schema-exchange.js';
import type { Batch } from './batch.js';

type Insert<T> = Omit<T, 'id'>;

export interface SealedBatch {
  orders: OrdersTable[];
  trades: TradesTable[];
  makers: TradeMakersTable[];
  ledger: Insert<LedgerEntriesTable>[];
  positions: PositionsTable[];
  activity: Insert<ActivityTable>[];
  balances: BalancesTable[];
  books: BooksTable[];
  state: ExchangeStateTable;
  /** Markets resolved in this batch: payouts to record on the catalog market and its tokens. */
  resolutions: Array<{ conditionId: string; payouts: [number, number]; at: number }>;
  /** Collateral traded per market in this batch, added to the catalog's market and event volume. */
  volumes: Array<{ conditionId: string; amount: number }>;
  /** The batch's journal entry (a cluster writer's: journal.ts), or none. */
  journal: JournalTable[];
  /** Journal entries before this seq are deleted with the batch (retention; pg-writer.ts). */
  journalKeepFrom?: number;
}

export function orderRow(o: OrderRow): OrdersTable {
  return {
    id: o.id, seq: o.seq, wallet: o.wallet, api_key: o.apiKey, builder: o.builder, builder_code: o.builderCode ?? null, market: o.conditionId, token_id: o.tokenId,
    outcome: o.outcomeIndex, side: o.side, type: o.type, post_only: o.postOnly ? 1 : 0, price: o.price,
    original_size: o.originalSize, size_matched: o.sizeMatched, amount: o.amount, expiration: o.expiration,
    status: o.status, cancel_reason: o.cancelReason, reserved: o.reserved, max_fee: o.maxFee, fee_base: o.feeBase,
    fee_charged: o.feeCharged, notional: o.notional, created_at: o.createdAt, updated_at: o.updatedAt,
  };
}

/**
 * `bookSeqs`: the new `seq` of every book the batch changed (its touched markets and changed
 * market rows), given by the caller, who keeps them (events.ts).
 */
export function seal(batch: Batch, ex: ExchangeCore, tradeSeq: { value: number }, batchSeq: number, bookSeqs: ReadonlyMap<string, number>, now: number): SealedBatch {
  const c = ex.counters();
  const trades: TradesTable[] = [];
  const makers: TradeMakersTable[] = [];
  for (const t of batch.trades) {
    const taker = batch.orders.get(t.takerOrderId);
    // Fee rates are the market's at execution: the batch is sealed in the tick that matched it.
    const market = ex.market(t.conditionId);
    trades.push({
      id: t.id, seq: ++tradeSeq.value, taker_order_id: t.takerOrderId, wallet: t.wallet, market: t.conditionId, asset: t.asset,
      side: t.side, price: t.price, size: t.size, usdc_size: t.usdcSize, fee: t.fee, fee_rate_bps: market?.takerBaseFeeBps ?? 0, minted: t.minted, merged: t.merged,
      transaction_hash: t.transactionHash, status: t.status, builder: taker?.builder ?? null,
      builder_code: taker?.builderCode ?? null, match_time: t.matchTime,
    });
    t.makers.forEach((m, idx) => makers.push({
      trade_id: t.id, idx, order_id: m.orderId, wallet: m.wallet, asset: m.asset, side: m.side, price: m.price,
      matched_amount: m.matchedAmount, fee: m.fee, fee_rate_bps: market?.makerBaseFeeBps ?? 0,
    }));
  }
  const balances: BalancesTable[] = [];
  for (const key of batch.balanceKeys) {
    const [wallet, asset] = key.split('\u0000') as [string, string];
    const b = ex.balance(wallet, asset);
    balances.push({ wallet, asset, free: b.free, reserved: b.reserved });
  }
  const books: BooksTable[] = [];
  for (const [cid, seq] of bookSeqs) {
    const b = ex.bookMeta(cid);
    if (!b) continue;
    books.push({
      condition_id: cid, status: b.status, ladder_res: b.ladderRes, version: b.version, last_change_ms: b.lastChangeMs,
      last_trade_price: b.lastTradePrice, last_trade_side: b.lastTradeSide, seq,
    });
  }
  const volume = new Map<string, number>();
  for (const t of batch.trades) volume.set(t.conditionId, (volume.get(t.conditionId) ?? 0) + t.usdcSize);
  const resolutions: SealedBatch['resolutions'] = [];
  for (const m of batch.markets.values()) {
    if (m.status === 'resolved' && m.payouts) resolutions.push({ conditionId: m.conditionId, payouts: [m.payouts[0], m.payouts[1]], at: now });
  }
  return {
    orders: [...batch.orders.values()].map(orderRow),
    trades, makers,
    ledger: batch.ledger.map((l) => ({ wallet: l.wallet, asset: l.asset, free: l.free, reserved: l.reserved, kind: l.kind, ref: l.ref, created_at: now })),
    positions: [...batch.positions.values()].map((p) => ({
      wallet: p.wallet, asset: p.asset, condition_id: p.conditionId, outcome_index: p.outcomeIndex, size: p.size,
      avg_price: p.avgPrice, total_bought: p.totalBought, realized_pnl: p.realizedPnl, updated_at: now,
    })),
    activity: batch.activity.map((a) => ({
      wallet: a.wallet, type: a.type, timestamp: a.timestamp, condition_id: a.conditionId, asset: a.asset,
      outcome_index: a.outcomeIndex, side: a.side, price: a.price, size: a.size, usdc_size: a.usdcSize, transaction_hash: a.transactionHash,
    })),
    balances, books,
    state: { id: 1, seq: c.seq, deposited: c.deposited, withdrawn: c.withdrawn, taker_matched: c.takerMatched, maker_matched: c.makerMatched, batch_seq: batchSeq },
    resolutions,
    volumes: [...volume].map(([conditionId, amount]) => ({ conditionId, amount })),
    journal: [],
  };
}
