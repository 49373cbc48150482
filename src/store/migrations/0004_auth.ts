/**
 * Authentication state: API keys (no secrets — they are derived from the master key) and the
 * persisted dead-man's-switch sessions. Conventions of 0001: integer ms, 0/1 flags.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createTable('api_keys')
    .addColumn('api_key', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addUniqueConstraint('api_keys_generation', ['address', 'nonce', 'generation'])
    .execute();

  await db.schema.createTable('heartbeat_sessions')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('heartbeat_id', 'text', (c) => c.notNull())
    .addColumn('last_beat_ms', 'bigint', (c) => c.notNull())
    .addColumn('armed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('heartbeat_sessions_armed').on('heartbeat_sessions').columns(['armed', 'last_beat_ms']).execute();
}
