/**
 * Service configuration, read once from the environment (docs/venue.md §14 is the contract for the
 * names and defaults). Every value is validated at start: a bad value stops the process with a
 * message naming the variable, what was given and what is accepted — never a late crash.
 */
import { isAbsolute, resolve } from 'node:path';
import { botsConfig, type BotsConfig } from './bots.js';
import { sandboxConfig, type SandboxConfig } from './sandbox.js';
import { clusterConfig, type ClusterConfig } from './cluster.js';
import { ConfigError, intVar, type Env } from './errors.js';

/** SIBYL_CACHE_MB when not set: the kept answers of every service (src/store/cache.ts) share this many MiB. */
export const DEFAULT_CACHE_MB = 256;

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  demo: boolean;
  /** SIBYL_COMMIT_PROBE: SQLite's commit probe lets kept answers skip version reads (src/store/commit-probe.ts). */
  commitProbe: boolean;
  /** SIBYL_CACHE_MB: the one memory budget of kept answers (src/store/cache.ts), in bytes. */
  cacheBytes: number;
  adminToken: string | undefined;
  /** `off`, `default` (the built-in table) or a path to a JSON file overriding it. */
  rateLimits: 'off' | 'default' | { file: string };
  dataAllowlist: string[] | undefined;
  trustProxy: boolean | string | number;
  heartbeatTimeoutMs: number;
  authWindowS: number;
  /** SIBYL_REFUSE_L2_REPLAYS=1: an identical L2 write inside the window is refused (off: served, as the venue serves it). */
  refuseL2Replays: boolean;
  /** Auth (src/auth/README.md): with refuseL2Replays, most recent L2 write signatures remembered per instance; a write beyond it gets 503. */
  replayMax: number;
  chainId: number;
  headerPrefixes: string[];
  /** SIBYL_MASTER_KEY (64 hex chars) from which API credentials are derived; unset → `<dataDir>/master.key`. */
  masterKey: string | undefined;
  logLevel: string;
  /** Largest accepted request body in bytes (per-route limits may be lower). */
  bodyLimit: number;
  /** Edge (src/edge/README.md): body limit of non-batch routes, capped by `bodyLimit`. */
  smallBodyLimit: number;
  /** Edge: key prefix of the shared rate-limit counters (one per deployment; tests randomise it). */
  rateLimitPrefix: string;
  /** Edge: per-signer order/cancel buckets (docs/venue.md §13): `off`, `warn` (refusals pass with a warning header), `enforce`. */
  signerLimits: 'off' | 'warn' | 'enforce';
  /** Edge: CORS — `off`, `*` (any origin) or a list of origins; methods allowed cross-origin. */
  corsOrigins: 'off' | '*' | string[];
  corsMethods: string[];
  /** Edge: open connections above this get an immediate 503; 0 = unlimited. */
  maxConnections: number;
  /** Edge: open connections per client address (a trusted proxy's exempt); 0 = unlimited. */
  maxConnectionsPerIp: number;
  /** Edge: slow-client timeouts (ms): all headers, the whole request, an idle socket. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** Streams (src/streams/README.md): a second port serving the WebSocket channels (and the API); undefined = the API's port only. */
  wsPort: number | undefined;
  /** Streams: most tokens one market-channel connection may hold. */
  wsMaxAssets: number;
  /** SIBYL_WS_DUMP_BYTES_PER_S: book-dump bytes (subscribe dumps, resyncs) one socket may pull per second. */
  wsDumpBytesPerS: number;
  /** SIBYL_WS_QUEUE_BYTES: unsent bytes of all sockets together; past it the largest queues are closed 1013. */
  wsQueueBytes: number;
  /** SIBYL_NEG_RISK_ADAPTER: the NegRiskAdapter address in neg-risk ids (docs/neg-risk.md). */
  negRiskAdapter: string;
  /** Bots (src/config/bots.ts, docs/bots.md): collateral, signed-order domains. */
  bots: BotsConfig;
  /** Sandbox (src/config/sandbox.ts, docs/sandbox.md): simulated traders, book history. */
  sandbox: SandboxConfig;
  /** Cluster (src/config/cluster.ts, docs/deployment.md): advertise URL, lease timeout; absent = defaults. */
  cluster?: ClusterConfig;
  /** Settings that are set but no longer mean anything: the start says so once, in its log. */
  retired?: string[];
}

