/**
 * The words FTS5 indexes for a title or slug (migration 0002: unicode61, remove_diacritics 2),
 * made here exactly as FTS5 makes them. For plain text — ASCII and punctuation every Unicode
 * version has had (dashes, quotes, ellipsis, guillemets, no-break space), separators to
 * unicode61 — a word is a run of ASCII letters and digits, lower-cased. Any other text goes to
 * FTS5 itself: a scratch in-memory table with the same tokenizer, whose vocabulary is read back.
 */
import Sqlite from 'better-sqlite3';

const PLAIN = /^[\x00-\x7e\u00a0\u00ab\u00bb\u2010-\u2027]*$/;
const WORDS = /[a-z0-9]+/g;
const ASCII_UPPER = /[A-Z]+/g;
const HAS_UPPER = /[A-Z]/;
const PLAIN_WORD = /^[a-z0-9]+$/;

/** SQLite's `lower()` without ICU: ASCII letters only (what the SQL ranking's tiers compare); `s` itself when it has none. */
export function asciiLower(s: string): string {
  return HAS_UPPER.test(s) ? s.replace(ASCII_UPPER, (m) => m.toLowerCase()) : s;
}

interface Scratch { clear: Sqlite.Statement; put: Sqlite.Statement; words: Sqlite.Statement }
let scratch: Scratch | undefined;

function openScratch(): Scratch {
  const db = new Sqlite(':memory:');
  db.exec(`create virtual table t using fts5(x, tokenize='unicode61 remove_diacritics 2');
    create virtual table v using fts5vocab(t, 'instance');`);
  return {
    clear: db.prepare('delete from t'),
    put: db.prepare('insert into t (rowid, x) values (1, ?)'),
    words: db.prepare('select term from v order by offset').pluck(),
  };
}

/** Every word FTS5 finds in `text`, in order. */
function fts5Words(text: string): string[] {
  scratch ??= openScratch();
  scratch.clear.run();
  scratch.put.run(text);
  return scratch.words.all() as string[];
}

/** The distinct words FTS5 finds in the texts of one row. */
export function wordsOf(...texts: string[]): string[] {
  const joined = texts.join(' ');
  const words = PLAIN.test(joined) ? (joined.toLowerCase().match(WORDS) ?? []) : fts5Words(joined);
  return [...new Set(words)];
}

/**
 * The query's words as FTS5 reads them (search-sql.ts quotes each word): each must be a single
 * FTS5 word, else FTS5 would read a phrase and only the SQL ranking answers (undefined).
 */
export function queryTerms(words: string[]): string[] | undefined {
  const terms: string[] = [];
  for (const w of words) {
    if (PLAIN_WORD.test(w)) terms.push(w);
    else {
      const each = fts5Words(w);
      if (each.length !== 1) return undefined;
      terms.push(each[0]!);
    }
  }
  return terms;
}
