/**
 * Wallets and their profiles, shared by the demo and the scale generators. Addresses are 20
 * PRNG bytes, EIP-55 checksummed by viem's `getAddress`, like every address the API returns.
 */
import { bytesToHex, getAddress } from 'viem';
import type { NewProfile } from '../catalog/write.js';
import type { Prng } from '../domain/prng.js';
import { BIOS, FIRST_NAMES, HANDLE_WORDS, LAST_NAMES, PSEUDO_ADJ, PSEUDO_NOUN } from './vocab.js';
import { BASE_MS, DAY, MINUTE } from './time.js';

export const IMAGE_HOST = 'https://img.sibyl.local';

export function randomAddress(rng: Prng): string {
  return getAddress(bytesToHex(rng.bytes(20)));
}

export function personName(rng: Prng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** `count` distinct person names (distinct while the vocabulary allows). */
export function personNames(rng: Prng, count: number): string[] {
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 50; tries++) out.add(personName(rng));
  return [...out];
}

export interface GeneratedProfile extends NewProfile {
  address: string;
  /** When the profile was created (the `now` passed to upsertProfile). */
  createdAt: number;
  /** How often this wallet comments, relative to the others. */
  activity: number;
}

/** One wallet's profile: a handle, a real-looking name or nothing (the pseudonym shows). */
/** `base`: the demo's "now" (time.ts, DemoClock). */
export function makeProfile(rng: Prng, serial: number, base = BASE_MS): GeneratedProfile {
  const address = randomAddress(rng);
  const style = rng.weighted([['handle', 5], ['person', 3], ['none', 2]] as const);
  const name = style === 'handle'
    ? `${rng.pick(HANDLE_WORDS)}_${rng.pick(HANDLE_WORDS)}${rng.chance(0.5) ? rng.int(1, 999) : ''}`
    : style === 'person' ? personName(rng) : '';
  const bio = rng.chance(0.7) ? rng.pick(BIOS) : '';
  return {
    address,
    name,
    pseudonym: `${rng.pick(PSEUDO_ADJ)}-${rng.pick(PSEUDO_NOUN)}`,
    bio,
    profileImage: rng.chance(0.75) ? `${IMAGE_HOST}/profiles/${serial}-${address.slice(2, 10).toLowerCase()}.png` : '',
    baseAddress: randomAddress(rng),
    displayUsernamePublic: !rng.chance(0.1),
    isMod: rng.chance(0.04),
    isCreator: false,
    createdAt: base - rng.int(30, 720) * DAY - rng.int(0, 1439) * MINUTE,
    activity: rng.weighted([[1, 6], [2, 3], [5, 2], [12, 1]] as const),
  };
}

export function makeProfiles(rng: Prng, count: number, base = BASE_MS): GeneratedProfile[] {
  const out: GeneratedProfile[] = [];
  for (let i = 0; i < count; i++) out.push(makeProfile(rng, i + 1, base));
  return out;
}
