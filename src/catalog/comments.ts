/**
 * Comment reads. `GET /comments`: `limit`/`offset` count top-level comments; their replies nest
 * below them (oldest first) down to REPLY_DEPTH levels, one query per level for the whole page;
 * the innermost shown level has `replies: []` (replyCount still tells how many exist).
 * `GET /comments/user_address/{a}`: the wallet's comments, and those of proxy wallets whose
 * profile names it as base address, newest first, flat (each with `replies: []`).
 * Each request's reads are one read plan (store/read-plan.ts): one snapshot on SQLite. A page of
 * threads is kept as JSON text until its comments change, its positions filled in when the whole
 * answer is built (comment-pages.ts); the Catalog (service.ts) keeps whole answers by version.
 */
import type { Db } from '../store/db.js';
import { errors } from '../errors/catalogue.js';
import { COMMENT_ORDER, orderTerms, parseOrder, type OrderBy } from './order.js';
import { checksumWallet } from './scope.js';
import { holderCondition, type Entity, type EntityType } from './holders.js';
import { literal, prepared, preparedShapes } from '../store/prepared.js';
import { rows, runPlan, type Plan } from '../store/read-plan.js';
import type { CacheArea } from '../store/cache.js';
import { commentsWithProfiles, shapeComments, withPositions, type CommentRow } from './comment-shape.js';
import { fillPage, keptPage, pageText, type PageText } from './comment-pages.js';
import { REPLY_DEPTH, type WireComment } from './schemas.js';

export interface CommentListQuery {
  limit: number; offset: number; order?: string; ascending?: boolean;
  parent_entity_type?: EntityType; parent_entity_id?: string; event_slug?: string; holders_only?: boolean;
}

const eventIdBySlug = prepared((db, slug: string) => db.selectFrom('events').select('id').where('slug', '=', slug));

function* entityOf(q: CommentListQuery): Plan<Entity | undefined> {
  if (q.event_slug !== undefined) {
    if (q.parent_entity_type !== undefined && q.parent_entity_type !== 'Event') {
      throw errors.badRequest('event_slug selects Event comments; parent_entity_type must be Event or absent');
    }
    const [e] = yield* rows(eventIdBySlug.read, undefined, q.event_slug);
    if (!e) throw errors.notFound('slug not found');
    if (q.parent_entity_id !== undefined && q.parent_entity_id !== String(e.id)) return { type: 'Event', id: -1 };
    return { type: 'Event', id: e.id };
  }
  if (q.parent_entity_id === undefined) return undefined;
  if (!/^\d{1,15}$/.test(q.parent_entity_id)) throw errors.badRequest('parent_entity_id must be an integer id');
  if (q.parent_entity_type === undefined) throw errors.required('parent_entity_type');
  return { type: q.parent_entity_type, id: Number(q.parent_entity_id) };
}

/** What changes the thread queries' SQL: the order, which entity filter, the holders filter. */
interface ThreadShape {
  order: OrderBy; entity: EntityType | undefined; type: boolean;
  /** undefined: no holders filter; else whether a positions table exists. */
  holders: boolean | undefined;
}
const holdersKey = (s: ThreadShape) => `${s.entity ?? ''}|${s.holders ?? ''}`;
const threadKey = (s: ThreadShape) => `${s.order.direction}:${s.order.columns.join(',')}|${+s.type}|${holdersKey(s)}`;

const topComments = preparedShapes((db, s: ThreadShape, type: string, id: number, limit: number, offset: number) => {
  let top = commentsWithProfiles(db).where('c.parent_comment_id', 'is', null);
  if (s.entity) top = top.where('c.parent_entity_type', '=', type).where('c.parent_entity_id', '=', id);
  else if (s.type) top = top.where('c.parent_entity_type', '=', type);
  if (s.entity && s.holders !== undefined) top = top.where(holderCondition(s.entity, id, s.holders));
  for (const term of orderTerms(s.order, 'c')) top = top.orderBy(term);
  return top.limit(limit).offset(offset);
}, threadKey);

const replyComments = preparedShapes((db, s: ThreadShape, parents: number[], id: number) => {
  let replies = commentsWithProfiles(db).where('c.parent_comment_id', 'in', parents);
  if (s.entity && s.holders !== undefined) replies = replies.where(holderCondition(s.entity, id, s.holders));
  // Oldest first under each parent, whatever the order of the top level; by parent first, as
  // the index comments_reply_to is, so SQLite walks it in order instead of sorting the rows.
  return replies.orderBy('c.parent_comment_id').orderBy('c.created_at', 'asc').orderBy('c.id', 'asc');
}, holdersKey);

