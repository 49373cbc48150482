/**
 * SQLite, unscoped: the first `need` events of a search in rank order without sorting every match
 * (README "Read performance"). The ranking is search.ts's, unchanged: tier (0 exact, 1 prefix,
 * 2 word), then open before closed, volume, newest id.
 * - tiers 0 and 1 are found through `events_title_lower` / `events_slug_lower` (migration 0011):
 *   SQLite's `lower` and `LIKE` fold ASCII only, so for a lower-case ASCII query
 *   `lower(x) LIKE 'q%'` is exactly the index range [q, q′) where q′ is q with its last
 *   character incremented; SQLite sorts that range and returns the first rows; when the range is
 *   large, tier 0 is read by equality and tier 1 walked in chunks (below);
 * - tier 2 follows `events_search_walk` (closed = 0, then 1; volume, id descending: the rank order
 *   within a tier), in one of two ways, whichever `plan` expects to cost less:
 *   - `list`: inside SQLite, against the list of matching rowids that FTS5 gives once per
 *     statement (cost ∝ matches, plus a cheap check per walked index entry);
 *   - `chunks`: rows are read here in chunks and matched as FTS5 would match them (cost ∝
 *     walked rows, each carried into JavaScript: the way for a word in a good part of the catalog).
 *   With few matches neither pays: the caller ranks every match (`plan` says `full`).
 * Whether a chunk-walked row matches: for a title and slug of ASCII and common punctuation (PLAIN)
 * the unicode61 tokenizer's tokens are the runs of ASCII letters and digits, lower-cased, so the
 * row matches when every word is one of them and the last word starts one. (Asking events_fts per
 * row costs a whole doclist read each time, and a bound `rowid = ?` next to MATCH is ignored by
 * FTS5 3.53 — use a `between` if ever needed.) On any other row, or a query that is not ASCII,
 * this returns undefined and the caller ranks every match as before.
 * search-walk.test.ts checks every way against the full ranking.
 */
import { sql } from 'kysely';
import { literal, prepared } from '../../store/prepared.js';
import { rows as read, type Plan as ReadPlan } from '../../store/read-plan.js';

/** Tunables; tests set `force` to drive each way on a small catalog. */
export const searchWalk = {
  force: undefined as Plan | undefined,
  /** Ranks deeper than this are left to the full ranking. */
  maxNeed: 500,
  /** A prefix range with more candidates than this is walked rather than sorted whole. */
  maxPrefixCandidates: 1000,
  /** Rows per walked chunk (at least). */
  chunk: 64,
  /**
   * Relative costs (µs on the scale catalog, SQLite 3.53): ranking every match reads its event
   * row and computes its tier (`row`); `list` puts every match in a list (`listed`) and checks
   * each walked index entry against it (`probe`); `chunks` carries each walked row into
   * JavaScript (`carried`).
   */
  cost: { row: 2.9, listed: 0.12, probe: 0.2, carried: 2.3 },
};

export type Plan = 'full' | 'list' | 'chunks';

/**
 * The cheapest way to rank `need` of `total` matching events among `events`: a walk in rank
 * order visits about need × events / total index entries before it has `need` matches.
 */
export function plan(total: number, need: number, events: number): Plan {
  if (searchWalk.force) return searchWalk.force;
  const { row, listed, probe, carried } = searchWalk.cost;
  const walked = (need * events) / Math.max(1, total);
  const costs: Array<[Plan, number]> = [['full', row * total], ['list', listed * total + probe * walked], ['chunks', carried * walked]];
  return costs.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
}

const ASCII = /^[\x00-\x7e]*$/;
/** ASCII and punctuation every Unicode version has had (dashes, quotes, ellipsis, guillemets, no-break space): separators to unicode61. */
const PLAIN = /^[\x00-\x7e\u00a0\u00ab\u00bb\u2010-\u2027]*$/;
const TOKENS = /[a-z0-9]+/g;

