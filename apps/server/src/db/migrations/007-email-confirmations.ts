import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Confirmed e-mail addresses: whether the member's address is confirmed (every member before this
 * counts as confirmed; registration stores 0), the new address a member asked to move to, and the
 * single-use links that confirm an address, kept only as the hash of their token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .alterTable('users')
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  const table = db.schema.createTable('email_confirmations');
  await (
    isSqlite(db)
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'serial', (c) => c.primaryKey())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', stamp, (c) => c.notNull())
    .addColumn('used_at', stamp)
    .addColumn('created_at', stamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_confirmations_token_hash')
    .on('email_confirmations')
    .column('token_hash')
    .execute();
  await db.schema.createIndex('email_confirmations_user_id').on('email_confirmations').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_confirmations').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed').execute();
}
