import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Web push.
 *
 * - `users.push_messages`, `push_matches`, `push_friend_requests`, `push_trades`: one switch per
 *   kind, off until the member turns it on.
 * - `push_subscriptions`: one row per subscribed browser (its push service endpoint, unique, and
 *   its keys), belonging to the member and the session that subscribed it, and made with the
 *   server's VAPID public key of then. Deleting the member or the session deletes it, and so does
 *   ending the session (signing out, a password reset, a suspension): a trigger, whatever ends it.
 * - `push_queue`: the durable send queue, one row per push per subscription, shaped like the
 *   outbox; its rows go with their subscription.
 * - `message_push_notices`: per conversation, the newest message whose push a push service
 *   accepted, so the "unread messages" e-mail leaves those messages alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = isSqlite(db);
  const stamp = sqlite ? 'text' : 'timestamptz';
  const now = sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`now()`;
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    sqlite
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'serial', (c) => c.primaryKey());

  for (const column of ['push_messages', 'push_matches', 'push_friend_requests', 'push_trades'])
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

  await id(db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session').on('push_subscriptions').column('session_id').execute();

  await id(db.schema.createTable('push_queue'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('message_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', stamp)
    .addColumn('locked_until', stamp)
    .addColumn('locked_by', 'text')
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', stamp)
    .addColumn('error', 'text')
    .execute();
  // The worker's one question, as the outbox's: which pushes are due (or their lease is over).
  await db.schema.createIndex('push_queue_due').on('push_queue').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('push_queue_subscription').on('push_queue').column('subscription_id').execute();
  await db.schema.createIndex('push_queue_user').on('push_queue').column('user_id').execute();
  await db.schema.createIndex('push_queue_created').on('push_queue').column('created_at').execute();

  await db.schema
    .createTable('message_push_notices')
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_id', 'integer', (c) => c.notNull())
    .addColumn('pushed_at', stamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('message_push_notices_pk', ['recipient_id', 'sender_id'])
    .execute();
  await db.schema.createIndex('message_push_notices_sender').on('message_push_notices').column('sender_id').execute();

  // Sessions are ended, not deleted: the devices they subscribed stop receiving the moment they end.
  if (sqlite) {
    await sql`create trigger push_subscriptions_end_with_session after update of ended_at on sessions
      when old.ended_at is null and new.ended_at is not null
      begin delete from push_subscriptions where session_id = new.id; end`.execute(db);
  } else {
    await sql`create function push_subscriptions_end_with_session() returns trigger language plpgsql as $$
      begin delete from push_subscriptions where session_id = new.id; return null; end $$`.execute(db);
    await sql`create trigger push_subscriptions_end_with_session after update of ended_at on sessions for each row
      when (old.ended_at is null and new.ended_at is not null)
      execute function push_subscriptions_end_with_session()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await sql`drop trigger push_subscriptions_end_with_session`.execute(db);
  else {
    await sql`drop trigger push_subscriptions_end_with_session on sessions`.execute(db);
    await sql`drop function push_subscriptions_end_with_session()`.execute(db);
  }
  await db.schema.dropTable('message_push_notices').execute();
  await db.schema.dropTable('push_queue').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  for (const column of ['push_trades', 'push_friend_requests', 'push_matches', 'push_messages'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
