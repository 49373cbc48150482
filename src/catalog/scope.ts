/**
 * The `creator` parameter: which events a caller's site offers. Rule (documented in README.md):
 * - a string shaped like a wallet (`0x` + 40 hex, any case) is a creator wallet: the scope is the
 *   events whose creator (`event_creators.wallet`) is that wallet;
 * - anything else is a site identifier (`sites.id`): the scope is the events listed on that site
 *   (`event_sites`);
 * - an unknown site or a wallet that created nothing is a 400, so a typo never looks like an
 *   empty catalog; a malformed wallet (`0x…` of the wrong shape or checksum) is a 400 too.
 * Markets, tags, comments and search results follow their event's scope.
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { getAddress, isAddress } from 'viem';
import type { Database } from '../store/schema.js';
import { errors } from '../errors/catalogue.js';
import type { Db } from '../store/db.js';

export type Scope = { kind: 'site'; siteId: string } | { kind: 'creator'; creatorIds: number[] };

/** Normalises a wallet to its EIP-55 form; undefined when the text is not a wallet. */
export function checksumWallet(text: string): string | undefined {
  const lower = text.trim().toLowerCase();
  return isAddress(lower, { strict: false }) ? getAddress(lower) : undefined;
}

export async function resolveScope(db: Db, creator: string | undefined): Promise<Scope | undefined> {
  if (creator === undefined || creator === '') return undefined;
  if (/^0x/i.test(creator)) {
    const wallet = checksumWallet(creator);
    if (!wallet) throw errors.badRequest('creator must be a wallet address or a site identifier');
    const rows = await db.selectFrom('event_creators').select('id').where('wallet', '=', wallet).execute();
    if (rows.length === 0) throw errors.badRequest(`creator ${wallet} is not a known creator wallet`);
    return { kind: 'creator', creatorIds: rows.map((r) => r.id) };
  }
  const site = await db.selectFrom('sites').select('id').where('id', '=', creator).executeTakeFirst();
  if (!site) throw errors.badRequest(`creator ${creator} is not a known site`);
  return { kind: 'site', siteId: site.id };
}

/** Names a scope for compiled reads (its values are part of the SQL a scoped read compiles to). */
export function scopeKey(scope: Scope | undefined): string {
  if (!scope) return '';
  return scope.kind === 'site' ? `site:${scope.siteId}` : `creator:${scope.creatorIds.join(',')}`;
}

/** A condition on an events row (by its id column reference) keeping it inside the scope. */
export function inScope(eb: ExpressionBuilder<Database, any>, eventId: string, scope: Scope): Expression<SqlBool> {
  if (scope.kind === 'creator') {
    return eb.exists(eb.selectFrom('events as se').select(sql.lit(1).as('one'))
      .whereRef('se.id', '=', eb.ref(eventId) as never).where('se.creator_id', 'in', scope.creatorIds));
  }
  return eb.exists(eb.selectFrom('event_sites as es').select(sql.lit(1).as('one'))
    .whereRef('es.event_id', '=', eb.ref(eventId) as never).where('es.site_id', '=', scope.siteId));
}
