/**
 * Bots test kit: a service in `ctf` token-id mode listening on a real port, wallets driving the
 * unmodified `@polymarket/clob-client` (5.8.1) and `@polymarket/clob-client-v2`, and ledger reads
 * straight from the exchange (what the clients' answers are checked against).
 */
import { createWalletClient, http, type WalletClient } from 'viem';
import { polygon } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { insertEvent, upsertTag } from '../../src/catalog/write.js';
import type { TestService } from '../support/service.js';
import { ADMIN } from '../trading/kit.js';

export interface Wallet { account: PrivateKeyAccount; signer: WalletClient; address: string }

export function newWallet(): Wallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, address: account.address, signer: createWalletClient({ account, chain: polygon, transport: http('http://127.0.0.1:9') }) };
}

let seq = 0;
/** A market registered in the exchange; `negRisk`: in a neg-risk event. */
export async function market(svc: TestService, opts: { negRisk?: boolean; takerFee?: number } = {}): Promise<string> {
  const now = Date.now();
  await upsertTag(svc.store.db, { label: 'Bots', slug: 'bots' }, now);
  const created = await insertEvent(svc.store.db, {
    slug: `bots-${process.pid}-${++seq}-${now}`, title: 'Bots test', tags: ['bots'], negRisk: opts.negRisk ?? false,
    markets: [{ question: 'Will it?', slug: `bots-m-${process.pid}-${seq}-${now}`, minimumTickSize: 10_000, minimumOrderSize: 5_000_000, takerBaseFee: opts.takerFee ?? 0 }],
  }, now);
  const cid = created.markets[0]!.conditionId;
  await svc.services.exchange.syncMarket(cid);
  return cid;
}

export async function admin(svc: TestService, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return svc.app.inject({ method, url, headers: { authorization: `Bearer ${ADMIN}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Collateral (or a token's) balance in micro-units, from the exchange's ledger. */
export function ledger(svc: TestService, address: string, asset = 'USDC'): { free: number; reserved: number; total: number } {
  const b = svc.services.exchange.core.balance(address, asset);
  return { free: b.free, reserved: b.reserved, total: b.free + b.reserved };
}

/** The book of a token as GET /book shows it (bids and asks as [price, size] strings). */
export async function book(svc: TestService, tokenId: string) {
  const r = await svc.app.inject({ method: 'GET', url: `/book?token_id=${tokenId}` });
  const b = r.json() as { asset_id: string; bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> };
  return { asset_id: b.asset_id, bids: b.bids, asks: b.asks };
}

const VENUE_NAMES: Record<'order' | 'trade', Record<string, string>> = {
  order: { assetId: 'asset_id', originalSize: 'original_size', type: 'order_type' },
  trade: { type: 'trader_side' },
};

/**
 * The name of a field of an order (or a trade) as `mount` answers it: the spec's at the root
 * (`assetId`, `type`), the venue's at /clob (`asset_id`, `order_type`, `trader_side`).
 */
export function fieldIn(mount: string): (spec: string, of?: 'order' | 'trade') => string {
  return (spec, of = 'order') => (mount === '' ? spec : VENUE_NAMES[of][spec] ?? spec);
}
