/**
 * Row types of the authentication tables (migration 0004_auth). Secrets and passphrases are
 * never stored: they are recomputed from the server master key (src/auth/credentials.ts).
 */
type Flag = number; // 0 | 1
type Ms = number; // Unix milliseconds

/** One API key. Its credentials are HMAC-derived from (address, nonce, generation). */
export interface ApiKeysTable {
  /** The API key itself (UUID-shaped). */
  api_key: string;
  /** EIP-55 checksummed address of the wallet the key belongs to. */
  address: string;
  /** The L1 nonce (a uint256 as a decimal string). */
  nonce: string;
  /** How many keys of (address, nonce) were revoked before this one. */
  generation: number;
  created_at: Ms;
  revoked_at: Ms | null;
}

/** One dead-man's-switch session per address (src/heartbeats/). */
export interface HeartbeatSessionsTable {
  address: string;
  heartbeat_id: string;
  last_beat_ms: Ms;
  armed: Flag;
}

export interface AuthTables {
  api_keys: ApiKeysTable;
  heartbeat_sessions: HeartbeatSessionsTable;
}
