import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Messages reach offline members by e-mail, and e-mail is switched per kind.
 *
 * - `users.email_notifications` (one switch for everything) becomes `email_matches`,
 *   `email_friend_requests` and `email_messages`, each starting as the old switch was.
 * - `presence`: when each member was last seen with a connected socket, on any instance.
 * - `message_mail_notices`: per conversation (recipient, sender), when it was last e-mailed and up
 *   to which message, so a conversation is e-mailed at most once an hour and never twice for the
 *   same messages, whatever the number of instances.
 * - An index on unread messages, for the sweep that looks for conversations due an e-mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  for (const column of ['email_matches', 'email_friend_requests', 'email_messages'])
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  await db
    .updateTable('users')
    .set({ email_matches: 0, email_friend_requests: 0, email_messages: 0 })
    .where('email_notifications', '=', 0)
    .execute();
  await db.schema.alterTable('users').dropColumn('email_notifications').execute();

  await db.schema
    .createTable('presence')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_seen_at', stamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('message_mail_notices')
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', stamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('message_mail_notices_pk', ['recipient_id', 'sender_id'])
    .execute();
  await db.schema.createIndex('message_mail_notices_sender').on('message_mail_notices').column('sender_id').execute();

  await db.schema
    .createIndex('messages_unread_created')
    .on('messages')
    .column('created_at')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_unread_created').ifExists().execute();
  await db.schema.dropTable('message_mail_notices').ifExists().execute();
  await db.schema.dropTable('presence').ifExists().execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .updateTable('users')
    .set({ email_notifications: 0 })
    .where((eb) =>
      eb.and([eb('email_matches', '=', 0), eb('email_friend_requests', '=', 0), eb('email_messages', '=', 0)]),
    )
    .execute();
  for (const column of ['email_messages', 'email_friend_requests', 'email_matches'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
