/**
 * What a migration may know about the backend it runs on. Migrations are written once with the
 * SQL builder; the few things the two dialects spell differently (an auto-increment key, a
 * full-text index) go through this context instead of `if` chains in every file.
 */
import type { CreateTableBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
  /** Adds `id` as an auto-incrementing integer primary key. */
  autoPk<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

export function migrationContext(dialect: Dialect): MigrationContext {
  return {
    dialect,
    autoPk: (table) =>
      dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey()),
  };
}