/** A `GET /comments` request: its order (an unknown field is a 400 before anything is read) and the key of its answer. */
export function commentsRequest(q: CommentListQuery): { order: OrderBy; key: string } {
  const order = parseOrder(q.order, COMMENT_ORDER, q.ascending, 'createdAt');
  return { order, key: JSON.stringify([q.limit, q.offset, q.parent_entity_type, q.parent_entity_id, q.event_slug, q.holders_only, order]) };
}

/** A page of threads as JSON text (the route sends it as is): its text kept in `pages`, positions filled in. */
export function commentsPage(db: Db, pages: CacheArea<PageText>, q: CommentListQuery, order: OrderBy, positionsExist: boolean): Promise<string> {
  return runPlan(db, threadsPage(pages, q, order, positionsExist));
}

/** The page's text, kept (comment-pages.ts) unless it depends on positions (`holders_only`), with the positions filled in. */
function* threadsPage(pages: CacheArea<PageText>, q: CommentListQuery, order: OrderBy, positionsExist: boolean): Plan<string> {
  const entity = yield* entityOf(q);
  if (q.holders_only && !entity) throw errors.badRequest('holders_only needs parent_entity_type and parent_entity_id, or event_slug');
  const shape: ThreadShape = {
    order, entity: entity?.type, type: q.parent_entity_type !== undefined,
    holders: q.holders_only && entity ? positionsExist : undefined,
  };
  const build = () => threads(shape, entity?.type ?? q.parent_entity_type ?? '', entity?.id ?? 0, q);
  const key = `${entity ? `${entity.type}:${entity.id}` : ''}|${q.parent_entity_type ?? ''}|${threadKey(shape)}|${q.limit}|${q.offset}`;
  const page = shape.holders !== undefined ? pageText(yield* build()) : yield* keptPage(pages, entity, key, build);
  return yield* fillPage(page, positionsExist);
}

/** The page's top-level comments with REPLY_DEPTH levels of replies nested, positions left empty. */
function* threads(shape: ThreadShape, type: string, id: number, q: CommentListQuery): Plan<WireComment[]> {
  const roots: CommentRow[] = yield* rows(topComments, shape, type, id, literal(q.limit), q.offset);
  const levels: CommentRow[][] = [roots];
  for (let depth = 0; depth < REPLY_DEPTH; depth++) {
    const parents = levels[levels.length - 1]!.filter((c) => c.reply_count > 0).map((c) => c.id);
    if (parents.length === 0) break;
    levels.push(yield* rows(replyComments, shape, parents, id));
  }
  const all = levels.flat();
  const shaped = yield* shapeComments(all);
  for (const r of all) {
    if (r.parent_comment_id != null) shaped.get(r.parent_comment_id)?.replies.push(shaped.get(r.id)!);
  }
  return roots.map((r) => shaped.get(r.id)!);
}

const proxiesOf = prepared((db, wallet: string) => db.selectFrom('profiles').select('address').where('base_address', '=', wallet));
const commentsBy = prepared((db, authors: string[], limit: number, offset: number) => commentsWithProfiles(db)
  .where('c.user_address', 'in', authors).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset));

export function userComments(db: Db, address: string, q: { limit: number; offset: number }, positionsExist: boolean): Promise<WireComment[]> {
  const wallet = checksumWallet(address);
  if (!wallet || !/^0x[0-9a-fA-F]{40}$/.test(address.trim())) throw errors.badRequest('user_address must be a wallet address (0x + 40 hex)');
  return runPlan(db, byAuthor(wallet, q, positionsExist));
}

function* byAuthor(wallet: string, q: { limit: number; offset: number }, positionsExist: boolean): Plan<WireComment[]> {
  const proxies = yield* rows(proxiesOf.read, undefined, wallet);
  const authors = [...new Set([wallet, ...proxies.map((p) => p.address)])];
  const found: CommentRow[] = yield* rows(commentsBy.read, undefined, authors, literal(q.limit), q.offset);
  const shaped = yield* shapeComments(found);
  const comments = found.map((r) => shaped.get(r.id)!);
  yield* withPositions(comments, positionsExist);
  return comments;
}
