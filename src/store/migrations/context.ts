/**
 * What a migration may know about the backend it runs on. Migrations are written once with the
 * SQL builder; the few things the two dialects spell differently (an auto-increment key, a
 * full-text index) go through this context instead of `if` chains in every file.
 */
import type { CreateTableBuilder } from 'kysely';
import { POLYGON_COLLATERAL, type Collateral } from '../../domain/ctf-ids.js';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
  /** Adds `id` as an auto-incrementing integer primary key. */
  autoPk<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
  /** The collateral of the position-id formula (the config's; migration 0029 derives token ids with it). */
  collateral: Collateral;
  /** Progress of long work (a migration over a large catalog). */
  progress?: (what: string, done: number, total: number) => void;
}

export interface MigrationOptions { collateral?: Collateral; progress?: (what: string, done: number, total: number) => void }

export function migrationContext(dialect: Dialect, opts: MigrationOptions = {}): MigrationContext {
  return {
    dialect,
    collateral: opts.collateral ?? POLYGON_COLLATERAL,
    ...(opts.progress ? { progress: opts.progress } : {}),
    autoPk: (table) =>
      dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey()),
  };
}
