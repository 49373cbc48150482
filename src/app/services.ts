/**
 * The composition root's contract with the routes: `Services`, everything a route handler may
 * call, built once by src/server.ts (each service with all its dependencies as constructor
 * arguments), and `RouteModule`, the signature of a route file (src/routes/index.ts lists them).
 * Routes import these as types only (test/foundation/layers.test.ts, TYPE_ONLY).
 */
import type { App } from '../http/app-type.js';
import type { SignedOrderStore } from '../trading/signed/store.js';
import type { Config } from '../config/config.js';
import type { Store } from '../store/db.js';
import type { AuthService } from '../auth/index.js';
import type { OrderDesk } from '../trading/orders.js';
import type { AccountReads } from '../trading/account.js';
import type { BuilderTradeReads } from '../trading/builder-trades.js';
import type { Notifications } from '../trading/notifications.js';
import type { HeartbeatService } from '../heartbeats/index.js';
import type { ExchangeService } from '../exchange/service.js';
import type { WriterLock } from '../store/writer-lock.js';
import type { StreamService } from '../streams/index.js';
import type { ClusterStatus } from '../cluster/index.js';
import type { Operator } from '../operator/operator.js';
import type { LedgerDesk } from '../trading/ledger-desk.js';
import type { BotDesk } from '../trading/bot-desk.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { BookHistoryRecorder } from '../marketdata/book-history.js';
import type { MarketData } from '../marketdata/index.js';
import type { DataApi } from '../dataapi/service.js';
import type { Cache } from '../store/cache.js';
import type { Catalog } from '../catalog/service.js';
import type { Faults, Scenarios } from '../faults/index.js';
import type { SignerTiers } from '../trading/signer-tiers.js';
import type { DepositWallets } from '../trading/signed/deposit-wallets.js';

/** Everything a route handler may call. Built once by src/server.ts. */
export interface Services {
  config: Config;
  store: Store;
  /** Milliseconds since the epoch; injected so tests can move time. */
  now(): number;
  /** L1/L2 authentication (`auth.requireL2` preHandler → `req.auth`), builder headers, API keys. */
  auth: AuthService;
  /** Order entry and cancels for an authenticated account. */
  orders: OrderDesk;
  /** Account reads: open orders, order by id, trades, builder trades. */
  account: AccountReads;
  /** The venue's builder trades by V2 builder code (`GET /builder/trades?builder_code=` on /clob). */
  builderTrades: BuilderTradeReads;
  /** An account's notifications, derived from its orders, fills and markets (/clob `GET`, `DELETE /notifications`). */
  notifications: Notifications;
  /** The dead-man's switch behind the heartbeat routes. */
  heartbeats: HeartbeatService;
  /** The durable exchange: order entry, cancels, ledger operations, live books. */
  exchange: ExchangeService;
  /** This process's hold on the database (one writer per database). */
  writerLock: WriterLock;
  /** The WebSocket market and user channels (src/streams), fed by committed batches. */
  streams: StreamService;
  /** Cluster role and following (src/cluster): `GET /admin/status` shows it (a single instance's says writer). */
  cluster: { status(): ClusterStatus };
  /** Split, merge, redeem and balances of an authenticated account. */
  ledger: LedgerDesk;
  /** The lookups trading bots make around their orders: a token's fee rate and market (docs/bots.md). */
  bots: BotDesk;
  /** The operator's use cases behind /admin. */
  operator: Operator;
  /** Signed orders (docs/bots.md): replay memory and the operator's funder → signer links. */
  signedOrders: SignedOrderStore;
  /** Order-book market data: books, prices, listings, price history, trades (src/marketdata). */
  marketData: MarketData;
  /** The data API: positions, activity, holders (src/dataapi). */
  dataApi: DataApi;
  /** The catalog API's reads: events, markets, tags, creators, comments, search (src/catalog/service.ts). */
  catalog: Catalog;
  /** Kept answers of every service: one memory budget, SIBYL_CACHE_MB (src/store/cache.ts). */
  cache: Cache;
  /** The living sandbox (docs/sandbox.md): simulated traders, reset. */
  sandbox: Sandbox;
  /** The order-book history recorder (docs/sandbox.md). */
  bookHistory: BookHistoryRecorder;
  /** Provoked faults (src/faults): the operator's `/admin/faults`, checked at the edge (src/edge/faults.ts). */
  faults: Faults;
  /** Per-signer rate-limit tiers (docs/venue.md §13), read by the edge's signer limits (src/edge/signer-limits.ts). */
  signerTiers: SignerTiers;
  /** The deposit wallets the relayer reports deployed (`GET /relayer/deployed`, docs/venue.md §10). */
  depositWallets: DepositWallets;
  /** Scenarios: timelines of faults, resolutions, modes, shocks (src/faults/scenario.ts). */
  scenarios: Scenarios;
}

export type RouteModule = (app: App, services: Services) => void;
