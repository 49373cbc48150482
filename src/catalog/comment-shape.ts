/**
 * Turns comment rows into the spec's Comment shape: profile (with the author's positions in the
 * commented entity's markets), reactions and nested replies. Everything a page needs is loaded
 * in one query per relation (profiles, reactions, positions per distinct entity), as part of the
 * caller's read plan (store/read-plan.ts).
 */
import type { Selectable } from 'kysely';
import type { CommentsTable, ProfilesTable } from '../store/schema.js';
import { isoTime } from '../domain/iso-time.js';
import { holderPositions, type Entity, type EntityType } from './holders.js';
import { prepared } from '../store/prepared.js';
import { query, rowsOf, type Plan } from '../store/read-plan.js';

export type CommentRow = Selectable<CommentsTable>;
type Position = { tokenId: string; positionSize: string };

export interface WireComment {
  id: string; body: string; parentEntityType: string; parentEntityID: number; parentCommentID: string | null;
  userAddress: string; replyAddress: string; createdAt: string; updatedAt: string;
  profile: ReturnType<typeof profileOut>; reactions: object[]; reportCount: number; reactionCount: number; replyCount: number;
  replies: WireComment[];
}

function profileOut(address: string, p: Selectable<ProfilesTable> | undefined, positions: Position[]) {
  return {
    name: p?.name ?? '', pseudonym: p?.pseudonym ?? '', displayUsernamePublic: p ? p.display_username_public === 1 : true,
    bio: p?.bio ?? '', isMod: p?.is_mod === 1, isCreator: p?.is_creator === 1, proxyWallet: address,
    baseAddress: p?.base_address ?? '', profileImage: p?.profile_image ?? '',
    profileImageOptimized: {}, positions,
  };
}

const entityKey = (type: string, id: number) => `${type}:${id}`;

const profileRows = prepared((db, wallets: string[]) => db.selectFrom('profiles').selectAll().where('address', 'in', wallets));
const reactionRows = prepared((db, ids: number[]) => db.selectFrom('comment_reactions').selectAll().where('comment_id', 'in', ids).orderBy('id'));

/**
 * Shapes `rows` (all levels of the shown threads), by id, with empty `replies`. `positionsExist`:
 * whether the exchange's positions table exists (holders.ts `hasPositions`).
 */
export function* shapeComments(rows: CommentRow[], positionsExist: boolean): Plan<Map<number, WireComment>> {
  if (rows.length === 0) return new Map();
  const ids = rows.map((r) => r.id);
  const wallets = [...new Set(rows.map((r) => r.user_address))];
  const [profiles, reactions] = yield* rowsOf(query(profileRows.read, undefined, wallets), query(reactionRows.read, undefined, ids));
  const profileBy = new Map(profiles.map((p) => [p.address, p]));
  const reactionsBy = new Map<number, object[]>();
  for (const r of reactions) {
    const list = reactionsBy.get(r.comment_id) ?? [];
    list.push({ id: String(r.id), commentID: r.comment_id, reactionType: r.reaction_type, icon: r.icon, userAddress: r.user_address, createdAt: isoTime(r.created_at) });
    reactionsBy.set(r.comment_id, list);
  }
  const positions = new Map<string, Map<string, Position[]>>();
  const entities = new Map<string, { entity: Entity; wallets: Set<string> }>();
  for (const r of rows) {
    const key = entityKey(r.parent_entity_type, r.parent_entity_id);
    const e = entities.get(key) ?? { entity: { type: r.parent_entity_type as EntityType, id: r.parent_entity_id }, wallets: new Set() };
    e.wallets.add(r.user_address);
    entities.set(key, e);
  }
  for (const [key, e] of entities) positions.set(key, yield* holderPositions(e.entity, [...e.wallets], positionsExist));

  const out = new Map<number, WireComment>();
  for (const r of rows) {
    const pos = positions.get(entityKey(r.parent_entity_type, r.parent_entity_id))?.get(r.user_address) ?? [];
    out.set(r.id, {
      id: String(r.id), body: r.body, parentEntityType: r.parent_entity_type, parentEntityID: Number(r.parent_entity_id),
      parentCommentID: r.parent_comment_id == null ? null : String(r.parent_comment_id),
      userAddress: r.user_address, replyAddress: r.reply_address, createdAt: isoTime(r.created_at), updatedAt: isoTime(r.updated_at),
      profile: profileOut(r.user_address, profileBy.get(r.user_address), pos), reactions: reactionsBy.get(r.id) ?? [],
      reportCount: r.report_count, reactionCount: r.reaction_count, replyCount: r.reply_count, replies: [],
    });
  }
  return out;
}
