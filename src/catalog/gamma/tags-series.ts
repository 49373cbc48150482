/**
 * `/gamma` reads of related tags, series and public profiles (docs/venue.md §6):
 * - related tags: the tags that share events with the tag, ranked by how many (then by id):
 *   `related-tags` answers the pairs `{id, tagID, relatedTagID, rank}`, `related-tags/tags` the tags;
 * - series: the catalog's series (`GET /series`, `/series/{id}`), in the root's series shape;
 * - `GET /public-profile?address=`: the wallet's profile (404 without one, as the venue does).
 */
import type { Db } from '../../store/db.js';
import { errors } from '../../errors/catalogue.js';
import { literal } from '../../store/prepared.js';
import { seriesOut, tagOut, type TagRow } from '../format.js';
import { isoTime } from '../../domain/iso-time.js';
import { checksumWallet } from '../scope.js';
import type { WireSeries, WireTag } from '../schemas.js';
import type { Ref } from './reads.js';

async function tagIdOf(db: Db, ref: Ref): Promise<number> {
  if ('id' in ref && !/^\d{1,15}$/.test(ref.id)) throw errors.badRequest('id must be a numeric id');
  const q = db.selectFrom('tags').select('id');
  const row = await ('id' in ref ? q.where('id', '=', Number(ref.id)) : q.where('slug', '=', ref.slug)).executeTakeFirst();
  if (!row) throw errors.notFound('id' in ref ? 'id not found' : 'slug not found');
  return Number(row.id);
}

/** The tags sharing events with the tag: `[{tag, shared}]`, most shared first. */
async function related(db: Db, ref: Ref): Promise<Array<{ tagId: number; tag: WireTag; shared: number }>> {
  const tagId = await tagIdOf(db, ref);
  const rows = await db.selectFrom('event_tags as a').innerJoin('event_tags as b', 'b.event_id', 'a.event_id').innerJoin('tags as t', 't.id', 'b.tag_id')
    .select(['t.id', 't.label', 't.slug', 't.requires_translation', 't.created_at', 't.updated_at', (eb) => eb.fn.count<number>('a.event_id').as('shared')])
    .where('a.tag_id', '=', tagId).where('b.tag_id', '!=', tagId)
    .groupBy(['t.id', 't.label', 't.slug', 't.requires_translation', 't.created_at', 't.updated_at']).limit(literal(1000)).execute();
  return rows.map((r) => ({ tagId, tag: tagOut(r as unknown as TagRow), shared: Number(r.shared) }))
    .sort((a, b) => b.shared - a.shared || Number(a.tag.id) - Number(b.tag.id));
}

export async function relatedTags(db: Db, ref: Ref): Promise<Array<{ id: string; tagID: number; relatedTagID: number; rank: number }>> {
  return (await related(db, ref)).map((r, i) => ({ id: `${r.tagId}-${r.tag.id}`, tagID: r.tagId, relatedTagID: Number(r.tag.id), rank: i + 1 }));
}

export async function relatedTagResources(db: Db, ref: Ref): Promise<WireTag[]> {
  return (await related(db, ref)).map((r) => r.tag);
}

export async function seriesList(db: Db, q: { limit: number; offset: number; slug?: string[]; closed?: boolean }): Promise<WireSeries[]> {
  let s = db.selectFrom('series').selectAll();
  if (q.slug?.length) s = s.where('slug', 'in', q.slug);
  if (q.closed !== undefined) s = s.where('closed', '=', q.closed ? 1 : 0);
  return (await s.orderBy('id', 'asc').limit(literal(q.limit)).offset(q.offset).execute()).map(seriesOut);
}

export async function seriesById(db: Db, id: string): Promise<WireSeries> {
  if (!/^\d{1,15}$/.test(id)) throw errors.badRequest('id must be a numeric id');
  const row = await db.selectFrom('series').selectAll().where('id', '=', Number(id)).executeTakeFirst();
  if (!row) throw errors.notFound('id not found');
  return seriesOut(row);
}

export async function publicProfile(db: Db, address: string): Promise<Record<string, unknown>> {
  const wallet = checksumWallet(address);
  if (!wallet || !/^0x[0-9a-fA-F]{40}$/.test(address.trim())) throw errors.badRequest('address must be a wallet address (0x + 40 hex)');
  const p = await db.selectFrom('profiles').selectAll().where('address', '=', wallet).executeTakeFirst();
  if (!p) throw errors.notFound('profile not found');
  return {
    createdAt: isoTime(p.created_at), proxyWallet: p.address, profileImage: p.profile_image, displayUsernamePublic: Number(p.display_username_public) === 1,
    bio: p.bio, pseudonym: p.pseudonym, name: p.name, users: [], xUsername: '', verifiedBadge: false,
  };
}
