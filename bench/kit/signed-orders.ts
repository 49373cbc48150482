/**
 * V1 EIP-712 signed orders for the trading bench (issue #28): a pool signed before the load with
 * @noble/curves, so the bench client spends no time signing while it measures the server. Each
 * order has its own salt (the server refuses a replayed signed order); the token id is the
 * market's CTF position id (its token id).
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import type { Hex } from 'viem';
import { marketTokenIds } from '../../src/domain/ctf-ids.js';
import { orderDigest } from '../../src/trading/signed/hashing.js';
import { messageOf, type PostedOrder } from '../../src/trading/signed/typed-data.js';
import type { Trader } from './client.js';

const EXCHANGE = '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E';
let salt = 1_000_000;

/** `count` signed resting BUYs of `t` (private key `key`) on outcome 0 of `cid`, prices cycling over 20 levels. */
export function signedOrderPool(t: Trader, key: Hex, cid: string, count: number): string[] {
  const tokenId = marketTokenIds(cid, false)[0];
  const priv = key.slice(2);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const price = BigInt((5 + (i % 20)) * 10_000);
    const size = 5_000_000n;
    const o: PostedOrder = {
      salt: ++salt, maker: t.address, signer: t.address, taker: '0x0000000000000000000000000000000000000000', tokenId,
      makerAmount: String((price * size) / 1_000_000n), takerAmount: String(size), expiration: '0', nonce: '0', feeRateBps: '0',
      side: 'BUY', signatureType: 0,
    };
    const digest = orderDigest(1, 137, EXCHANGE, messageOf(o, 1, BigInt(tokenId)));
    const sig = secp256k1.sign(digest.slice(2), priv);
    const signature = `0x${sig.toCompactHex()}${(27 + sig.recovery).toString(16)}`;
    out.push(JSON.stringify({ order: { ...o, signature }, owner: t.apiKey, orderType: 'GTC' }));
  }
  return out;
}
