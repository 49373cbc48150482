/**
 * Builds the sandbox and the book-history recorder for the composition root (src/server.ts),
 * from the services the HTTP routes use: OrderDesk, LedgerDesk, Deposits (the operator's deposit), the
 * heartbeats and the API keys (passed in as functions: the auth service is the edge's).
 */
import type { Config } from '../config/config.js';
import type { Store } from '../store/db.js';
import type { ExchangeService } from '../exchange/service.js';
import type { OrderDesk } from '../trading/orders.js';
import type { LedgerDesk } from '../trading/ledger-desk.js';
import type { HeartbeatService } from '../heartbeats/index.js';
import type { Deposits } from '../trading/deposits.js';
import type { MarketData } from '../marketdata/index.js';
import { BookHistoryRecorder } from '../marketdata/book-history.js';
import { Sandbox } from './sandbox.js';
import type { SimAccount } from './accounts.js';
import type { PostedOrder } from '../trading/signed/typed-data.js';
import { signOrderV1 } from '../trading/signed/sign.js';

export interface SandboxSetup {
  config: Config;
  store: Store;
  exchange: ExchangeService;
  /** The service's one market-data service (its book snapshots: the history records what /book answers). */
  marketData: MarketData;
  orders: OrderDesk;
  ledger: LedgerDesk;
  /** Deposits (src/trading/deposits.ts): the traders are funded as the operator funds a wallet. */
  deposits: Pick<Deposits, 'credit'>;
  heartbeats: HeartbeatService;
  /** API keys (src/auth/keys.ts): the active key of (address, nonce), a new one, forget the cache. */
  keys: { derive(address: string, nonce: string): Promise<{ apiKey: string }>; create(address: string, nonce: string): Promise<{ apiKey: string }>; forgetAll(): void };
  now(): number;
  manual?: boolean | undefined;
  onError(err: unknown): void;
}

export function setupSandbox(s: SandboxSetup): { sandbox: Sandbox; bookHistory: BookHistoryRecorder } {
  const c = s.config.sandbox;
  const md = s.marketData;
  const bookHistory = new BookHistoryRecorder({
    db: s.store.db, exchange: s.exchange, books: md.books, now: s.now, spacingS: c.bookHistoryS, days: c.bookHistoryDays, onError: s.onError, manual: s.manual,
  });
  const sandbox = new Sandbox({
    exchange: s.exchange, orders: s.orders, ledger: s.ledger, heartbeats: s.heartbeats, db: s.store.db, sqlite: s.store.sqlite,
    deposit: (address, amount) => s.deposits.credit(address, amount),
    sign: s.config.bots.requireSignatures ? signer(s.config, s.exchange) : undefined,
    apiKey: async (address) => (await s.keys.derive(address, '0').catch(() => s.keys.create(address, '0'))).apiKey,
    now: s.now, config: c, collateral: s.config.bots, demoConfigured: s.config.demo, manual: s.manual, onError: s.onError,
    afterReset: async () => {
      s.keys.forgetAll();
      bookHistory.forget();
      await bookHistory.loadMarkets();
    },
  });
  return { sandbox, bookHistory };
}

/** Signs the traders' orders as clob-client does (V1, the market's exchange domain), for a venue that requires signatures. */
function signer(config: Config, exchange: ExchangeService): (a: SimAccount, order: PostedOrder) => string {
  return (a, order) => {
    const token = exchange.core.token(order.tokenId);
    const negRisk = token !== undefined && exchange.core.market(token.conditionId)?.negRisk !== undefined;
    return signOrderV1(order, a.privateKey, { chainId: config.chainId, bots: config.bots, negRisk, positionId: BigInt(order.tokenId) });
  };
}
