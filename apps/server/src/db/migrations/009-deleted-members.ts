import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Leaving: a deleted member's row goes (and with it, by cascade, everything that was theirs), but
 * the conversations they had stay with the other members. Those messages move to a scrubbed
 * stand-in row, marked by `deleted_at`, that has no e-mail, name, password or photo of theirs and
 * that every route treats as "Deleted member".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('deleted_at', isSqlite(db) ? 'text' : 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