/** Settings of earlier versions that are accepted and ignored (the start names them once). */
const RETIRED: Record<string, string> = {
  SIBYL_TOKEN_IDS: 'SIBYL_TOKEN_IDS is no longer needed: token ids are always the Conditional Tokens position ids (docs/bots.md); the setting is ignored',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function optional(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(name, raw, '1 or 0');
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError('DATABASE_URL', raw, 'a postgres:// or postgresql:// URL');
  return raw;
}

function parseRedisUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL', raw, 'a redis:// or rediss:// URL');
  return raw;
}

function parseRateLimits(raw: string | undefined): Config['rateLimits'] {
  if (raw === undefined) return 'default';
  if (raw === 'off') return 'off';
  if (raw === 'default' || raw === 'on') return 'default';
  if (!raw.endsWith('.json')) throw new ConfigError('SIBYL_RATE_LIMITS', raw, '`off` or a path to a .json file');
  return { file: raw };
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

function parseAllowlist(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    if (!IPV4_OR_CIDR.test(item) && !(item.includes(':') && IPV6_OR_CIDR.test(item))) {
      throw new ConfigError('SIBYL_DATA_ALLOWLIST', raw, 'comma-separated IP addresses or CIDR ranges');
    }
  }
  return items;
}

function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // comma-separated addresses/CIDRs, fastify `trustProxy` semantics
}

function parseMasterKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(raw)) throw new ConfigError('SIBYL_MASTER_KEY', '<hidden>', '64 hexadecimal characters (32 random bytes)');
  return raw.toLowerCase();
}

function parsePrefixes(raw: string | undefined): string[] {
  const list = (raw ?? 'SVC_,POLY_').split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || list.some((p) => !/^[A-Za-z][A-Za-z0-9]*_$/.test(p))) {
    throw new ConfigError('SIBYL_HEADER_PREFIXES', raw ?? '', 'comma-separated prefixes like SVC_,POLY_');
  }
  return list.map((p) => p.toUpperCase());
}

function parseCorsOrigins(raw: string | undefined): Config['corsOrigins'] {
  if (raw === undefined || raw === '*') return '*';
  if (raw === 'off') return 'off';
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || list.some((o) => !/^https?:\/\/[^/\s]+$/.test(o))) {
    throw new ConfigError('SIBYL_CORS_ORIGINS', raw, '`*`, `off` or comma-separated origins like https://app.example.com');
  }
  return list;
}

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

function parseCorsMethods(raw: string | undefined): string[] {
  const list = (raw ?? 'GET,HEAD').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
  if (list.length === 0 || list.some((m) => !HTTP_METHODS.includes(m))) {
    throw new ConfigError('SIBYL_CORS_METHODS', raw ?? '', `comma-separated methods from ${HTTP_METHODS.join(', ')}`);
  }
  return list;
}

function parsePrefix(raw: string | undefined): string {
  if (raw === undefined) return 'sibyl:rl:';
  if (!/^[A-Za-z0-9_:.-]{1,64}$/.test(raw)) throw new ConfigError('SIBYL_RATE_LIMIT_PREFIX', raw, '1 to 64 characters from A-Z a-z 0-9 _ : . -');
  return raw;
}

function parseSignerLimits(raw: string | undefined): Config['signerLimits'] {
  if (raw === undefined) return 'warn';
  if (raw !== 'off' && raw !== 'warn' && raw !== 'enforce') throw new ConfigError('SIBYL_SIGNER_LIMITS', raw, 'off, warn or enforce');
  return raw;
}

