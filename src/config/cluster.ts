/**
 * Settings of a cluster of instances over one PostgreSQL (src/cluster/README.md,
 * docs/deployment.md). Read with the rest of the configuration (config.ts); bad values stop the start.
 */
import { hostname } from 'node:os';
import { ConfigError, intVar as int, type Env } from './errors.js';

export interface ClusterConfig {
  /** SIBYL_ADVERTISE_URL: where the other instances forward writes while this one is the writer. */
  advertiseUrl: string;
  /** SIBYL_LEASE_TIMEOUT_MS: a writer lease not renewed for this long is taken over (default 5000). */
  leaseTimeoutMs: number;
  /** SIBYL_FOLLOW_POLL_MS: how often a follower polls PostgreSQL while Redis is unreachable (default 200). */
  followPollMs: number;
  /** SIBYL_JOURNAL_KEEP: committed batches the journal keeps at least, for followers and takeovers (default 50000). */
  journalKeep: number;
}

export function clusterConfig(env: Env, host: string, port: number): ClusterConfig {
  const raw = env.SIBYL_ADVERTISE_URL?.trim();
  let advertiseUrl: string;
  if (raw) {
    if (!/^https?:\/\/[^/\s]+\/?$/.test(raw)) throw new ConfigError('SIBYL_ADVERTISE_URL', raw, 'an http(s)://host:port URL without a path');
    advertiseUrl = raw.replace(/\/$/, '');
  } else {
    const h = host === '0.0.0.0' || host === '::' ? hostname() : host;
    advertiseUrl = `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
  }
  return {
    advertiseUrl,
    leaseTimeoutMs: int(env, 'SIBYL_LEASE_TIMEOUT_MS', 5000, 1000, 600_000),
    followPollMs: int(env, 'SIBYL_FOLLOW_POLL_MS', 200, 10, 60_000),
    journalKeep: int(env, 'SIBYL_JOURNAL_KEEP', 50_000, 1000, 10_000_000),
  };
}
