/**
 * Turns comment rows into the spec's Comment shape: profile (with the author's positions in the
 * commented entity's markets), reactions and nested replies. Profiles come joined to the comment
 * rows (`commentsWithProfiles`); reactions (of the comments that have any) and positions (per
 * distinct entity) take one query each, as part of the caller's read plan (store/read-plan.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { isoTime } from '../domain/iso-time.js';
import { holderPositions, type Entity, type EntityType } from './holders.js';
import { prepared } from '../store/prepared.js';
import { rows as read, type Plan } from '../store/read-plan.js';
import type { WireComment, WirePosition } from './schemas.js';

/**
 * Comments (alias `c`) with their author's profile joined (alias `pr`; NULL columns when the
 * author has none): the rows `shapeComments` takes. One statement instead of a second for profiles.
 */
export function commentsWithProfiles(db: Kysely<Database>) {
  return db.selectFrom('comments as c').leftJoin('profiles as pr', 'pr.address', 'c.user_address').selectAll('c').select([
    'pr.address as profile_address', 'pr.name as profile_name', 'pr.pseudonym as profile_pseudonym', 'pr.bio as profile_bio',
    'pr.profile_image as profile_image', 'pr.base_address as profile_base_address',
    'pr.display_username_public as profile_display_username_public', 'pr.is_mod as profile_is_mod', 'pr.is_creator as profile_is_creator',
  ]);
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithProfiles>['executeTakeFirstOrThrow']>>;

/** The author's profile; `positions` are filled in later (withPositions, comment-pages.ts). */
function profileOut(r: CommentRow): WireComment['profile'] {
  const has = r.profile_address !== null;
  return {
    name: r.profile_name ?? '', pseudonym: r.profile_pseudonym ?? '', displayUsernamePublic: has ? r.profile_display_username_public === 1 : true,
    bio: r.profile_bio ?? '', isMod: r.profile_is_mod === 1, isCreator: r.profile_is_creator === 1, proxyWallet: r.user_address,
    baseAddress: r.profile_base_address ?? '', profileImage: r.profile_image ?? '',
    profileImageOptimized: {}, positions: [],
  };
}

const entityKey = (type: string, id: number) => `${type}:${id}`;

/** Each comment's reactions oldest first; by comment first, as the index is walked (no sort). */
const reactionRows = prepared((db, ids: number[]) => db.selectFrom('comment_reactions').selectAll().where('comment_id', 'in', ids).orderBy('comment_id').orderBy('id'));

/** Each comment's reactions (of the comments that have any: `reaction_count` is kept equal to their number by write.ts), by comment id. */
function* reactionsOf(rows: CommentRow[]): Plan<Map<number, WireComment['reactions']>> {
  const reacted = rows.filter((r) => r.reaction_count > 0).map((r) => r.id);
  const reactions = reacted.length ? yield* read(reactionRows.read, undefined, reacted) : [];
  const reactionsBy = new Map<number, WireComment['reactions']>();
  for (const r of reactions) {
    const list = reactionsBy.get(r.comment_id) ?? [];
    list.push({ id: String(r.id), commentID: r.comment_id, reactionType: r.reaction_type, icon: r.icon, userAddress: r.user_address, createdAt: isoTime(r.created_at) });
    reactionsBy.set(r.comment_id, list);
  }
  return reactionsBy;
}

/**
 * Each comment author's positions in the markets of the entity the comment is about (one query
 * per entity), as a lookup: `positionsOf(entity, wallet)`. `positionsExist`: whether the
 * exchange's positions table exists (holders.ts `positionsTableExists`).
 */
export function* authorPositions(authors: Iterable<{ entity: Entity; wallet: string }>, positionsExist: boolean): Plan<(entity: Entity, wallet: string) => WirePosition[]> {
  const entities = new Map<string, { entity: Entity; wallets: Set<string> }>();
  for (const { entity, wallet } of authors) {
    const key = entityKey(entity.type, entity.id);
    const e = entities.get(key) ?? { entity, wallets: new Set() };
    e.wallets.add(wallet);
    entities.set(key, e);
  }
  const positions = new Map<string, Map<string, WirePosition[]>>();
  for (const [key, e] of entities) positions.set(key, yield* holderPositions(e.entity, [...e.wallets], positionsExist));
  return (entity, wallet) => positions.get(entityKey(entity.type, entity.id))?.get(wallet) ?? [];
}

/** Whose positions a comment shows: its author's, in the markets of the entity it is about. */
export function authorOf(c: WireComment): { entity: Entity; wallet: string } {
  return { entity: { type: c.parentEntityType as EntityType, id: c.parentEntityID }, wallet: c.userAddress };
}

/** Fills each comment's `profile.positions` (flat comments: their replies are not walked); one query per entity. */
export function* withPositions(comments: WireComment[], positionsExist: boolean): Plan<void> {
  const positions = yield* authorPositions(comments.map(authorOf), positionsExist);
  for (const c of comments) {
    const { entity, wallet } = authorOf(c);
    c.profile.positions = positions(entity, wallet);
  }
}

/**
 * Shapes `rows` (all levels of the shown threads), by id, with empty `replies` and empty
 * `positions`: a page of threads fills them into its text (comment-pages.ts), flat comments
 * through `withPositions`.
 */
export function* shapeComments(rows: CommentRow[]): Plan<Map<number, WireComment>> {
  if (rows.length === 0) return new Map();
  const reactionsBy = yield* reactionsOf(rows);
  const out = new Map<number, WireComment>();
  for (const r of rows) {
    out.set(r.id, {
      id: String(r.id), body: r.body, parentEntityType: r.parent_entity_type, parentEntityID: Number(r.parent_entity_id),
      // The spec types it as a string: a top-level comment has "" (never null), a reply its parent's id.
      parentCommentID: r.parent_comment_id == null ? '' : String(r.parent_comment_id),
      userAddress: r.user_address, replyAddress: r.reply_address, createdAt: isoTime(r.created_at), updatedAt: isoTime(r.updated_at),
      profile: profileOut(r), reactions: reactionsBy.get(r.id) ?? [],
      reportCount: r.report_count, reactionCount: r.reaction_count, replyCount: r.reply_count, replies: [],
    });
  }
  return out;
}
