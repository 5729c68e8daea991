import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * "Forgot password": single-use reset links, kept only as the hash of their token, and the moment
 * from which a member's sessions count again (a reset ends every session signed before it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  const table = db.schema.createTable('password_resets');
  await (
    isSqlite(db)
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'serial', (c) => c.primaryKey())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', stamp, (c) => c.notNull())
    .addColumn('used_at', stamp)
    .addColumn('created_at', stamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_token_hash').on('password_resets').column('token_hash').execute();
  await db.schema.alterTable('users').addColumn('sessions_valid_from', stamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_valid_from').execute();
  await db.schema.dropTable('password_resets').ifExists().execute();
}
