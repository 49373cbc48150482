/**
 * Operator use cases for catalog content (docs/venue.md §14): comments and profiles. A comment must
 * point at an existing entity (Event, Series or market by numeric id) and, when it replies, at a
 * comment of the same entity. Wallets are validated and stored EIP-55 checksummed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { errors } from '../../errors/catalogue.js';
import { audit, insertComment, upsertProfile, type NewProfile } from '../write.js';
import { commentsWithProfiles, shapeComments, withPositions } from '../comment-shape.js';
import { positionsTableExists } from '../holders.js';
import { runPlan } from '../../store/read-plan.js';
import type { EntityType } from '../holders.js';
import { inTransaction } from './input.js';
import { msOf, walletOf } from './input.js';

export interface CommentInput {
  body: string; parentEntityType: EntityType; parentEntityID: number; parentCommentID?: string | number | null;
  userAddress: string; replyAddress?: string; createdAt?: string;
  reactions?: Array<{ reactionType: string; icon?: string; userAddress: string }>;
}

const ENTITY_TABLE = { Event: 'events', Series: 'series', market: 'markets' } as const;

export async function createComment(db: Kysely<Database>, input: CommentInput, now: number) {
  const userAddress = walletOf('userAddress', input.userAddress);
  const replyAddress = input.replyAddress ? walletOf('replyAddress', input.replyAddress) : '';
  const reactions = (input.reactions ?? []).map((r, i) => ({ ...r, userAddress: walletOf(`reactions[${i}].userAddress`, r.userAddress) }));
  const parentId = input.parentCommentID == null || input.parentCommentID === '' ? null : Number(input.parentCommentID);
  if (parentId !== null && !Number.isSafeInteger(parentId)) throw errors.badRequest('parentCommentID must be a comment id');
  const row = await inTransaction(db, async (trx) => {
    const entity = await trx.selectFrom(ENTITY_TABLE[input.parentEntityType]).select('id').where('id', '=', input.parentEntityID).executeTakeFirst();
    if (!entity) throw errors.badRequest(`${input.parentEntityType} ${input.parentEntityID} does not exist`);
    if (parentId !== null) {
      const parent = await trx.selectFrom('comments').select(['parent_entity_type', 'parent_entity_id']).where('id', '=', parentId).executeTakeFirst();
      if (!parent) throw errors.badRequest(`parent comment ${parentId} does not exist`);
      if (parent.parent_entity_type !== input.parentEntityType || Number(parent.parent_entity_id) !== input.parentEntityID) {
        throw errors.badRequest('a reply must be on the same entity as its parent comment');
      }
    }
    const id = await insertComment(trx, {
      body: input.body, parentEntityType: input.parentEntityType, parentEntityId: input.parentEntityID, parentCommentId: parentId,
      userAddress, replyAddress, createdAt: msOf('createdAt', input.createdAt) ?? undefined, reactions,
    }, now);
    await audit(trx, 'comment.create', String(id), input, now);
    return commentsWithProfiles(trx).where('c.id', '=', id).executeTakeFirstOrThrow();
  });
  const positionsExist = await positionsTableExists(db); // a rare write: asked each time
  return runPlan(db, (function* () {
    const comment = (yield* shapeComments([row])).get(row.id)!;
    yield* withPositions([comment], positionsExist);
    return comment;
  })());
}

export async function createProfile(db: Kysely<Database>, input: NewProfile, now: number) {
  const p: NewProfile = {
    ...input, address: walletOf('address', input.address),
    baseAddress: input.baseAddress ? walletOf('baseAddress', input.baseAddress) : undefined,
  };
  await inTransaction(db, async (trx) => {
    await upsertProfile(trx, p, now);
    await audit(trx, 'profile.upsert', p.address, input, now);
  });
  const row = await db.selectFrom('profiles').selectAll().where('address', '=', p.address).executeTakeFirstOrThrow();
  return {
    address: row.address, name: row.name, pseudonym: row.pseudonym, bio: row.bio, profileImage: row.profile_image,
    baseAddress: row.base_address, displayUsernamePublic: row.display_username_public === 1, isMod: row.is_mod === 1, isCreator: row.is_creator === 1,
  };
}
