/**
 * Builds the bots' pieces once, in the composition root (src/server.ts): the token-id codec
 * from the config and the catalog's markets (installed for the process; its ids derived in the
 * background, a few markets at a time), the signed-order store (links loaded) and the gate.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.js';
import type { ExchangeService } from '../../exchange/service.js';
import { installTokenCodec, TokenCodec } from '../../domain/token-codec.js';
import { SignedOrderStore } from './store.js';
import { SignedOrderGate } from './gate.js';

/** In seed mode, catalogs up to this many markets get their position ids derived at start (~0.6 ms a market). */
export const SEED_DERIVE_MAX = 20_000;

export interface Bots { codec: TokenCodec; store: SignedOrderStore; gate: SignedOrderGate; derived: Promise<void> }

export async function setupBots(db: Kysely<any>, config: Config, exchange: ExchangeService, now: () => number): Promise<Bots> {
  const { bots } = config;
  const codec = new TokenCodec({ mode: bots.tokenIds, collateral: bots.collateral, negRiskCollateral: bots.negRiskCollateral });
  const rows = await (db as Kysely<{ markets: { condition_id: string; neg_risk: number } }>)
    .selectFrom('markets').select(['condition_id', 'neg_risk']).execute();
  for (const r of rows) codec.learn(r.condition_id, Number(r.neg_risk) === 1, false);
  const sources = await (db as Kysely<{ token_sources: { token_id: string; source_id: string } }>)
    .selectFrom('token_sources').select(['token_id', 'source_id']).execute();
  for (const r of sources) codec.alias(r.token_id, r.source_id); // imported markets keep their source's ids
  installTokenCodec(codec);
  // Markets created after the start through another instance (src/cluster: creations are
  // forwarded to the writer) reach this one in the exchange's committed batches.
  exchange.subscribe({
    committed: (batch) => {
      for (const m of batch.markets) if (!codec.knows(m.conditionId)) codec.learn(m.conditionId, m.negRisk !== undefined);
    },
  });
  // ctf mode needs every id; seed mode accepts position ids as a courtesy, so a large catalog
  // (the 300,000-market scale set: minutes of CPU) is not derived there — docs/bots.md.
  const derived = bots.tokenIds === 'ctf' || rows.length <= SEED_DERIVE_MAX ? codec.deriveAll() : Promise.resolve();
  const store = new SignedOrderStore(db);
  await store.load();
  const gate = new SignedOrderGate({ exchange, store, chainId: config.chainId, bots, now });
  return { codec, store, gate, derived };
}
