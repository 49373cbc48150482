/**
 * The dialect-specific half of `/public-search`: how a query's words become an index lookup.
 * SQLite: an FTS5 MATCH on events_fts / tags_fts (migration 0002). PostgreSQL: `@@` against the
 * GIN-indexed `to_tsvector('simple', …)` expressions of the same migration — the expressions
 * here must stay identical to the indexed ones or the planner falls back to a scan.
 * Every word must match; the last one may be a prefix (search-as-you-type).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../store/migrations/context.js';

/** Lower-cased words of a query, as both tokenizers see them (runs of letters and digits). */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

export function ftsMatch(words: string[]): string {
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

function tsQuery(words: string[]): string {
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** The words as the dialect's full-text query (an FTS5 MATCH string, a tsquery). */
export function matchText(dialect: Dialect, words: string[]): string {
  return dialect === 'sqlite' ? ftsMatch(words) : tsQuery(words);
}

/** A condition on `events as e` true when the event's title or slug matches `matchText`. */
export function eventMatch(dialect: Dialect, text: string) {
  return (): Expression<SqlBool> => dialect === 'sqlite'
    ? sql<SqlBool>`e.id in (select rowid from events_fts where events_fts match ${text})`
    : sql<SqlBool>`to_tsvector('simple', e.title || ' ' || e.slug) @@ to_tsquery('simple', ${text})`;
}

/** The same for `tags as t` (label or slug). */
export function tagMatch(dialect: Dialect, text: string) {
  return (): Expression<SqlBool> => dialect === 'sqlite'
    ? sql<SqlBool>`t.id in (select rowid from tags_fts where tags_fts match ${text})`
    : sql<SqlBool>`to_tsvector('simple', t.label || ' ' || t.slug) @@ to_tsquery('simple', ${text})`;
}

/**
 * The query's values as the ranking's tier expression takes them, one by one (prepared
 * statements take scalar parameters): the lower-cased query and its slug, each also as a LIKE
 * prefix pattern.
 */
export type TierArgs = [lowered: string, loweredLike: string, slug: string, slugLike: string];
export function tierArgs(lowered: string, slug: string): TierArgs {
  return [lowered, `${likeEscape(lowered)}%`, slug, `${likeEscape(slug)}%`];
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
