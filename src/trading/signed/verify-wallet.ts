/**
 * Signature type 3: an order of a deposit wallet (docs/venue.md §10), as `@polymarket/client`'s
 * default flow signs it. Its `maker` and `signer` are both the wallet; the signature is the
 * wallet owner's ECDSA signature over an ERC-7739 `TypedDataSign` wrapping of the order
 * (deposit-signature.ts). On the venue the exchange asks the wallet contract (ERC-1271); Sibyl
 * has no chain and checks what that contract checks, without it:
 * - the wrapping names this order (its struct hash) under this market's exchange domain;
 * - the ECDSA signature recovers the API key's address (the owner, through libsecp256k1: `Signers`);
 * - the wallet is that owner's deposit wallet: its CREATE2 address derived from the owner
 *   (deposit-wallet.ts), or a wallet the operator linked to the owner.
 * The contract's own storage (a changed owner, a revoked session) is not visible without a chain.
 */
import { getAddress, type Hex } from 'viem';
import type { InputReject } from '../order-input.js';
import { domainSeparator, orderDigest, structHash, V2_TYPE } from './hashing.js';
import { domainOf, messageOf, versionOf, type PostedOrder } from './typed-data.js';
import { badV, outOfRange } from './ranges.js';
import { contractOf, describe, otherDomains, rej, sameAddress, V3_EXCHANGES, wrongDomain, type OrderFacts, type Verified, type VerifyContext } from './checks.js';
import { unwrapSignature, walletDigest } from './deposit-signature.js';
import { beaconDepositWallet, isDepositWalletOf } from './deposit-wallet.js';

const field = { field: 'signature' };

/** The refusal for a wrapping signed under another domain than `separator`'s expected one. */
function otherSeparator(separator: Hex, ctx: VerifyContext, facts: OrderFacts): InputReject {
  const expected = domainOf(2, ctx.chainId, contractOf(ctx.bots, 2, facts.negRisk));
  for (const d of otherDomains(ctx, 2, expected)) {
    if (domainSeparator(2, d.chainId as number, d.verifyingContract as string) === separator) return wrongDomain(d, expected, 2, facts.negRisk);
  }
  for (const [chainId, contract] of V3_EXCHANGES) {
    if (domainSeparator(3, chainId, contract) === separator) {
      return rej('unsupported_order_version', `the order is signed for the exchange V3 domain (version "3", chain ${chainId}, contract ${contract}): Sibyl verifies V1 and V2 orders`, field);
    }
  }
  return rej('invalid_signature', `invalid order signature: the deposit-wallet signature is made under an unknown domain separator ${separator}; this market's domain is ${describe(expected)} (V2${facts.negRisk ? ', neg-risk' : ''})`, field);
}

export function verifyWalletOrder(o: PostedOrder, keyAddress: string, facts: OrderFacts, ctx: VerifyContext): Verified | InputReject {
  if (versionOf(o) !== 2) {
    return rej('unsupported_signature_type', 'signature type 3 (deposit wallet) is for V2 orders (with timestamp, metadata and builder), as @polymarket/client signs them', { field: 'signatureType' });
  }
  const sig = typeof o.signature === 'string' ? unwrapSignature(o.signature) : null;
  if (sig === null) {
    return rej('invalid_signature', 'a signature type 3 order carries the owner\'s 65-byte signature, the exchange domain separator, the order\'s struct hash, its type string and the type\'s length (ERC-7739)', field);
  }
  const vRefused = badV(sig.ecdsa);
  if (vRefused !== undefined) return vRefused;
  const range = outOfRange(o);
  if (range !== undefined) return range;
  if (!sameAddress(o.maker, o.signer)) {
    return rej('maker_mismatch', `signature type 3 (deposit wallet): the maker ${o.maker} must be the signer ${o.signer}, the wallet itself`, { field: 'maker' });
  }
  if (!isDepositWalletOf(o.maker, keyAddress) && !ctx.isLinked(o.maker.toLowerCase(), keyAddress.toLowerCase())) {
    const own = beaconDepositWallet(keyAddress);
    return rej('not_deposit_wallet', `the maker ${o.maker} is not the deposit wallet of the API key's address ${keyAddress} (its deposit wallet is ${own})`, { field: 'maker', expected: own });
  }
  if (sig.contentsType !== V2_TYPE) {
    return rej('invalid_signature', `invalid order signature: the deposit-wallet signature wraps a ${JSON.stringify(sig.contentsType.slice(0, 60))} struct, not a V2 Order`, field);
  }
  const message = messageOf(o, 2, facts.positionId);
  if (structHash(2, message) !== sig.contents) {
    return rej('invalid_signature', 'invalid order signature: the deposit-wallet signature covers another order (its struct hash differs from this order\'s)', field);
  }
  const contract = contractOf(ctx.bots, 2, facts.negRisk);
  if (domainSeparator(2, ctx.chainId, contract) !== sig.separator) return otherSeparator(sig.separator, ctx, facts);
  const checked = ctx.signers.checkSigner(keyAddress, walletDigest(sig.separator, sig.contents, ctx.chainId, o.maker), sig.ecdsa);
  if (!checked.ok) {
    return rej('invalid_signature', `invalid order signature: recovered ${checked.recovered ?? 'no address'}, expected the deposit wallet's owner ${getAddress(keyAddress)}`, {
      ...field, recovered: checked.recovered, expected: getAddress(keyAddress),
    });
  }
  return { hash: orderDigest(2, ctx.chainId, contract, message), version: 2, signer: getAddress(keyAddress), wallet: getAddress(o.maker) };
}
