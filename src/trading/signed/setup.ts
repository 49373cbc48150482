/**
 * Builds the bots' pieces once, in the composition root (src/server.ts): the signed-order store
 * (links loaded) and the gate that verifies signed orders against their market's domain.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.js';
import type { ExchangeService } from '../../exchange/service.js';
import { SignedOrderStore } from './store.js';
import { SignedOrderGate } from './gate.js';
import type { Signers } from './ecdsa.js';

export interface Bots { store: SignedOrderStore; gate: SignedOrderGate }

export async function setupBots(db: Kysely<any>, config: Config, exchange: ExchangeService, now: () => number, signers: Signers): Promise<Bots> {
  const store = new SignedOrderStore(db);
  await store.load();
  const gate = new SignedOrderGate({ exchange, store, chainId: config.chainId, bots: config.bots, signers, now });
  return { store, gate };
}
