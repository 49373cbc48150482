/**
 * Verifies a posted order's EIP-712 signature (docs/venue.md §10, docs/bots.md) before it is placed:
 * the struct version, the domain of the order's market (the exchange or the neg-risk exchange of
 * the configured chain), who signed it and for whom, and the fee rate. Pure apart from the links
 * it is given; each refusal has its own `code` and a message naming the cause. On a bad
 * signature the other known domains are tried, so a signature made for another chain or contract
 * is named as such (`wrong_domain`) rather than as a forgery — only on the refusal path.
 * Signature type 3 (the deposit wallet of `@polymarket/client`) is checked by verify-wallet.ts.
 */
import { getAddress, type Hex } from 'viem';
import { orderDigest } from './hashing.js';
import type { InputReject } from '../order-input.js';
import { domainOf, messageOf, versionOf, type PostedOrder } from './typed-data.js';
import { badV, outOfRange } from './ranges.js';
import { contractOf, describe, otherDomains, rej, sameAddress, V3_EXCHANGES, wrongDomain, type OrderFacts, type Verified, type VerifyContext } from './checks.js';
import { verifyWalletOrder } from './verify-wallet.js';

export { contractOf, type OrderFacts, type Verified, type VerifyContext };

/** Verifies the signature and the signer/maker relation; returns who owns the order, or a refusal. */
export function verifySignedOrder(o: PostedOrder, keyAddress: string, facts: OrderFacts, ctx: VerifyContext): Verified | InputReject {
  const version = versionOf(o);
  const sigType = o.signatureType ?? 0;
  if (sigType === 3) return verifyWalletOrder(o, keyAddress, facts, ctx);
  if (sigType !== 0 && sigType !== 1 && sigType !== 2) {
    return rej('unsupported_signature_type', `signature type ${sigType} is not supported: use 0 (EOA), 1 (proxy), 2 (Gnosis safe) or 3 (deposit wallet)`, { field: 'signatureType' });
  }
  if (typeof o.signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(o.signature)) {
    return rej('invalid_signature', 'the order signature must be a 65-byte ECDSA signature (0x + 130 hex digits)', { field: 'signature' });
  }
  const vRefused = badV(o.signature);
  if (vRefused !== undefined) return vRefused;
  const range = outOfRange(o); // before anything is hashed: the encoder throws past a type's range
  if (range !== undefined) return range;
  if (!sameAddress(o.signer, keyAddress)) {
    return rej('signer_mismatch', `the order signer ${o.signer} is not the address of the API key (${keyAddress})`, { field: 'signer', expected: keyAddress });
  }
  if (sigType === 0 && !sameAddress(o.maker, o.signer)) {
    return rej('maker_mismatch', `signature type 0 (EOA): the maker ${o.maker} must be the signer ${o.signer}`, { field: 'maker' });
  }
  if (sigType !== 0 && !sameAddress(o.maker, o.signer) && !ctx.isLinked(o.maker.toLowerCase(), o.signer.toLowerCase())) {
    return rej('maker_not_linked', `the maker ${o.maker} is not linked to the signer ${o.signer}: the operator links a funder wallet with POST /admin/wallets/{funder}/signers`, { field: 'maker' });
  }
  if (version === 1) {
    const fee = BigInt(o.feeRateBps ?? '0');
    if (fee < BigInt(facts.takerFeeBps)) {
      return rej('fee_rate_too_low', `invalid fee rate (${fee}): the market's taker fee is ${facts.takerFeeBps} bps`, { field: 'feeRateBps', min: facts.takerFeeBps });
    }
  }
  const message = messageOf(o, version, facts.positionId);
  const signature = o.signature as Hex;
  const expected = domainOf(version, ctx.chainId, contractOf(ctx.bots, version, facts.negRisk));
  const hash = orderDigest(version, ctx.chainId, expected.verifyingContract as string, message);
  const checked = ctx.signers.checkSigner(o.signer, hash, signature);
  if (checked.ok) return { hash, version, signer: getAddress(o.signer), wallet: getAddress(o.maker) };
  const address = checked.recovered;
  for (const d of otherDomains(ctx, version, expected)) {
    const other = ctx.signers.recoverSigner(orderDigest(version, d.chainId as number, d.verifyingContract as string, message), signature);
    if (other !== null && sameAddress(other.address, o.signer)) {
      return wrongDomain(d, expected, version, facts.negRisk);
    }
  }
  if (version === 2) { // clob-client-v2's exchange V3 (domain version "3"): recognised, not supported
    for (const [chainId, contract] of V3_EXCHANGES) {
      const v3 = ctx.signers.recoverSigner(orderDigest(2, chainId, contract, message, 3), signature);
      if (v3 !== null && sameAddress(v3.address, o.signer)) {
        return rej('unsupported_order_version', `the order is signed for the exchange V3 domain (version "3", chain ${chainId}, contract ${contract}): Sibyl verifies V1 and V2 orders`, { field: 'signature' });
      }
    }
  }
  return rej('invalid_signature', `invalid order signature: recovered ${address ?? 'no address'}, expected the signer ${getAddress(o.signer)} (V${version} order, ${describe(expected)})`, {
    field: 'signature', recovered: address, expected: getAddress(o.signer),
  });
}
