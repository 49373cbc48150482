/**
 * Contract cases of the venue's further Gamma and Data API reads (served on the /gamma and
 * /data-api mounts only; src/routes/catalog/gamma-reads.ts, src/routes/dataapi/venue.ts): each
 * route called with parameters from earlier answers of the walk, plus a few refusals.
 */
import type { ContractClient } from './support.js';

const enc = encodeURIComponent;

export interface VenueWalkInput {
  cid: string; holder: string; eventId: string; eventSlug: string; marketId: string; marketSlug: string; tagSlug: string;
  commentUser: string;
}

export async function walkVenueReads(c: ContractClient, v: VenueWalkInput): Promise<void> {
  const gamma = async (url: string, expect = 200) => (await c.call({ method: 'GET', url, expect, mount: '/gamma' })).json;
  const data = async (url: string, expect = 200) => (await c.call({ method: 'GET', url, expect, mount: '/data-api' })).json;
  await gamma(`/events/${v.eventId}`);
  await gamma(`/events/${v.eventId}/tags`);
  await gamma('/events/99999999', 404);
  await gamma(`/markets/${v.marketId}`);
  const page = await gamma('/markets/keyset?limit=2') as { next_cursor?: string } | undefined;
  if (page?.next_cursor !== undefined) await gamma(`/markets/keyset?limit=2&after_cursor=${page.next_cursor}`);
  await gamma(`/markets/keyset?condition_ids=${v.cid}&closed=false`);
  const tag = await gamma(`/tags/slug/${enc(v.tagSlug)}`) as { id: string } | undefined;
  if (tag) {
    await gamma(`/tags/${tag.id}`);
    await gamma(`/tags/${tag.id}/related-tags`);
    await gamma(`/tags/${tag.id}/related-tags/tags`);
  }
  await gamma(`/tags/slug/${enc(v.tagSlug)}/related-tags`);
  await gamma(`/tags/slug/${enc(v.tagSlug)}/related-tags/tags`);
  await gamma('/tags/slug/no-such-tag', 404);
  const series = await gamma('/series?limit=5') as Array<{ id: string }> | undefined;
  if (series?.[0]) await gamma(`/series/${series[0].id}`);
  await gamma('/series/99999999', 404);
  const comments = await gamma(`/comments/user_address/${v.commentUser}`) as Array<{ id: string }> | undefined;
  if (comments?.[0]) await gamma(`/comments/${comments[0].id}`);
  await gamma('/comments/99999999', 404);
  await gamma(`/public-profile?address=${v.commentUser}`);
  await gamma('/public-profile?address=nope', 400);

  await data(`/trades?user=${v.holder}`);
  await data(`/trades?market=${v.cid}&takerOnly=false&limit=5`);
  await data(`/trades?eventId=${v.eventId}&filterType=CASH&filterAmount=1`);
  await data('/trades?bogus=1', 400);
  await data(`/traded?user=${v.holder}`);
  await data(`/value?user=${v.holder}`);
  await data(`/closed-positions?user=${v.holder}`);
  await data(`/v1/market-positions?market=${v.cid}&status=ALL`);
  await data(`/oi?market=${v.cid}`);
  await data('/oi');
  await data(`/live-volume?id=${v.eventId}`);
  await data('/live-volume?id=99999999', 404);
  await data('/v1/leaderboard?timePeriod=ALL&orderBy=VOL');
  await data('/v1/leaderboard?timePeriod=YEAR', 400);
  await data(`/v1/accounting/snapshot?user=${v.holder}`);
  await data('/v1/builders/leaderboard');
  await data('/v1/builders/volume?timePeriod=WEEK');
}
