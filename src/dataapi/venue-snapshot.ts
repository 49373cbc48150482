/**
 * `GET /v1/accounting/snapshot?user=` (the SDK's `downloadAccountingSnapshot`, docs/venue.md §7):
 * a ZIP archive of two CSV files about the wallet, as of the request —
 * - `positions.csv`: one row per position of the exchange core (closed ones included):
 *   conditionId, asset, outcome, size, avgPrice, curPrice, currentValue, cashPnl, realizedPnl,
 *   totalBought (prices and PnL as `/positions` computes them);
 * - `equity.csv`: one row: user, cash (the wallet's USDC, free and reserved), positionsValue,
 *   equity (= cash + positionsValue), timestamp (ISO 8601).
 */
import type { ExchangeCore } from '../core/index.js';
import { dec, outcomeName } from './params.js';
import { marketPrice } from './prices.js';
import { pnl } from './pnl.js';
import { NO_MARKET, type MarketView } from './market-info.js';
import { zipStored } from './zip.js';

const csv = (rows: Array<Array<string | number>>): Buffer =>
  Buffer.from(rows.map((r) => r.map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(',')).join('\n') + '\n');

export function accountingSnapshot(core: ExchangeCore, wallet: string, views: Map<string, MarketView>, now: number): Buffer {
  const rows: Array<Array<string | number>> = [['conditionId', 'asset', 'outcome', 'size', 'avgPrice', 'curPrice', 'currentValue', 'cashPnl', 'realizedPnl', 'totalBought']];
  let value = 0;
  for (const p of core.positions(wallet)) {
    const view = views.get(p.conditionId) ?? NO_MARKET;
    const price = marketPrice(core, p.conditionId, view.payouts).prices[p.outcomeIndex];
    const v = pnl(p, price);
    value += v.currentValue;
    rows.push([p.conditionId, p.asset, outcomeName(view.outcomes, p.outcomeIndex), dec(p.size), dec(p.avgPrice), dec(price),
      dec(v.currentValue), dec(v.cashPnl), dec(p.realizedPnl), dec(p.totalBought)]);
  }
  const cash = core.balance(wallet, 'USDC');
  const cashMicro = cash.free + cash.reserved;
  const equity = [['user', 'cash', 'positionsValue', 'equity', 'timestamp'],
    [wallet, dec(cashMicro), dec(Math.round(value)), dec(cashMicro + Math.round(value)), new Date(now).toISOString()]];
  return zipStored([{ name: 'positions.csv', data: csv(rows) }, { name: 'equity.csv', data: csv(equity) }], new Date(now));
}
