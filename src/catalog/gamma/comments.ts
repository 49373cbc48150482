/**
 * Comments in the venue's Gamma dialect (docs/venue.md §6), for the `/gamma` mount: the root's
 * comment shape with the two values the venue's SDK reads differently — a top-level comment's
 * `parentCommentID` is null (not `""`), and a profile without an optimised image has no
 * `profileImageOptimized` (the venue's is an object with an `id`, never `{}`) — and
 * `GET /comments/{id}`: the comment as a one-item list, its replies nested below.
 */
import type { Db } from '../../store/db.js';
import { errors } from '../../errors/catalogue.js';
import { prepared } from '../../store/prepared.js';
import { rows, runPlan, type Plan } from '../../store/read-plan.js';
import { commentsWithProfiles, shapeComments, withPositions } from '../comment-shape.js';
import type { WireComment } from '../schemas.js';

type Json = Record<string, unknown>;

/** One comment (or a list's item) as the venue writes it; its replies too. */
export function gammaComment(c: Json): Json {
  const out: Json = { ...c, parentCommentID: c.parentCommentID === '' ? null : c.parentCommentID };
  const profile = c.profile as Json | undefined;
  if (profile && typeof profile.profileImageOptimized === 'object' && !(profile.profileImageOptimized as Json | null)?.id) {
    const { profileImageOptimized: _, ...rest } = profile;
    out.profile = rest;
  }
  if (Array.isArray(c.replies)) out.replies = (c.replies as Json[]).map(gammaComment);
  return out;
}

const byId = prepared((db, id: number) => commentsWithProfiles(db).where('c.id', '=', id));
const repliesOf = prepared((db, id: number) => commentsWithProfiles(db).where('c.parent_comment_id', '=', id).orderBy('c.created_at', 'asc').orderBy('c.id', 'asc'));

/** `GET /comments/{id}`: `[comment]` with its direct replies; 404 when unknown. */
export async function commentById(db: Db, id: string, positionsExist: boolean): Promise<WireComment[]> {
  if (!/^\d{1,15}$/.test(id)) throw errors.badRequest('id must be a numeric comment id');
  const found = await runPlan(db, (function* (): Plan<WireComment[]> {
    const [own, replies] = [yield* rows(byId.read, undefined, Number(id)), yield* rows(repliesOf.read, undefined, Number(id))];
    const shaped = yield* shapeComments([...own, ...replies]);
    const top = own.map((r) => shaped.get(r.id)!);
    for (const r of replies) top[0]?.replies.push(shaped.get(r.id)!);
    yield* withPositions(top, positionsExist);
    return top;
  })());
  if (found.length === 0) throw errors.notFound('id not found');
  return found;
}