interface Row { id: number; title: string; slug: string; volume: number }

/**
 * The query's values as the ranking's tier expression takes them, one by one (prepared
 * statements take scalar parameters): the lower-cased query and its slug, each also as a LIKE
 * prefix pattern.
 */
export type TierArgs = [lowered: string, loweredLike: string, slug: string, slugLike: string];
export function tierArgs(lowered: string, slug: string): TierArgs {
  return [lowered, `${likeEscape(lowered)}%`, slug, `${likeEscape(slug)}%`];
}

function nextString(s: string): string {
  return s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) + 1);
}

const highestId = prepared(() => sql<{ n: number | null }>`select max(id) as n from events`);
/**
 * The first `limit` matches in rank order within a tier: open events, then closed ones (the
 * closed half runs only when the open half falls short of the limit).
 */
const matchingIds = prepared((_db, fts: string, limit: number) => {
  const half = (closed: number) => sql`select id from (select e.id from events e indexed by events_search_walk
    where e.closed = ${closed} and e.id in (select rowid from events_fts where events_fts match ${fts})
    order by e.volume desc, e.id desc limit ${limit})`;
  return sql<{ id: number }>`${half(0)} union all ${half(1)} limit ${limit}`;
});

/**
 * The walk's statements. None binds a LIKE pattern in its WHERE: this SQLite (STAT4) prepares such
 * a statement again on every run, as it does a bound LIMIT (prepared.ts). For the lower-case
 * ASCII queries the walk serves, a LIKE prefix is exactly the range `range` tests.
 */
function statements() {
  const range = (q: string, upper: string, slug: string, slugUpper: string) => sql`((lower(e.title) >= ${q} and lower(e.title) < ${upper})
    or (lower(e.slug) >= ${slug} and lower(e.slug) < ${slugUpper}))`;
  return {
    prefixCount: prepared((_db, q: string, upper: string, slug: string, slugUpper: string, max: number) => sql<{ n: number }>`select
      count(*) as n from (select 1 from events e where ${range(q, upper, slug, slugUpper)} limit ${max})`),
    // In the range, a row's tier is 0 or 1 (the range is the prefix); 0 when it equals the query.
    prefixRows: prepared((_db, lowered: string, upper: string, slug: string, slugUpper: string, limit: number) => sql<Row>`select
      e.id, e.title, e.slug, e.volume from events e where ${range(lowered, upper, slug, slugUpper)}
      order by (lower(e.title) = ${lowered} or e.slug = ${slug}) desc, e.closed, e.volume desc, e.id desc limit ${limit}`),
    // Tier 1 of a large range in rank order: the walk checks the range on each entry (the
    // index carries title and slug); a large range is dense enough for that to end soon.
    rangeRows: prepared((_db, lowered: string, upper: string, slug: string, slugUpper: string, limit: number) => {
      const half = (closed: number) => sql`select * from (select e.id, e.title, e.slug, e.volume from events e indexed by events_search_walk
        where e.closed = ${closed} and ${range(lowered, upper, slug, slugUpper)} and not (lower(e.title) = ${lowered} or e.slug = ${slug})
        order by e.volume desc, e.id desc limit ${limit})`;
      return sql<Row>`${half(0)} union all ${half(1)} limit ${limit}`;
    }),
    exactRows: prepared((_db, lowered: string, slug: string) => sql<Row>`select e.id, e.title, e.slug, e.volume from events e
      where (lower(e.title) = ${lowered} or e.slug = ${slug}) order by e.closed, e.volume desc, e.id desc`),
    // Tier 2: neither title nor slug in the prefix range (equal to the query is in it too).
    chunk: prepared((_db, lowered: string, upper: string, slug: string, slugUpper: string, closed: number, volume: number, id: number, limit: number) => sql<Row>`select
      e.id, e.title, e.slug, e.volume from events e indexed by events_search_walk
      where e.closed = ${closed} and (e.volume, e.id) < (${volume}, ${id}) and not ${range(lowered, upper, slug, slugUpper)}
      order by e.volume desc, e.id desc limit ${limit}`),
  };
}
const st = statements();

