/**
 * Signed orders (issue #28, docs/bots.md): `signed_orders` remembers the EIP-712 hash of every
 * accepted signed order, so the same signed order is refused the second time, also after a
 * restart (replay); `wallet_signers` holds the operator's links from a funder wallet (the
 * order's maker for signature types 1 and 2) to the signer addresses allowed to sign for it.
 * Addresses are stored lower-case. `token_sources` keeps the token ids an imported market's
 * source gave (`clobTokenIds`): in ctf mode they are shown instead of the derived ones.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('signed_orders')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('signer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createTable('wallet_signers')
    .addColumn('funder', 'text', (c) => c.notNull())
    .addColumn('signer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_signers_pk', ['funder', 'signer'])
    .execute();
  await db.schema.createTable('token_sources')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.notNull().unique())
    .execute();
}
