/**
 * SQLite, unscoped, many matches: the first `need` events of a search in rank order without
 * visiting every match (README "Read performance"). The ranking is search.ts's, unchanged:
 * tier (0 exact, 1 prefix, 2 word), then open before closed, volume, newest id.
 * - tiers 0 and 1 are found through `events_title_lower` / `events_slug_lower` (migration 0011):
 *   SQLite's `lower` and `LIKE` fold ASCII only, so for a lower-case ASCII query
 *   `lower(x) LIKE 'q%'` is exactly the index range [q, q′) where q′ is q with its last
 *   character incremented; when that range is large the tier is walked instead (below);
 * - otherwise a tier is walked down `events_search_walk` (closed = 0, then 1; volume, id
 *   descending: the rank order within a tier; title and slug in the index), in chunks, until
 *   enough of its rows match.
 * Whether a walked row matches is what FTS5 decides: for a title and slug of ASCII and common
 * punctuation (PLAIN) the unicode61 tokenizer's tokens are the runs of ASCII letters and digits,
 * lower-cased, so the row matches when every word is one of them and the last word starts one.
 * (Asking events_fts per row costs a whole doclist read each time, and a bound `rowid = ?`
 * next to MATCH is ignored by FTS5 3.53 — use a `between` if ever needed.) On any other row, or
 * a query that is not ASCII, this returns undefined and the caller ranks every match as before.
 * search.test.ts checks this path against the full ranking.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** Tunables; tests lower them to drive each path on a small catalog. */
export const searchWalk = {
  /**
   * Walk only when matches are dense enough: at least `density` × √(need × events) of them
   * (a walk reads about need × events / matches index entries, the full ranking one event row
   * per match). Tests set 0 to force the walk, Infinity to forbid it.
   */
  density: 1,
  /** Ranks deeper than this are left to the full ranking. */
  maxNeed: 500,
  /** A prefix range with more candidates than this is walked rather than read whole. */
  maxPrefixCandidates: 1000,
  /** Rows per walked chunk (at least). */
  chunk: 64,
};

const ASCII = /^[\x00-\x7e]*$/;
/** ASCII and punctuation every Unicode version has had (dashes, quotes, ellipsis, guillemets, no-break space): separators to unicode61. */
const PLAIN = /^[\x00-\x7e\u00a0\u00ab\u00bb\u2010-\u2027]*$/;
const TOKENS = /[a-z0-9]+/g;

interface Row { id: number; title: string; slug: string; volume: number }

function nextString(s: string): string {
  return s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) + 1);
}

export interface WalkQuery {
  words: string[]; lowered: string; slug: string;
  /** How many ranked ids to return (offset + page size, at most `total`). */
  need: number;
  /** How many events match (events_fts). */
  total: number;
}

export async function walkRankedEvents(
  db: Kysely<any>, { words, lowered, slug, need, total }: WalkQuery, tier: (q: string, slug: string) => RawBuilder<number>,
): Promise<number[] | undefined> {
  if (!ASCII.test(lowered) || !ASCII.test(slug) || lowered === '' || need > searchWalk.maxNeed || need <= 0) return undefined;
  if (searchWalk.density > 0) {
    if (!Number.isFinite(searchWalk.density)) return undefined;
    const { rows: [top] } = await sql<{ n: number | null }>`select max(id) as n from events`.execute(db);
    if (total < searchWalk.density * Math.sqrt(need * Number(top?.n ?? 0))) return undefined;
  }
  const head = words.slice(0, -1);
  const last = words[words.length - 1]!;
  const tierOf = tier(lowered, slug);
  /** Whether FTS5 matches the row; undefined when only FTS5 itself can tell (the walk gives up). */
  const matches = (r: Row): boolean | undefined => {
    if (!PLAIN.test(r.title) || !PLAIN.test(r.slug)) return undefined;
    const tokens = `${r.title} ${r.slug}`.toLowerCase().match(TOKENS) ?? ([] as string[]);
    return head.every((w) => tokens.includes(w)) && tokens.some((t) => t.startsWith(last));
  };
  const out: number[] = [];
  let unsure = false;
  const keep = (rows: Row[]) => {
    for (const r of rows) {
      if (out.length >= need) return;
      const m = matches(r);
      if (m === undefined) { unsure = true; return; }
      if (m) out.push(r.id);
    }
  };

  /** Rows of tier `t` in rank order, until `need` are kept or the tier is exhausted. */
  const walk = async (t: number) => {
    for (const closed of [0, 1]) {
      let cursor: Row | undefined;
      while (out.length < need) {
        const size = Math.max(searchWalk.chunk, 2 * (need - out.length));
        const { rows } = await sql<Row>`select e.id, e.title, e.slug, e.volume from events e indexed by events_search_walk
          where e.closed = ${closed}${cursor ? sql` and (e.volume, e.id) < (${cursor.volume}, ${cursor.id})` : sql``}
          and ${tierOf} = ${t} order by e.volume desc, e.id desc limit ${size}`.execute(db);
        keep(rows);
        if (unsure) return;
        if (rows.length < size) break;
        cursor = rows[rows.length - 1];
      }
    }
  };

  const prefix = sql`((lower(e.title) >= ${lowered} and lower(e.title) < ${nextString(lowered)})
    or (lower(e.slug) >= ${slug} and lower(e.slug) < ${nextString(slug)}))`;
  const { rows: [counted] } = await sql<{ n: number }>`select count(*) as n from
    (select 1 from events e where ${prefix} limit ${searchWalk.maxPrefixCandidates + 1})`.execute(db);
  if (Number(counted?.n ?? 0) <= searchWalk.maxPrefixCandidates) {
    const { rows } = await sql<Row>`select e.id, e.title, e.slug, e.volume from events e where ${prefix} and ${tierOf} < 2
      order by ${tierOf}, e.closed, e.volume desc, e.id desc`.execute(db);
    keep(rows);
  } else {
    const { rows } = await sql<Row>`select e.id, e.title, e.slug, e.volume from events e
      where (lower(e.title) = ${lowered} or e.slug = ${slug}) order by e.closed, e.volume desc, e.id desc`.execute(db);
    keep(rows);
    if (out.length < need && !unsure) await walk(1);
  }
  if (out.length < need && !unsure) await walk(2);
  return unsure ? undefined : out;
}