export interface WalkQuery {
  words: string[]; lowered: string; slug: string;
  /** The words as an FTS5 MATCH string (search-sql.ts `matchText`). */
  match: string;
  /** How many ranked ids to return (offset + page size, at most `total`). */
  need: number;
  /** How many events match (events_fts). */
  total: number;
}

/** The first `need` matching ids in rank order (a read-plan step); undefined when the full ranking must do it. */
export function* walkRankedEvents({ words, lowered, slug, match, need, total }: WalkQuery): ReadPlan<number[] | undefined> {
  if (!ASCII.test(lowered) || !ASCII.test(slug) || lowered === '' || need > searchWalk.maxNeed || need <= 0) return undefined;
  const how = plan(total, need, Number((yield* read(highestId.read, undefined))[0]?.n ?? 0));
  if (how === 'full') return undefined;
  const upper = nextString(lowered);
  const slugUpper = nextString(slug);
  const head = words.slice(0, -1);
  const last = words[words.length - 1]!;
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

  /** Tier 2 in chunks, in rank order, until `need` are kept or the tier is exhausted. */
  function* walkChunks(): ReadPlan<void> {
    for (const closed of [0, 1]) {
      // Keyset from above the highest key (volumes are finite, ids safe integers).
      let cursor = { volume: Infinity, id: Number.MAX_SAFE_INTEGER };
      while (out.length < need) {
        const size = Math.max(searchWalk.chunk, 2 * (need - out.length));
        const rows = yield* read(st.chunk.read, undefined, lowered, upper, slug, slugUpper, closed, cursor.volume, cursor.id, literal(size));
        keep(rows);
        if (unsure) return;
        if (rows.length < size) break;
        cursor = rows[rows.length - 1]!;
      }
    }
  }

  /**
   * Tier 2 through the match list. Every tier-0/1 match is in `out` by now (the tier steps stop
   * early only when `out` is full), so the matches in rank order, minus those, are tier 2; the
   * first `need` of them hold at least the `need - out.length` that are missing.
   */
  function* walkList(): ReadPlan<void> {
    const seen = new Set(out);
    for (const { id } of yield* read(matchingIds.read, undefined, match, literal(need))) {
      if (out.length >= need) return;
      if (!seen.has(id)) out.push(id);
    }
  }

  /**
   * Fills `out` after its first `base` ids from `fetch(limit)` (rows in rank order); asks for 4×
   * as many again when some rows did not match, until `out` is full or the rows run out.
   */
  function* fill(base: number, fetch: (limit: number) => ReadPlan<Row[]>): ReadPlan<void> {
    for (let limit = need - base; !unsure && out.length < need; limit *= 4) {
      out.length = base;
      const rows = yield* fetch(limit);
      keep(rows);
      if (rows.length < limit) return;
    }
  }

  const { n: candidates = 0 } = (yield* read(st.prefixCount.read, undefined, lowered, upper, slug, slugUpper, literal(searchWalk.maxPrefixCandidates + 1)))[0] ?? {};
  if (Number(candidates) <= searchWalk.maxPrefixCandidates) {
    // The range's best rows, sorted by SQLite.
    yield* fill(0, (limit) => read(st.prefixRows.read, undefined, lowered, upper, slug, slugUpper, literal(limit)));
  } else {
    keep(yield* read(st.exactRows.read, undefined, lowered, slug));
    yield* fill(out.length, (limit) => read(st.rangeRows.read, undefined, lowered, upper, slug, slugUpper, literal(limit)));
  }
  if (out.length < need && !unsure) {
    if (how === 'list') yield* walkList();
    else yield* walkChunks();
  }
  return unsure ? undefined : out;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
