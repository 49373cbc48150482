/**
 * Comment threads for the demo: top-level comments on events, some markets and every series,
 * with replies nested up to six levels and reactions from other wallets. The plan is made in
 * memory first (parents always before their replies), then written through write.ts's
 * insertComment, which keeps reply and reaction counts true.
 */
import type { NewComment } from '../catalog/write.js';
import type { Prng } from '../domain/prng.js';
import type { GeneratedProfile } from './people.js';
import { DAY, MINUTE } from './time.js';
import { GENERIC_COMMENTS, REACTIONS, REPLY_COMMENTS, SUBJECT_COMMENTS } from './vocab.js';

export interface CommentTarget {
  type: NewComment['parentEntityType'];
  id: number;
  /** Candidates or buckets the comments may name ("Elena Moreau"); empty for generic talk. */
  subjects: string[];
  /** Comments fall in [from, to]. */
  from: number;
  to: number;
  roots: number;
}

export interface PlannedComment extends NewComment {
  /** Index in the plan of the comment this one replies to. */
  parentIndex: number | null;
}

const MAX_DEPTH = 5;

/** Picks wallets by their activity weight, from a cumulative table (fast for long lists). */
export class AuthorPicker {
  private readonly cumulative: number[] = [];
  private total = 0;
  constructor(private readonly profiles: readonly GeneratedProfile[]) {
    for (const p of profiles) this.cumulative.push((this.total += p.activity));
  }
  pick(rng: Prng, not?: string): string {
    for (let tries = 0; ; tries++) {
      const r = rng.float() * this.total;
      let lo = 0;
      let hi = this.cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.cumulative[mid]! > r) hi = mid;
        else lo = mid + 1;
      }
      const address = this.profiles[lo]!.address;
      if (address !== not || tries > 4) return address;
    }
  }
}

export function reactionsFor(rng: Prng, profiles: readonly GeneratedProfile[], author: string): NonNullable<NewComment['reactions']> {
  const count = rng.weighted([[0, 6], [1, 4], [2, 3], [3, 2], [5, 1], [9, 0.5]] as const);
  if (count === 0) return [];
  const users = new Set<string>();
  for (let tries = 0; users.size < count && tries < count * 4; tries++) {
    const u = rng.pick(profiles).address;
    if (u !== author) users.add(u);
  }
  return [...users].map((userAddress) => {
    const r = rng.weighted(REACTIONS);
    return { reactionType: r.type, icon: r.icon, userAddress };
  });
}

export function rootBody(rng: Prng, subjects: readonly string[]): string {
  if (subjects.length === 0 || rng.chance(0.35)) return rng.pick(GENERIC_COMMENTS);
  return rng.pick(SUBJECT_COMMENTS).replace('{x}', rng.pick(subjects));
}

export function planComments(rng: Prng, targets: readonly CommentTarget[], profiles: readonly GeneratedProfile[], base: number): PlannedComment[] {
  const authors = new AuthorPicker(profiles);
  const plan: PlannedComment[] = [];
  const addReplies = (parentIndex: number, depth: number, to: number) => {
    const parent = plan[parentIndex]!;
    const n = depth > MAX_DEPTH ? 0 : rng.weighted([[0, 4 + 3 * depth], [1, 4], [2, 2], [3, 1]] as const);
    for (let i = 0; i < n; i++) {
      const userAddress = authors.pick(rng, parent.userAddress);
      const createdAt = Math.min(to, parent.createdAt! + rng.int(2, 3 * 24 * 60) * MINUTE);
      plan.push({
        body: rng.pick(REPLY_COMMENTS),
        parentEntityType: parent.parentEntityType, parentEntityId: parent.parentEntityId, parentIndex,
        userAddress, replyAddress: parent.userAddress, createdAt, reactions: reactionsFor(rng, profiles, userAddress),
      });
      addReplies(plan.length - 1, depth + 1, to);
    }
  };
  for (const t of targets) {
    const to = Math.min(t.to, base);
    for (let r = 0; r < t.roots; r++) {
      const userAddress = authors.pick(rng);
      const span = Math.max(1, Math.floor((to - t.from) / MINUTE) - 1);
      const createdAt = Math.min(to, t.from + DAY / 4 + rng.int(0, span) * MINUTE);
      plan.push({
        body: rootBody(rng, t.subjects),
        parentEntityType: t.type, parentEntityId: t.id, parentIndex: null,
        userAddress, createdAt, reactions: reactionsFor(rng, profiles, userAddress),
      });
      addReplies(plan.length - 1, 1, to);
    }
  }
  return plan;
}
