/**
 * The command journal (issue #42, src/exchange/README.md): each committed batch's commands, as
 * JSON, with the batch's `seq`, the writer's epoch, its seal time and a digest of the rows it
 * wrote — stored by the same statement as the rows, so a journal entry exists exactly when its
 * batch does. Followers replay it (src/cluster/README.md); the writer keeps a bounded tail.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createTable('journal')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('commands', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .execute();
}
