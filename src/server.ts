/**
 * Composition root: opens the store, takes its writer lock (one process per database: a second
 * one refuses to start, naming the holder — src/store/writer-lock.ts), migrates it, fills an empty embedded database with the
 * demo data set (docs/venue.md §14), builds the event list's missing stored items, rebuilds the
 * exchange from the database, builds the services (the catalog's builds its search index on SQLite) and the HTTP app. `sibyl serve`, the tests
 * and the benchmarks all start the service through here, so they run the same thing.
 */
import type { Config } from './config/config.js';
import { openStore, type Store } from './store/db.js';
import { migrateToLatest } from './store/migrate.js';
import { buildApp } from './app/build.js';
import type { App } from './http/app-type.js';
import type { Services } from './app/services.js';
import { loadDemoIfEmpty } from './demo/load.js';
import { fillEventItems } from './catalog/event-json.js';
import { Catalog } from './catalog/service.js';
import { ExchangeService } from './exchange/service.js';
import { OrderDesk, HEARTBEAT_CANCEL_REASON } from './trading/orders.js';
import { AccountReads } from './trading/account.js';
import { BuilderTradeReads } from './trading/builder-trades.js';
import { Notifications } from './trading/notifications.js';
import { LedgerDesk } from './trading/ledger-desk.js';
import { BotDesk } from './trading/bot-desk.js';
import { Operator } from './operator/operator.js';
import { createAuthService } from './auth/index.js';
import { HeartbeatService } from './heartbeats/index.js';
import { acquireWriterLock, type WriterLock } from './store/writer-lock.js';
import { RedisLink } from './store/redis.js';
import { Cache } from './store/cache.js';
import { clusterConfig } from './config/cluster.js';
import { countEngineEffects, integrityMetrics } from './metrics/engine.js';
import { cryptoMetrics, watchCache } from './metrics/index.js';
import { INTEGRITY_FAILED } from './exchange/integrity.js';
import { StreamService, type StreamLimits } from './streams/index.js';
import { setupBots } from './trading/signed/setup.js';
import { DepositWallets } from './trading/signed/deposit-wallets.js';
import { Signers } from './trading/signed/ecdsa.js';
import { loadRecovery } from './trading/signed/secp256k1.js';
import { setupSandbox } from './sandbox/setup.js';
import { MarketData } from './marketdata/index.js';
import { DataApi } from './dataapi/service.js';
import { Cluster, forwardHook, NO_FOLLOW, WriterLease } from './cluster/index.js';
import { Faults, Scenarios } from './faults/index.js';
import { SignerTiers } from './trading/signer-tiers.js';
import { Deposits } from './trading/deposits.js';

export interface Service {
  app: App;
  store: Store;
  services: Services;
  /** Stops accepting, finishes in-flight requests, then closes the database. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests capture them: test/edge/observability.test.ts). */
  logStream?: { write(line: string): void };
  now?: () => number;
  /** Progress callback for long start-up work (the first demo load). */
  onProgress?: (what: string, done: number, total: number) => void;
  /** The dead-man's switch action (src/heartbeats/); tests inject a spy. */
  onHeartbeatExpire?: (address: string) => Promise<void>;
  /** Streams' timings and bounds (src/streams); tests shorten them. SIBYL_WS_MAX_ASSETS sets `maxAssets`. */
  streamLimits?: Partial<StreamLimits>;
  /** The simulated traders move only when a test calls `services.sandbox.advance()` (docs/sandbox.md). */
  sandboxManual?: boolean;
}

