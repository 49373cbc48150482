/**
 * Data API benchmarks (issue #7), on a data set built with real exchange commands before the
 * server starts:
 * - wallet W: 250 markets × 2 splits → 500 positions and 501 activity rows; a market maker
 *   quotes every market, so each position has a live midpoint;
 * - market H: 10,000 wallets deposit and split varied amounts → 10,000 holders per token
 *   (every tenth wallet has a profile).
 * Targets (ratio to `GET /`): /positions per sort order ≥ 0.3, /activity page of 500 ≥ 0.3,
 * /holders limit 100 ≥ 0.3.
 */
import { createHash } from 'node:crypto';
import { getAddress } from 'viem';
import { loadConfig } from '../src/config/config.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { insertEvent, upsertProfile } from '../src/catalog/write.js';
import { ExchangeService } from '../src/exchange/service.js';
import type { CommandBody } from '../src/core/index.js';
import { POSITION_SORTS } from '../src/dataapi/positions.js';
import type { HttpScenario, HttpSuite } from './types.js';

const POSITION_MARKETS = 250;
const HOLDERS = 10_000;
const MICRO = 1_000_000;

function wallet(label: string): string {
  return getAddress(`0x${createHash('sha256').update(label).digest('hex').slice(0, 40)}`);
}

const W = wallet('bench-positions');
const MM = wallet('bench-market-maker');

/** Condition ids are derived from a fixed label so that scenarios can name them without a lookup. */
function conditionId(label: string): string {
  return `0x${createHash('sha256').update(label).digest('hex')}`;
}
const H = conditionId('bench-holders-market');

async function prepare(dataDir: string, env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, SIBYL_DATA_DIR: dataDir, SIBYL_DEMO: '0' });
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(store);
  const now = Date.now();
  const markets = Array.from({ length: POSITION_MARKETS }, (_, i) => ({
    question: `Bench market ${String(i).padStart(3, '0')}: will it happen?`, slug: `bench-m-${i}`,
    conditionId: conditionId(`bench-m-${i}`), endDate: now + (i % 37) * 86_400_000,
  }));
  await insertEvent(store.db, { slug: 'bench-positions', title: 'Bench positions', markets }, now);
  await insertEvent(store.db, { slug: 'bench-holders', title: 'Bench holders', markets: [{ question: 'Holders?', slug: 'bench-holders-m', conditionId: H }] }, now);
  const ex = await ExchangeService.open(store);
  const ok = async (cmd: Exclude<CommandBody, { type: 'cancel' | 'cancel-all' | 'cancel-market' | 'expire' }>) => {
    const r = await ex.submit(cmd);
    if (!r.ok) throw new Error(`bench prepare: ${r.reject.message}`);
  };
  await ok({ type: 'deposit', wallet: W, amount: 1_000_000 * MICRO });
  await ok({ type: 'deposit', wallet: MM, amount: 1_000_000 * MICRO });
  for (let i = 0; i < POSITION_MARKETS; i++) {
    const cid = markets[i]!.conditionId;
    await Promise.all([
      ok({ type: 'split', wallet: W, conditionId: cid, amount: (1 + (i % 50)) * MICRO }),
      ok({ type: 'split', wallet: W, conditionId: cid, amount: (1 + (i % 7)) * MICRO }),
      ok({ type: 'split', wallet: MM, conditionId: cid, amount: 100 * MICRO }),
    ]);
    const mid = 300_000 + (i % 40) * 10_000;
    await Promise.all([
      ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(cid)![0], side: 'BUY', price: mid - 20_000, size: 10 * MICRO, type: 'GTC' } }),
      ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(cid)![0], side: 'SELL', price: mid + 20_000, size: 10 * MICRO, type: 'GTC' } }),
    ]);
  }
  for (let start = 0; start < HOLDERS; start += 500) {
    const wave = [];
    for (let i = start; i < Math.min(HOLDERS, start + 500); i++) {
      const w = wallet(`bench-holder-${i}`);
      const shares = 1 + (i % 997);
      wave.push(ok({ type: 'deposit', wallet: w, amount: shares * MICRO }).then(() => ok({ type: 'split', wallet: w, conditionId: H, amount: shares * MICRO })));
      if (i % 10 === 0) wave.push(upsertProfile(store.db, { address: w, name: `holder ${i}`, pseudonym: `Holder-${i}` }, now));
    }
    await Promise.all(wave);
  }
  await ex.close();
  await store.close();
}

const positionScenarios: HttpScenario[] = POSITION_SORTS.map((sortBy) => ({
  name: `GET /positions 500 positions sortBy=${sortBy}`,
  target: 0.3,
  requests: async () => ['DESC', 'ASC'].map((d) => ({ path: `/positions?user=${W}&sortBy=${sortBy}&sortDirection=${d}` })),
}));

export const dataApiSuite: HttpSuite = {
  name: 'dataapi',
  server: {
    id: 'dataapi',
    env: { SIBYL_DEMO: '0' },
    prepare: { cacheKey: 'v2', run: prepare },
  },
  scenarios: [
    ...positionScenarios,
    { name: 'GET /activity limit=500', target: 0.3, requests: async () => [{ path: `/activity?user=${W}&limit=500` }] },
    { name: 'GET /holders 10k holders limit=100', target: 0.3, requests: async () => [{ path: `/holders?market=${H}&limit=100` }] },
  ],
};
