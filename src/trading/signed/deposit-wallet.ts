/**
 * The deposit wallet of a signer (signature type 3, docs/venue.md §10): the venue's current SDK
 * (`@polymarket/client`) trades by default through a smart-contract wallet that its factory
 * deploys at a CREATE2 address fixed by the owner's address alone. Sibyl has no chain, so it
 * cannot ask the contract who owns it; it derives the address the same way and accepts an
 * order's maker when it is the API key holder's own deposit wallet.
 *
 * The factory deploys a clone (Solady's LibClone, "with immutable args") whose immutable args are
 * `abi.encode(factory, walletId)`, `walletId` = the owner's address left-padded to 32 bytes, and
 * whose salt is the keccak of those args. Two clone kinds exist: the current one, an ERC-1967
 * beacon proxy (the wallet a new signer gets), and the legacy one, an ERC-1967 (UUPS) proxy of a
 * fixed implementation (wallets deployed before the beacon; the SDK still uses one when it is
 * deployed). The addresses are the venue's Polygon constants (the SDK's production environment).
 */
import { concatHex, encodeAbiParameters, getCreate2Address, keccak256, padHex, type Hex } from 'viem';

export const DEPOSIT_WALLET_FACTORY: Hex = '0x00000000000Fb5C9ADea0298D729A0CB3823Cc07';
export const DEPOSIT_WALLET_BEACON: Hex = '0x7A18EDfe055488A3128f01F563e5B479D92ffc3a';
export const DEPOSIT_WALLET_IMPLEMENTATION: Hex = '0x58CA52ebe0DadfdF531Cde7062e76746de4Db1eB';

/** LibClone's init code around the target and the args: a 10-byte head whose length field is patched, then fixed runtime words. */
const UUPS = { head: 0x61003d3d8160233d3973n, tail: ['0x6009', '0x5155f3363d3d373d3d363d7f360894a13ba1a3210667c828492db98dca3e2076', '0xcc3735a920a3ca505d382bbc545af43d6000803e6038573d6000fd5b3d6000f3'] as Hex[] };
const BEACON = {
  head: 0x6100523d8160233d3973n,
  tail: ['0x60195155f3363d3d373d3d363d602036600436635c60da', '0x1b60e01b36527fa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6c', '0xb3582b35133d50545afa5036515af43d6000803e604d573d6000fd5b3d6000f3'] as Hex[],
};

function cloneAddress(kind: typeof UUPS, target: Hex, owner: string): Hex {
  const args = encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [DEPOSIT_WALLET_FACTORY, padHex(owner as Hex, { size: 32 })]);
  const argsLength = BigInt((args.length - 2) / 2);
  const head = padHex(`0x${(kind.head + (argsLength << 56n)).toString(16)}`, { size: 10 });
  const initCodeHash = keccak256(concatHex([head, target, ...kind.tail, args]));
  return getCreate2Address({ from: DEPOSIT_WALLET_FACTORY, salt: keccak256(args), bytecodeHash: initCodeHash });
}

/** The current (beacon) deposit wallet of `owner`: the one the SDK's default flow uses for a new signer. */
export function beaconDepositWallet(owner: string): Hex {
  return cloneAddress(BEACON, DEPOSIT_WALLET_BEACON, owner);
}

/** The legacy (UUPS) deposit wallet of `owner`. */
export function legacyDepositWallet(owner: string): Hex {
  return cloneAddress(UUPS, DEPOSIT_WALLET_IMPLEMENTATION, owner);
}

/** Whether `wallet` is one of `owner`'s two deposit wallets (case-insensitive). */
export function isDepositWalletOf(wallet: string, owner: string): boolean {
  const w = wallet.toLowerCase();
  return beaconDepositWallet(owner).toLowerCase() === w || legacyDepositWallet(owner).toLowerCase() === w;
}
