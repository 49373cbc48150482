/**
 * Profile fields the data API attaches to activity items (holders.ts reads the same columns).
 * A wallet without a profile gets empty strings. There is no separate
 * optimised image: profileImageOptimized repeats profileImage.
 */
import type { ProfileRow } from './queries.js';

export interface ProfileFields {
  name: string;
  pseudonym: string;
  bio: string;
  profileImage: string;
  profileImageOptimized: string;
}

const EMPTY: ProfileFields = { name: '', pseudonym: '', bio: '', profileImage: '', profileImageOptimized: '' };

export function profileFields(p: ProfileRow | undefined): ProfileFields {
  if (!p) return EMPTY;
  return { name: p.name, pseudonym: p.pseudonym, bio: p.bio, profileImage: p.profile_image, profileImageOptimized: p.profile_image };
}
