import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `idempotency_keys`: the requests members sent with an Idempotency-Key (creating a listing,
 * adding a photo), kept a day so a retry answers the first result instead of acting twice.
 * `listing_id` does not reference the listing: a retry after the listing was deleted answers 404.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('listing_id', 'integer')
    .addColumn('started_at', stamp, (c) => c.notNull())
    .addColumn('created_at', stamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
