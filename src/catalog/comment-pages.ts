/**
 * `GET /comments` pages kept as JSON text (page-versions.ts). A page's comments, reactions and
 * profiles change only when someone writes them; its authors' positions change with their trades.
 * So a page is kept as its JSON text with a hole where each comment's `positions` go, and the
 * positions are read and the holes filled whenever the whole answer is built (service.ts keeps
 * the filled answer under COMMENT_ANSWERS).
 *
 * - A kept page is used while the version of its entity (`comments:<type>`, its id) is the one it
 *   was built at; pages that are not one entity's (no entity filter) follow `comments`.
 * - The text is what the route's schema serializer writes: `shapeComments` builds the fields in
 *   schema order with strings already strings, so native `JSON.stringify` matches
 *   fast-json-stringify (test/catalog/kept-pages.test.ts checks it).
 * - A hole is written as the string `"\u0000<n>"` in place of the positions array and found by
 *   its key, `"positions":`. A comment's own text cannot forge it: inside a JSON string every
 *   quote is escaped, so an unescaped `"positions":"` is always the shape's own key.
 */
import type { Plan } from '../store/read-plan.js';
import { versionsOf } from '../store/page-versions.js';
import type { CacheArea } from '../store/cache.js';
import type { Entity } from './holders.js';
import { authorOf, authorPositions } from './comment-shape.js';
import type { WireComment } from './schemas.js';

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
    marked.push(authorOf(c));
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

/** What a kept page costs in the cache: UTF-16 text, two bytes a character. */
export const pageTextBytes = (p: PageText): number => p.chars * 2;

/**
 * The page `key` (everything that selects it, entity included) of `entity`'s comments
 * (undefined: a page that is not one entity's), kept in `pages`, or built by `build` and kept
 * (a read-plan step: the version is read in the plan's snapshot, before the rows).
 */
export function* keptPage(pages: CacheArea<PageText>, entity: Entity | undefined, key: string, build: () => Plan<WireComment[]>): Plan<PageText> {
  const version = yield* versionsOf([entity ? `comments:${entity.type}` : 'comments'], entity?.id ?? 0);
  return pages.get(key, version) ?? pages.set(key, version, pageText(yield* build()));
}
