/**
 * Settings of the living sandbox (docs/sandbox.md): the simulated traders and the order-book
 * history. Read with the rest of the configuration (config.ts); bad values stop the start.
 */
import { ConfigError, intVar as int, type Env } from './errors.js';

export interface SandboxConfig {
  /** SIBYL_DEMO_LIVE: simulated traders; undefined = on when the demo data set is loaded, off otherwise. */
  live: boolean | undefined;
  /** SIBYL_DEMO_RATE: simulated orders per second across the venue. */
  rate: number;
  /** SIBYL_DEMO_SEED: the simulation's seed (fair-price walks, choices, account addresses). */
  seed: number;
  /** SIBYL_DEMO_RETENTION_H: hours the simulated accounts' closed orders, trades and journal rows are kept. */
  retentionH: number;
  /** SIBYL_BOOK_HISTORY_S: at most one stored snapshot per book per this many seconds; 0 turns the history off. */
  bookHistoryS: number;
  /** SIBYL_BOOK_HISTORY_DAYS: snapshots older than this many days are pruned. */
  bookHistoryDays: number;
}

function live(raw: string | undefined): boolean | undefined {
  const v = raw?.trim();
  if (v === undefined || v === '') return undefined;
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new ConfigError('SIBYL_DEMO_LIVE', v, '1 or 0');
}

export function sandboxConfig(env: Env): SandboxConfig {
  return {
    live: live(env.SIBYL_DEMO_LIVE),
    rate: int(env, 'SIBYL_DEMO_RATE', 5, 0, 1000),
    seed: int(env, 'SIBYL_DEMO_SEED', 29, 0, 2 ** 31 - 1),
    retentionH: int(env, 'SIBYL_DEMO_RETENTION_H', 12, 1, 24 * 3650),
    bookHistoryS: int(env, 'SIBYL_BOOK_HISTORY_S', 60, 0, 86_400),
    bookHistoryDays: int(env, 'SIBYL_BOOK_HISTORY_DAYS', 30, 1, 3650),
  };
}
