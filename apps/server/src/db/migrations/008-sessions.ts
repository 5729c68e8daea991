import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sessions: one row per sign-in (its token's jti), with the browser it came from, when it was
 * last used and whether it was ended. A token passes only while its row is live, so the revoked
 * tokens (logouts of the last seven days) become ended rows here and their table goes.
 *
 * Tokens signed before this migration have no row: the first request with one that is still
 * valid (not logged out, not before a password reset) creates its row, so members signed in at
 * deploy stay signed in and see that device in their list from then on (see auth.tokens.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  const table = db.schema.createTable('sessions');
  await (
    isSqlite(db)
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'serial', (c) => c.primaryKey())
  )
    .addColumn('jti', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text')
    .addColumn('created_at', stamp, (c) => c.notNull())
    .addColumn('last_seen_at', stamp, (c) => c.notNull())
    .addColumn('expires_at', stamp, (c) => c.notNull())
    .addColumn('ended_at', stamp)
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  const now = new Date().toISOString();
  const revoked = await db
    .selectFrom('revoked_tokens')
    .select(['jti', 'user_id', 'expires_at'])
    .where('expires_at', '>', now)
    .execute();
  for (let i = 0; i < revoked.length; i += 500) {
    await db
      .insertInto('sessions')
      .values(
        revoked.slice(i, i + 500).map((r: { jti: string; user_id: number; expires_at: string | Date }) => ({
          jti: r.jti,
          user_id: r.user_id,
          created_at: now,
          last_seen_at: now,
          expires_at: r.expires_at instanceof Date ? r.expires_at.toISOString() : r.expires_at,
          ended_at: now,
        })),
      )
      .execute();
  }
  await db.schema.dropTable('revoked_tokens').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', stamp, (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  const ended = await db
    .selectFrom('sessions')
    .select(['jti', 'user_id', 'expires_at'])
    .where('ended_at', 'is not', null)
    .where('expires_at', '>', now)
    .execute();
  for (let i = 0; i < ended.length; i += 500) {
    await db
      .insertInto('revoked_tokens')
      .values(ended.slice(i, i + 500))
      .execute();
  }
  await db.schema.dropTable('sessions').execute();
}