export async function createService(config: Config, opts: ServiceOptions = {}): Promise<Service> {
  let app: App | undefined;
  const store = openStore({
    databaseUrl: config.databaseUrl, dataDir: config.dataDir, commitProbe: config.commitProbe,
    onConnectionLost: (err) => app?.log.warn({ err }, 'an idle PostgreSQL connection was lost; the pool opens a new one'),
  });
  let lock: WriterLock | undefined;
  let lease: WriterLease | undefined;
  let cluster: Cluster | undefined;
  let redis: RedisLink | undefined;
  const clusterCfg = config.cluster ?? clusterConfig({}, config.host, config.port);
  // The process's log for services built before the app (whose logger it is): the console until then.
  const processLog = {
    warn: (o: object, msg: string) => (app ? app.log.warn(o, msg) : console.warn(msg, o)),
    info: (o: object, msg: string) => app?.log.info(o, msg),
    error: (o: object, msg: string) => (app ? app.log.error(o, msg) : console.error(msg, o)),
  };
  const migration = { collateral: config.bots, ...(opts.onProgress ? { progress: opts.onProgress } : {}) };
  try {
    if (config.databaseUrl !== undefined) {
      // PostgreSQL: a cluster member (src/cluster). Migrations take their own lock; then the lease makes this instance writer or follower.
      await migrateToLatest(store, migration);
      lease = new WriterLease({ url: config.databaseUrl, advertiseUrl: clusterCfg.advertiseUrl, timeoutMs: clusterCfg.leaseTimeoutMs, log: processLog });
      lock = lease;
      await lease.start();
    } else {
      lock = await acquireWriterLock({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, location: store.location });
      await migrateToLatest(store, migration);
    }
    integrityMetrics.writerLockHeld.set(lock.held ? 1 : 0);
    if (config.demo && store.dialect === 'sqlite') await loadDemoIfEmpty(store, { onProgress: opts.onProgress, collateral: config.bots, day: (opts.now ?? Date.now)() }); // the demo's "today" is the service's clock
    // The event list's stored items that are missing (a migrated or bulk-seeded catalog): src/catalog/event-json.ts.
    await fillEventItems(store.db, { onProgress: opts.onProgress, warn: (msg) => (app ? app.log.warn(msg) : console.warn(msg)) });
    const now = opts.now ?? Date.now;
    const restoring = performance.now();
    const exchange = await ExchangeService.open(store, {
      clock: { now },
      journal: lease !== undefined ? { keep: clusterCfg.journalKeep } : undefined, // a cluster's writer journals its batches: followers replay them
      onError: (err) => app?.log.error({ err }, 'exchange failure: rebuilding from the database'),
      onIntegrityFailure: (msg, report) => app?.log.fatal(report, msg), // the check on open is logged below, once there is a log
    });
    const held = lock;
    if (lease !== undefined) { // the role from the first moment: a follower's exchange never commits, a writer's commits are fenced
      if (lease.role === 'writer') exchange.fenceWith(lease.epoch);
      else exchange.follow('this instance follows the writer');
    }
    if (lease === undefined) held.watch({
      onLost: (reason) => {
        integrityMetrics.writerLockHeld.set(0);
        app?.log.fatal({ reason }, 'writer lock lost: trading stopped until it is held again');
        exchange.lockLost(reason);
      },
      onRegained: () => {
        integrityMetrics.writerLockHeld.set(1);
        app?.log.warn('writer lock held again: rebuilding from the database, then trading resumes');
        exchange.lockRegained().catch((err: unknown) => app?.log.error({ err }, 'rebuild after the writer lock returned failed'));
      },
    });
    countEngineEffects(exchange);
    const restored = { liveOrders: exchange.core.openOrderCount(), ms: Math.round(performance.now() - restoring) };
    // One Redis link per process (src/store/redis.ts): rate limits and the replay check share its client and breaker.
    if (config.redisUrl !== undefined) {
      redis = new RedisLink({ url: config.redisUrl, log: {
        warn: (o, msg) => (app ? app.log.warn(o, msg) : console.warn(msg, o)),
        info: (msg) => (app ? app.log.info(msg) : console.info(msg)),
      } });
      await redis.ready();
    }
    const cache = new Cache(config.cacheBytes); // every service's kept answers, one budget (src/store/cache.ts)
    watchCache(() => cache.stats());
    const catalog = new Catalog(store.db, store.dialect, cache); // the catalog API's reads (src/catalog/service.ts)
    await catalog.buildSearchIndex(opts.onProgress); // SQLite: /public-search from memory (src/catalog/search-index)
    const signers = new Signers(loadRecovery(config.bots.nativeSecp256k1)); // libsecp256k1, or @noble/curves (SIBYL_NATIVE_SECP256K1)
    for (const b of ['native', 'js'] as const) cryptoMetrics.secp256k1Backend.labels(b).set(signers.recovery.backend === b ? 1 : 0);
    const auth = await createAuthService({ config, store, now, redis, signers, warn: (msg) => (app ? app.log.warn(msg) : console.warn(msg)) });
    const bots = await setupBots(store.db, config, exchange, now, signers); // token ids and signed orders (docs/bots.md)
    const depositWallets = new DepositWallets((since) => auth.keys.holdersSince(since), (funder) => bots.store.signersOf(funder)); // type 3 and the relayer's deployed wallets
    const orders = new OrderDesk(exchange, bots.gate, { now, onError: (err) => app?.log.error({ err }, 'a batch order failed'), walletsOf: (a) => depositWallets.walletsOf(a) });
    const account = new AccountReads(store.db, exchange, cache, { walletsOf: (a) => depositWallets.walletsOf(a) });
    const builderTrades = new BuilderTradeReads(store.db, exchange); // GET /builder/trades?builder_code= (the venue's SDK)
    const notifications = new Notifications(store.db, now, { walletsOf: (a) => depositWallets.walletsOf(a) }); // /clob GET, DELETE /notifications
    const onExpire = opts.onHeartbeatExpire ?? (async (address: string) => { await orders.cancelAllFor(address, HEARTBEAT_CANCEL_REASON); });
    const heartbeats = new HeartbeatService({ store, now, timeoutMs: config.heartbeatTimeoutMs, onExpire, log: processLog });
    const ledger = new LedgerDesk(exchange);
    const botDesk = new BotDesk(exchange);
    const streams = new StreamService({ exchange, store, now, onError: (err) => app?.log.error({ err }, 'streams failure') },
      { maxAssets: config.wsMaxAssets, dumpBytesPerS: config.wsDumpBytesPerS, queueBytes: config.wsQueueBytes, ...opts.streamLimits });
    const faults = new Faults(now, streams); // the venue's failures on demand (src/faults)
    const signerTiers = new SignerTiers(store.db, now); // per-signer rate-limit tiers (src/edge/signer-limits.ts)
    await signerTiers.start();
    const marketData = new MarketData({ store, exchange, cache, now }); // books, prices, listings, history, trades (src/marketdata)
    const dataApi = new DataApi({ db: store.db, exchange, cache, now }); // /positions, /activity, /holders (src/dataapi)
    const deposits = new Deposits({ db: store.db, exchange, now }); // the operator's and the simulated traders' (src/trading/deposits.ts)
    const { sandbox, bookHistory } = setupSandbox({ config, store, exchange, marketData, orders, ledger, deposits, heartbeats, keys: auth.keys, now,
      manual: opts.sandboxManual, onError: (err) => app?.log.error({ err }, 'sandbox failure') });
    if (lease !== undefined) {
      cluster = new Cluster({ lease, exchange, db: store.db, databaseUrl: config.databaseUrl!, redisUrl: config.redisUrl, heartbeats, log: processLog, pollMs: clusterCfg.followPollMs, openedMs: restored.ms });
    }
    const clusterStatus = cluster ?? { status: () => ({ role: 'writer' as const, epoch: 0, writerUrl: clusterCfg.advertiseUrl, followLagMs: 0, rebuildMs: restored.ms, follow: NO_FOLLOW }) };
    const operator = new Operator({
      db: store.db, dialect: store.dialect, exchange, writerLock: held, signedOrders: bots.store, now,
      warn: (msg, detail) => app?.log.warn({ detail }, msg), negRiskAdapter: config.negRiskAdapter, collateral: config.bots,
      signatures: { backend: signers.recovery.backend, fallbackReason: signers.recovery.fallbackReason },
      deposits, sandbox, bookHistory, cluster: clusterStatus,
      onNamed: (cid) => streams.announceMarket(cid), // a named neg-risk placeholder is a new market (docs/neg-risk.md)
    });
    const scenarios = new Scenarios({ faults, now, shock: (cid, by) => sandbox.shock(cid, by), // src/faults/scenario.ts
      resolve: (cid, winner) => operator.resolve(cid, { winner }), setMode: (mode) => operator.setExchangeMode({ mode }), setDemo: (to) => operator.setDemo(to) });
    const services: Services = { cluster: clusterStatus, config, store, now, exchange, auth, heartbeats, orders, account, builderTrades, notifications, writerLock: held, ledger, bots: botDesk, operator, streams, signedOrders: bots.store, sandbox, bookHistory, marketData, dataApi, catalog, cache, faults, signerTiers, scenarios, depositWallets };
    const built = await buildApp(services, { logger: opts.logger, logStream: opts.logStream, redis, forward: cluster && forwardHook(cluster) });
    app = built;
    built.log.info(restored, 'exchange restored from the database');
    for (const notice of config.retired ?? []) built.log.warn(notice);
    if (signers.recovery.fallbackReason !== null) built.log.warn({ reason: signers.recovery.fallbackReason }, 'signatures are verified with @noble/curves in JavaScript (about 40 times slower than libsecp256k1)');
    if (store.commitProbe === 'failed self-test') built.log.warn('the commit probe did not see a commit when the store opened: kept answers read their versions on every request (src/store/commit-probe.ts)');
    const integrity = exchange.integrity.report;
    if (!integrity.ok) built.log.fatal(integrity, INTEGRITY_FAILED);
    // Only the writer fires the dead-man's switch: a cluster starts the heartbeats when it takes the writer role.
    if (cluster !== undefined) await cluster.start();
    else await heartbeats.start(); // fires sessions that expired while the service was down
    await bookHistory.start(); // docs/sandbox.md
    await sandbox.start(); // simulated traders, when live (they move only while this instance is the writer)
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= (async () => {
      scenarios.close();
      faults.close();
      signerTiers.stop();
      await sandbox.close(); // the simulated traders' last move completes
      await streams.close(); // sockets get 1001 before the server stops
      await built.close();
      await cluster?.close();
      await heartbeats.stop();
      await auth.close();
      await redis?.close(); // after its users (rate limits: built.close(); the replay check: auth.close())
      await exchange.close();
      await bookHistory.stop(); // writes the last snapshots
      await store.close();
      await held.release();
      integrityMetrics.writerLockHeld.set(0);
    })());
    return { app: built, store, services, close };
  } catch (err) {
    await cluster?.close();
    await redis?.close();
    await store.close();
    await lock?.release();
    throw err;
  }
}
