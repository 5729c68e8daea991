import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Pickup times.
 *
 * - `pickups`: one per reserved listing, between its owner and the member it is kept for: the times
 *   one of them offered (a JSON array of UTC instants), the place, and, once the other picked one,
 *   the agreed time. It counts only while the listing is still reserved for that member.
 *   `remind_at` and `handover_ask_at` are the next reminder and the owner's "was it handed over?",
 *   nulled by the instance that sends them, so each goes out once; their indexes hold only what is due.
 * - `users.time_zone`: the member's IANA zone as their browser said it, for times in e-mails.
 * - `users.email_trades`: the e-mail switch for pickup times, on as the other kinds start.
 * - `outbox.attachments`: files an e-mail carries (a pickup's calendar entry), as JSON.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = isSqlite(db);
  const stamp = sqlite ? 'text' : 'timestamptz';
  const now = sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`now()`;

  await db.schema
    .createTable('pickups')
    .addColumn('listing_id', 'integer', (c) => c.primaryKey().references('listings.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offered_by_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('times', 'text', (c) => c.notNull())
    .addColumn('agreed_time', stamp)
    .addColumn('place', 'text')
    .addColumn('note', 'text')
    .addColumn('remind_at', stamp)
    .addColumn('handover_ask_at', stamp)
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', stamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('pickups_owner').on('pickups').column('owner_id').execute();
  await db.schema.createIndex('pickups_member').on('pickups').column('member_id').execute();
  await db.schema
    .createIndex('pickups_remind_at')
    .on('pickups')
    .column('remind_at')
    .where(sql.ref('remind_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('pickups_handover_ask_at')
    .on('pickups')
    .column('handover_ask_at')
    .where(sql.ref('handover_ask_at'), 'is not', null)
    .execute();

  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_trades', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('users').dropColumn('email_trades').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.dropTable('pickups').ifExists().execute();
}
