/**
 * Reading `page_versions` (migrations 0018 and 0024): a version per kind of kept answer, and per
 * entity where answers belong to one, bumped by triggers on every change to what such answers
 * show or select by, whoever writes the rows. A reader takes the versions *before* anything its
 * answer is built from, so a kept answer is never older than the versions it is kept under (on
 * SQLite a read plan reads them in the same snapshot as the rows).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { memoUntilCommit } from './handles.js';
import { prepared } from './prepared.js';
import { rows as read, runPlan, type Plan } from './read-plan.js';

const versionRows = prepared((db, names: string[], id: number) =>
  db.selectFrom('page_versions').select(['pages', 'version']).where('pages', 'in', names).where('id', '=', id));

/** The versions of `names` (each with `id`; a missing row is version 0) as one stamp (a read-plan step). */
export function* versionsOf(names: string[], id: number): Plan<string> {
  const found = new Map((yield* read(versionRows.read, undefined, names, id)).map((r) => [r.pages, r.version]));
  return names.map((n) => String(found.get(n) ?? 0)).join('.');
}

/**
 * The versions of `names` (id 0) read on their own, for kept answers outside a read plan (the
 * data API's market views: `markets`). On SQLite the read is skipped while nothing has been
 * committed since the last one (handles.ts `memoUntilCommit`: the commit probe as the reader's
 * private accelerator).
 */
export function pageVersions(db: Kysely<Database>, names: string[]): Promise<string> {
  return memoUntilCommit(db, `page_versions:${names.join(',')}`, () => runPlan(db, versionsOf(names, 0)));
}
