/**
 * `GET /comments` pages kept as JSON text. A page's comments, reactions and profiles change only
 * when someone writes them; its authors' positions change with every trade. So a page is kept
 * (per process, per store) as its JSON text with a hole where each comment's `positions` go, and
 * every request reads the positions and fills the holes.
 *
 * - A kept page is used only while the version of its entity in `comment_versions` (migration
 *   0018: bumped by triggers on comments, reactions and profiles, whoever writes them) is the one
 *   it was built at; pages that are not one entity's (no entity filter) follow the global row.
 *   The version and the page's rows are read in the same read plan (one snapshot on SQLite; on
 *   PostgreSQL the version is read first, so a page is never older than its version).
 * - The text is what the route's schema serializer writes: `shapeComments` builds the fields in
 *   schema order with strings already strings, so native `JSON.stringify` matches
 *   fast-json-stringify (test/catalog/comment-pages.test.ts checks it).
 * - A hole is written as the string `"\u0000<n>"` in place of the positions array and found by
 *   its key, `"positions":`. A comment's own text cannot forge it: inside a JSON string every
 *   quote is escaped, so an unescaped `"positions":"` is always the shape's own key.
 * - At most KEPT_CHARS characters of pages are kept per store; the least recently used go first.
 */
import { prepared } from '../store/prepared.js';
import { rows as read, type Plan } from '../store/read-plan.js';
import type { Entity, EntityType } from './holders.js';
import { authorPositions, type WireComment } from './comment-shape.js';

/** Characters of page text kept per store (UTF-16 code units: ≈ 32–64 MB). */
export const KEPT_CHARS = 32 * 2 ** 20;

interface Hole { entity: Entity; wallet: string }
/** A page as JSON text cut at its holes: `parts[0] + positions(holes[0]) + parts[1] + …`. */
export interface PageText { parts: string[]; holes: Hole[]; chars: number }

/** `"positions":"\u0000<n>"` as JSON.stringify writes it; the capture is the hole's number. */
const HOLE = /(?<="positions":)"\\u0000(\d+)"/;

/** The text of a page of comments (`roots`, replies nested), with its holes. Takes over `roots`. */
export function pageText(roots: WireComment[]): PageText {
  const marked: Hole[] = [];
  const mark = (c: WireComment) => {
    (c.profile as { positions: unknown }).positions = `\u0000${marked.length}`;
    marked.push({ entity: { type: c.parentEntityType as EntityType, id: c.parentEntityID }, wallet: c.userAddress });
    c.replies.forEach(mark);
  };
  roots.forEach(mark);
  const pieces = JSON.stringify(roots).split(HOLE); // text, hole number, text, …, text
  const parts: string[] = [];
  const holes: Hole[] = [];
  let chars = 0;
  pieces.forEach((piece, i) => {
    if (i % 2) holes.push(marked[Number(piece)]!);
    else {
      parts.push(piece);
      chars += piece.length;
    }
  });
  return { parts, holes, chars };
}

/** The page's JSON with its authors' positions in the holes (a read-plan step: one query per entity). */
export function* fillPage(page: PageText, positionsExist: boolean): Plan<string> {
  if (page.holes.length === 0) return page.parts[0]!;
  const positions = yield* authorPositions(page.holes, positionsExist);
  let out = page.parts[0]!;
  page.holes.forEach((hole, i) => {
    const held = positions(hole.entity, hole.wallet);
    out += (held.length ? JSON.stringify(held) : '[]') + page.parts[i + 1]!;
  });
  return out;
}

interface Kept { version: number; page: PageText }

/** The kept pages of one store, least recently used first (a Map keeps insertion order), at most `budget` characters. */
export class KeptPages {
  private readonly pages = new Map<string, Kept>();
  private chars = 0;

  constructor(private readonly budget = KEPT_CHARS) {}

  get size(): number {
    return this.pages.size;
  }

  get(key: string, version: number): PageText | undefined {
    const kept = this.pages.get(key);
    if (!kept || kept.version !== version) return undefined;
    this.pages.delete(key);
    this.pages.set(key, kept); // now the most recently used
    return kept.page;
  }

  set(key: string, version: number, page: PageText): void {
    this.drop(key);
    if (page.chars > this.budget) return;
    this.pages.set(key, { version, page });
    this.chars += page.chars;
    for (const oldest of this.pages.keys()) {
      if (this.chars <= this.budget) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const kept = this.pages.get(key);
    if (!kept) return;
    this.pages.delete(key);
    this.chars -= kept.page.chars;
  }
}

const kept = new WeakMap<object, KeptPages>();

const versionRow = prepared((db, type: string, id: number) =>
  db.selectFrom('comment_versions').select('version').where('entity_type', '=', type).where('entity_id', '=', id));

/**
 * The page `key` (everything that selects it, entity included) of `entity`'s comments
 * (undefined: a page that is not one entity's), kept, or built by `build` and kept (a read-plan
 * step). `store`: what the pages are kept for (the store's Kysely instance).
 */
export function* keptPage(store: object, entity: Entity | undefined, key: string, build: () => Plan<WireComment[]>): Plan<PageText> {
  const [row] = yield* read(versionRow.read, undefined, entity?.type ?? '', entity?.id ?? 0);
  const version = Number(row?.version ?? 0);
  let pages = kept.get(store);
  if (!pages) kept.set(store, (pages = new KeptPages()));
  const page = pages.get(key, version);
  if (page) return page;
  const built = pageText(yield* build());
  pages.set(key, version, built);
  return built;
}
