/**
 * `GET /holders`: the largest holders of each token of the requested markets. One covering
 * top-N scan of positions_holders (asset, size desc, wallet) per token, then one profile query
 * for every wallet of the answer. Groups follow the request's market order, outcome 0 then 1;
 * a token nobody holds (above minBalance) has no group. Ties in size go by wallet address.
 * The service (service.ts) keeps the answers; this file parses the query and reads the groups.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { errors } from '../errors/catalogue.js';
import { checksummed, conditionIdsParam, dec, sharesToMicro } from './params.js';
import { holderRows, profilesOf } from './queries.js';
import { MAX_HOLDER_MARKETS, type HolderGroupItem, type HoldersQuery } from './schemas.js';

export interface HoldersRequest { markets: string[]; limit: number; minSize: number }

/** The query as markets, limit and minimum size in micro-shares (a 400 for what the schema cannot check). */
export function holdersRequest(q: HoldersQuery): HoldersRequest {
  const markets = conditionIdsParam('market', q.market, MAX_HOLDER_MARKETS);
  if (!markets) throw errors.required('market');
  return { markets, limit: q.limit ?? 100, minSize: sharesToMicro(q.minBalance ?? 1) };
}

export async function holderGroups(db: Kysely<Database>, { markets, limit, minSize }: HoldersRequest): Promise<HolderGroupItem[]> {
  const ids = new Map((await db.selectFrom('tokens').select(['token_id', 'condition_id', 'outcome_index']).where('condition_id', 'in', markets).execute())
    .map((r) => [`${r.condition_id} ${r.outcome_index}`, r.token_id]));
  const tokens = markets.flatMap((cid) => [0, 1].flatMap((o) => {
    const token = ids.get(`${cid} ${o}`);
    return token === undefined ? [] : [{ o, token }];
  }));
  const lists = await Promise.all(tokens.map((t) => holderRows(db, t.token, minSize, limit)));
  const profiles = await profilesOf(db, [...new Set(lists.flatMap((l) => l.map((h) => h.wallet)))]);
  const groups: HolderGroupItem[] = [];
  for (let n = 0; n < tokens.length; n++) {
    const list = lists[n]!;
    if (list.length === 0) continue;
    const { o, token } = tokens[n]!;
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
