import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The weekly "new near you" e-mail.
 *
 * - `users.email_digest`: its switch, off for every member from before it existed (members who
 *   register from now on start with it on).
 * - `users.digest_due_at`: when the member's next one is due (their Saturday morning), set once the
 *   switch is on; the instance that sends it moves it a week on in the same statement that claims
 *   it, so each goes out once. Its index holds only members with one due.
 * - `users.digest_since`: when the last one was made (sent, or skipped as empty): the next one
 *   tells what is new since.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .alterTable('users')
    .addColumn('email_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('digest_due_at', stamp).execute();
  await db.schema.alterTable('users').addColumn('digest_since', stamp).execute();
  await db.schema
    .createIndex('users_digest_due')
    .on('users')
    .column('digest_due_at')
    .where(sql.ref('digest_due_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_digest_due').execute();
  await db.schema.alterTable('users').dropColumn('digest_since').execute();
  await db.schema.alterTable('users').dropColumn('digest_due_at').execute();
  await db.schema.alterTable('users').dropColumn('email_digest').execute();
}
