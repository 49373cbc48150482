/**
 * API keys: create, derive, list, revoke, and the hot-path lookup used by L2 verification.
 * The table holds no secret (credentials.ts recomputes them). Lookups are cached in memory for
 * `cacheTtlMs`: a revocation is immediate on the instance that handled it and reaches other
 * instances sharing the database within that time.
 */
import type { Store } from '../store/db.js';
import { ApiError } from '../errors/catalogue.js';
import { deriveCredentials, UUID_SHAPE, type Credentials } from './credentials.js';
import { decodeSecret } from './hmac.js';

export interface KeyRecord {
  apiKey: string;
  address: string;
  passphrase: string;
  /** The passphrase's UTF-8 bytes, for the constant-time comparison. */
  passphraseBytes: Buffer;
  /** The decoded HMAC key. */
  secret: Buffer;
}

const CACHE_MAX = 100_000;
/** The nonce of builder keys (`createBuilder`): no L1 client signs it, so they never collide with a client's own keys. */
export const BUILDER_NONCE = 'builder';

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class ApiKeys {
  private readonly cache = new Map<string, { rec: KeyRecord; until: number }>();
  /** Bumped before and after every revocation: a lookup whose read overlapped one does not cache its answer. */
  private revocations = 0;

  constructor(
    private readonly store: Store,
    private readonly master: Buffer,
    private readonly now: () => number,
    private readonly cacheTtlMs = 5_000,
  ) {}

  /** POST /auth/api-key: a new key for (address, nonce); 400 when one is active. */
  async create(address: string, nonce: string): Promise<Credentials> {
    const fail = () => new ApiError('bad_request', 'Could not create api key');
    const rows = await this.generations(address, nonce);
    if (rows.some((r) => r.revoked_at === null)) throw fail();
    return this.insert(address, nonce, rows, fail);
  }

  /**
   * POST /auth/builder-api-key (the /clob mount): one more builder key of `address` — the nonce
   * `BUILDER_NONCE`, the next generation, any number active at once. A builder key is an API key
   * like any other: it signs builder headers (and L2 requests) as its address.
   */
  async createBuilder(address: string): Promise<Credentials> {
    return this.insert(address, BUILDER_NONCE, await this.generations(address, BUILDER_NONCE), () => new ApiError('bad_request', 'Could not create builder api key'));
  }

  /** GET /auth/builder-api-key: the builder keys of `address`, oldest first, revoked ones too (`revokedAt`, ms). */
  async listBuilder(address: string): Promise<Array<{ key: string; createdAt: number; revokedAt: number | null }>> {
    const rows = await this.store.db.selectFrom('api_keys').select(['api_key', 'created_at', 'revoked_at'])
      .where('address', '=', address).where('nonce', '=', BUILDER_NONCE).orderBy('generation').execute();
    return rows.map((r) => ({ key: r.api_key, createdAt: Number(r.created_at), revokedAt: r.revoked_at === null ? null : Number(r.revoked_at) }));
  }

  private generations(address: string, nonce: string): Promise<Array<{ generation: number; revoked_at: number | null }>> {
    return this.store.db.selectFrom('api_keys').select(['generation', 'revoked_at']).where('address', '=', address).where('nonce', '=', nonce).execute();
  }

  /** Stores the key of (address, nonce) one generation past `rows`; `fail()` when a concurrent create took it. */
  private async insert(address: string, nonce: string, rows: Array<{ generation: number }>, fail: () => ApiError): Promise<Credentials> {
    const generation = rows.reduce((g, r) => Math.max(g, r.generation + 1), 0);
    const creds = deriveCredentials(this.master, address, nonce, generation);
    try {
      await this.store.db.insertInto('api_keys').values({
        api_key: creds.apiKey, address, nonce, generation, created_at: this.now(), revoked_at: null,
      }).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(); // a concurrent create won
      throw err;
    }
    return creds;
  }

  /** GET /auth/derive-api-key: the active key of (address, nonce); 400 when none. */
  async derive(address: string, nonce: string): Promise<Credentials> {
    const row = await this.store.db.selectFrom('api_keys').select('generation')
      .where('address', '=', address).where('nonce', '=', nonce).where('revoked_at', 'is', null).executeTakeFirst();
    if (!row) throw new ApiError('bad_request', 'Could not derive api key!');
    return deriveCredentials(this.master, address, nonce, row.generation);
  }

  /** The active API keys of an address, oldest first. */
  async list(address: string): Promise<string[]> {
    const rows = await this.store.db.selectFrom('api_keys').select('api_key')
      .where('address', '=', address).where('revoked_at', 'is', null)
      .orderBy('created_at').orderBy('api_key').execute();
    return rows.map((r) => r.api_key);
  }

  /** The addresses that created a key at or after `sinceMs` (revoked or not), with the latest such time (the relayer's deposit wallets: src/trading/signed/deposit-wallets.ts). */
  async holdersSince(sinceMs: number): Promise<Array<{ address: string; createdAt: number }>> {
    const rows = await this.store.db.selectFrom('api_keys').select(['address', (eb) => eb.fn.max('created_at').as('created_at')])
      .where('created_at', '>=', sinceMs).groupBy('address').execute();
    return rows.map((r) => ({ address: r.address, createdAt: Number(r.created_at) }));
  }

  /** Revokes a key (idempotent); true when it was active. */
  async revoke(apiKey: string): Promise<boolean> {
    this.revocations++;
    this.cache.delete(apiKey);
    const res = await this.store.db.updateTable('api_keys').set({ revoked_at: this.now() })
      .where('api_key', '=', apiKey).where('revoked_at', 'is', null).executeTakeFirst();
    this.revocations++; // again: a read that overlapped the update (a PostgreSQL pool runs them side by side)
    this.cache.delete(apiKey);
    return Number(res.numUpdatedRows) > 0;
  }

  /** Forgets every cached key (the venue was reset: src/sandbox/reset.ts); reads overlapping it do not cache. */
  forgetAll(): void {
    this.revocations++;
    this.cache.clear();
  }

  /**
   * The cached record of an active key, without touching the database: undefined when the key
   * is not cached (or its entry expired). The hot path of L2 verification tries this first.
   */
  cached(apiKey: string): KeyRecord | undefined {
    const hit = this.cache.get(apiKey);
    return hit !== undefined && hit.until > performance.now() ? hit.rec : undefined;
  }

  /** The active key with this id, or undefined. Cached; never throws for a malformed id. */
  async lookup(apiKey: string): Promise<KeyRecord | undefined> {
    if (!UUID_SHAPE.test(apiKey)) return undefined;
    const t = performance.now();
    const hit = this.cache.get(apiKey);
    if (hit && hit.until > t) return hit.rec;
    const epoch = this.revocations;
    const row = await this.store.db.selectFrom('api_keys').select(['address', 'nonce', 'generation'])
      .where('api_key', '=', apiKey).where('revoked_at', 'is', null).executeTakeFirst();
    if (!row) {
      this.cache.delete(apiKey);
      return undefined;
    }
    const creds = deriveCredentials(this.master, row.address, row.nonce, row.generation);
    if (creds.apiKey !== apiKey) return undefined; // derived with another master key: unusable
    const rec: KeyRecord = {
      apiKey, address: row.address, passphrase: creds.passphrase, passphraseBytes: Buffer.from(creds.passphrase, 'utf8'), secret: decodeSecret(creds.secret),
    };
    // A revocation that ran while this read was in flight may have made the row stale: answer, don't cache.
    if (epoch !== this.revocations) return rec;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(apiKey, { rec, until: t + this.cacheTtlMs });
    return rec;
  }
}
