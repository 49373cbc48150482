/**
 * Profile fields the data API attaches to activity items and holders (the `Activity` and
 * `Holder` shapes of schemas.ts). A wallet without a profile gets empty strings (and, on a
 * holder, displayUsernamePublic true: the profile default). There is no separate optimised
 * image: profileImageOptimized repeats profileImage.
 */
import type { ProfileRow } from './queries.js';
import type { ActivityItem } from './schemas.js';

export type ProfileFields = Pick<ActivityItem, 'name' | 'pseudonym' | 'bio' | 'profileImage' | 'profileImageOptimized'>;

const EMPTY: ProfileFields = { name: '', pseudonym: '', bio: '', profileImage: '', profileImageOptimized: '' };

export function profileFields(p: ProfileRow | undefined): ProfileFields {
  if (!p) return EMPTY;
  return { name: p.name, pseudonym: p.pseudonym, bio: p.bio, profileImage: p.profile_image, profileImageOptimized: p.profile_image };
}
