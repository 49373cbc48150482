/**
 * The user channel's credentials check (docs/venue.md §9): the first message carries the L2 API
 * key, secret and passphrase; they must be an active key's, compared in constant time — the
 * same facts L2 checks (src/auth/README.md), without a signature since there is no request to
 * sign. Here at the edge, handed to the streams service with each socket.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ApiKeys } from '../../auth/keys.js';
import { decodeSecret, safeEqual } from '../../auth/hmac.js';

export function credentialsCheck(keys: ApiKeys) {
  return async (auth: unknown): Promise<{ address: string; apiKey: string } | null> => {
    if (typeof auth !== 'object' || auth === null) return null;
    const { apiKey, secret, passphrase } = auth as Record<string, unknown>;
    if (typeof apiKey !== 'string' || typeof secret !== 'string' || typeof passphrase !== 'string') return null;
    const rec = keys.cached(apiKey) ?? await keys.lookup(apiKey);
    if (rec === undefined) return null;
    const given = decodeSecret(secret);
    const secretOk = given.length === rec.secret.length && timingSafeEqual(given, rec.secret);
    const passOk = safeEqual(rec.passphraseBytes, passphrase);
    return secretOk && passOk ? { address: rec.address, apiKey: rec.apiKey } : null;
  };
}
