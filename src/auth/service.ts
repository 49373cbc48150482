/**
 * The authentication service handed to routes as `services.auth`:
 * - `requireL2` — a fastify preHandler; on success `req.auth = { address, apiKey }`;
 * - `verifyL1(req)` — the wallet identity of an L1 request (create/derive API keys);
 * - `verifyBuilder(req)` — the builder's API key from optional builder headers, or undefined;
 * - `createApiKey(req)`, `deriveApiKey(req)` — the credentials of an L1 request's wallet;
 * - `keys` — API key storage (create, derive, list, revoke);
 * - `close()` — stops the replay check (the Redis link it was given is closed by src/server.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import type { Store } from '../store/db.js';
import type { RedisLink } from '../store/redis.js';
import { headerReader } from './headers.js';
import { ApiKeys } from './keys.js';
import type { Credentials } from './credentials.js';
import { verifyL1, type L1Identity } from './l1.js';
import type { Signers } from '../trading/signed/ecdsa.js';
import { verifyBuilderHeaders, verifyL2, type AuthContext, type L2Deps } from './l2.js';
import { loadMasterKey } from './master-key.js';
import { MemoryReplaySet, type ReplayGuard } from './replay.js';
import { RedisReplayGuard } from './replay-redis.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `services.auth.requireL2`: the authenticated wallet and API key. */
    auth?: import('./l2.js').AuthContext;
  }
}

export interface AuthService {
  keys: ApiKeys;
  /** A fastify hook (preValidation or preHandler): `req.auth` on success, a 401 error otherwise. */
  requireL2(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void;
  verifyL1(req: FastifyRequest): Promise<L1Identity>;
  verifyBuilder(req: FastifyRequest): Promise<string | undefined>;
  /** New credentials for the L1 request's wallet and nonce (`POST /auth/api-key`). */
  createApiKey(req: FastifyRequest): Promise<Credentials>;
  /** The existing credentials of the L1 request's wallet and nonce (`GET /auth/derive-api-key`). */
  deriveApiKey(req: FastifyRequest): Promise<Credentials>;
  /** The replay check of L2 writes (src/auth/replay.ts): only with SIBYL_REFUSE_L2_REPLAYS=1. */
  replay: ReplayGuard | undefined;
  close(): Promise<void>;
}

/** The authenticated caller of a route behind `requireL2` (500 if the route forgot the guard). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error(`route ${req.routeOptions.url} used authOf without requireL2`);
  return req.auth;
}

export async function createAuthService(
  opts: { config: Config; store: Store; now(): number; signers: Signers; warn?: (msg: string) => void; cacheTtlMs?: number; redis?: RedisLink },
): Promise<AuthService> {
  const { config, store, now } = opts;
  const master = await loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir, store, warn: opts.warn });
  const keys = new ApiKeys(store, master, now, opts.cacheTtlMs);
  const header = headerReader(config.headerPrefixes);
  const replay = config.refuseL2Replays ? replayGuard(config, opts.redis) : undefined;
  const deps: L2Deps = { keys, header, windowS: config.authWindowS, now, replay };
  const l1 = (req: FastifyRequest) => verifyL1(req, { header, chainId: config.chainId, windowS: config.authWindowS, nowMs: now(), signers: opts.signers });
  return {
    keys,
    replay,
    close: async () => { await replay?.close(); },
    // A callback-style hook: with the key cached, the whole check runs in the hook's own call.
    requireL2: (req, _reply, done) => {
      let r: AuthContext | Promise<AuthContext>;
      try {
        r = verifyL2(req, deps);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (r instanceof Promise) {
        r.then((auth) => { req.auth = auth; done(); }, (err: Error) => done(err));
      } else {
        req.auth = r;
        done();
      }
    },
    verifyL1: (req) => l1(req),
    createApiKey: async (req) => {
      const who = await l1(req);
      return keys.create(who.address, who.nonce);
    },
    deriveApiKey: async (req) => {
      const who = await l1(req);
      return keys.derive(who.address, who.nonce);
    },
    verifyBuilder: (req) => verifyBuilderHeaders(req, deps),
  };
}

/** Shared through the process's Redis link when there is one (keys under `<SIBYL_RATE_LIMIT_PREFIX>replay:`), else in memory. */
function replayGuard(config: Config, link: RedisLink | undefined): ReplayGuard {
  if (link === undefined) return new MemoryReplaySet(config.replayMax, config.authWindowS);
  return new RedisReplayGuard({ link, prefix: `${config.rateLimitPrefix}replay:`, max: config.replayMax, windowS: config.authWindowS });
}