function edgeConfig(env: Env): Pick<Config, 'smallBodyLimit' | 'rateLimitPrefix' | 'signerLimits' | 'corsOrigins' | 'corsMethods'
  | 'maxConnections' | 'maxConnectionsPerIp' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'idleTimeoutMs'> {
  const headersTimeoutMs = intVar(env, 'SIBYL_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = intVar(env, 'SIBYL_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('SIBYL_HEADERS_TIMEOUT_MS', String(headersTimeoutMs), `at most SIBYL_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    smallBodyLimit: intVar(env, 'SIBYL_BODY_LIMIT_SMALL', 65_536, 256, 64 * 1_048_576),
    rateLimitPrefix: parsePrefix(optional(env, 'SIBYL_RATE_LIMIT_PREFIX')),
    signerLimits: parseSignerLimits(optional(env, 'SIBYL_SIGNER_LIMITS')),
    corsOrigins: parseCorsOrigins(optional(env, 'SIBYL_CORS_ORIGINS')),
    corsMethods: parseCorsMethods(optional(env, 'SIBYL_CORS_METHODS')),
    maxConnections: intVar(env, 'SIBYL_MAX_CONNECTIONS', 2048, 0, 1_000_000),
    maxConnectionsPerIp: intVar(env, 'SIBYL_MAX_CONNECTIONS_PER_IP', 128, 0, 1_000_000),
    headersTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs: intVar(env, 'SIBYL_IDLE_TIMEOUT_MS', 120_000, 100, 3_600_000),
  };
}

/** The NegRiskAdapter's address (0x + 40 hex), default the real adapter on Polygon. */
function parseNegRiskAdapter(raw: string | undefined): string {
  if (raw === undefined) return '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296';
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) throw new ConfigError('SIBYL_NEG_RISK_ADAPTER', raw, 'an address: 0x followed by 40 hex digits');
  return raw;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const dataDirRaw = optional(env, 'SIBYL_DATA_DIR') ?? './data';
  const logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', logLevel, LOG_LEVELS.join(', '));
  const adminToken = optional(env, 'SIBYL_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('SIBYL_ADMIN_TOKEN', '<hidden>', 'at least 16 characters');
  }
  const chainId = intVar(env, 'SIBYL_CHAIN_ID', 137, 1, 2 ** 31 - 1);
  const retired = Object.keys(RETIRED).filter((k) => optional(env, k) !== undefined).map((k) => RETIRED[k]!);
  return {
    ...(retired.length > 0 ? { retired } : {}),
    host,
    port: intVar(env, 'PORT', 8080, 0, 65535),
    dataDir: isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw),
    databaseUrl: parseDatabaseUrl(optional(env, 'DATABASE_URL')),
    redisUrl: parseRedisUrl(optional(env, 'REDIS_URL')),
    demo: parseSwitch('SIBYL_DEMO', optional(env, 'SIBYL_DEMO')),
    commitProbe: parseSwitch('SIBYL_COMMIT_PROBE', optional(env, 'SIBYL_COMMIT_PROBE')),
    cacheBytes: intVar(env, 'SIBYL_CACHE_MB', DEFAULT_CACHE_MB, 0, 1_048_576) * 1_048_576,
    adminToken,
    rateLimits: parseRateLimits(optional(env, 'SIBYL_RATE_LIMITS')),
    dataAllowlist: parseAllowlist(optional(env, 'SIBYL_DATA_ALLOWLIST')),
    trustProxy: parseTrustProxy(optional(env, 'SIBYL_TRUST_PROXY')),
    heartbeatTimeoutMs: intVar(env, 'SIBYL_HEARTBEAT_TIMEOUT_MS', 10_000, 100, 3_600_000),
    authWindowS: intVar(env, 'SIBYL_AUTH_WINDOW_S', 30, 1, 86_400),
    refuseL2Replays: optional(env, 'SIBYL_REFUSE_L2_REPLAYS') !== undefined && parseSwitch('SIBYL_REFUSE_L2_REPLAYS', optional(env, 'SIBYL_REFUSE_L2_REPLAYS')),
    replayMax: intVar(env, 'SIBYL_REPLAY_MAX', 500_000, 1, 100_000_000),
    chainId,
    headerPrefixes: parsePrefixes(optional(env, 'SIBYL_HEADER_PREFIXES')),
    masterKey: parseMasterKey(optional(env, 'SIBYL_MASTER_KEY')),
    logLevel,
    bodyLimit: intVar(env, 'SIBYL_BODY_LIMIT', 1_048_576, 1024, 64 * 1_048_576),
    ...edgeConfig(env),
    wsPort: optional(env, 'SIBYL_WS_PORT') === undefined ? undefined : intVar(env, 'SIBYL_WS_PORT', 0, 0, 65535),
    wsMaxAssets: intVar(env, 'SIBYL_WS_MAX_ASSETS', 500, 1, 100_000),
    wsDumpBytesPerS: intVar(env, 'SIBYL_WS_DUMP_BYTES_PER_S', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    wsQueueBytes: intVar(env, 'SIBYL_WS_QUEUE_BYTES', 64 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    negRiskAdapter: parseNegRiskAdapter(optional(env, 'SIBYL_NEG_RISK_ADAPTER')),
    bots: botsConfig(env, chainId),
    sandbox: sandboxConfig(env),
    cluster: clusterConfig(env, host, intVar(env, 'PORT', 8080, 0, 65535)),
  };
}
