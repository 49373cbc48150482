/**
 * `GET /holders`: the largest holders of each token of the requested markets. One covering
 * top-N scan of positions_holders (asset, size desc, wallet) per token, then one profile query
 * for every wallet of the answer. Groups follow the request's market order, outcome 0 then 1;
 * a token nobody holds (above minBalance) has no group. Ties in size go by wallet address.
 * Answers are kept serialised while the database is unchanged (src/store/db-version.ts): the
 * answer is read from positions and profiles only, so no committed write means the same answer.
 */
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../store/schema.js';
import type { Dialect } from '../store/migrations/context.js';
import { errors } from '../errors/catalogue.js';
import { checksummed, conditionIdsParam, dec, sharesToMicro } from './params.js';
import { holderRows, profilesOf } from './queries.js';
import { dbVersion } from '../store/db-version.js';
import { PageCache } from '../store/page-cache.js';

/** Markets per request: each costs two index scans. */
export const MAX_HOLDER_MARKETS = 100;

/** The query of `GET /holders` (spec "Holders"), declared by the route. */
export const HoldersQuery = Type.Object({
  market: Type.String({ description: `comma-separated condition ids (at most ${MAX_HOLDER_MARKETS})` }),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: 100, description: 'holders per token' })),
  minBalance: Type.Optional(Type.Number({ minimum: 0, default: 1, description: 'minimum balance in shares' })),
}, { additionalProperties: false });
export type HoldersQuery = Static<typeof HoldersQuery>;

/** Serialised answers, 16 MB at most, valid while no write has been committed. */
const pages = new PageCache(16 * 1024 * 1024);

/** The `GET /holders` answer as the JSON bytes the route sends. */
export async function holdersPage(db: Kysely<Database>, dialect: Dialect, q: HoldersQuery): Promise<Buffer> {
  const markets = conditionIdsParam('market', q.market, MAX_HOLDER_MARKETS);
  if (!markets) throw errors.required('market');
  const limit = q.limit ?? 100;
  const minSize = sharesToMicro(q.minBalance ?? 1);
  const key = `${limit} ${minSize} ${markets.join(',')}`;
  const version = await dbVersion(db, dialect); // taken before any read (see store/db-version.ts)
  return pages.get(db, key, version) ?? pages.set(db, key, version, Buffer.from(JSON.stringify(await listHolders(db, markets, limit, minSize))));
}

async function listHolders(db: Kysely<Database>, markets: string[], limit: number, minSize: number) {
  const tokens = markets.flatMap((cid) => [{ cid, o: 0 }, { cid, o: 1 }]);
  const lists = await Promise.all(tokens.map((t) => holderRows(db, `${t.cid}:${t.o}`, minSize, limit)));
  const profiles = await profilesOf(db, [...new Set(lists.flatMap((l) => l.map((h) => h.wallet)))]);
  const groups = [];
  for (let n = 0; n < tokens.length; n++) {
    const list = lists[n]!;
    if (list.length === 0) continue;
    const { cid, o } = tokens[n]!;
    const token = `${cid}:${o}`;
    groups.push({
      token,
      holders: list.map((h) => {
        // Without a profile: empty strings, displayUsernamePublic true (the profile default).
        const p = profiles.get(h.wallet);
        return {
          proxyWallet: checksummed(h.wallet), bio: p?.bio ?? '', asset: token, pseudonym: p?.pseudonym ?? '', amount: dec(h.size),
          displayUsernamePublic: p ? p.display_username_public !== 0 : true, outcomeIndex: o, name: p?.name ?? '',
          profileImage: p?.profile_image ?? '', profileImageOptimized: p?.profile_image ?? '',
        };
      }),
    });
  }
  return groups;
}
