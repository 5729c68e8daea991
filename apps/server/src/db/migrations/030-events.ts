import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Seed swap events.
 *
 * - `events`: one per event a member hosts, placed at its ZIP code's centre (`latitude`,
 *   `longitude`); its address is shown as given. `cancelled_at` once its host calls it off,
 *   `hidden_reason` once a moderator hides it, `owner_suspended` kept in step with its host's
 *   suspension (as on listings). `remind_at` is when the day-before reminder is due, nulled by the
 *   instance that sends it; `sequence` counts the changes a calendar entry must follow.
 * - `events_upcoming` serves "upcoming near a point": events start within a week of ending, so a
 *   list reads one short range of starts, its latitude and longitude in the index; cancelled and
 *   hidden events are left out of it. `events_owner` serves a host's own events,
 *   `event_attendees_user` a member's going list, and the photo indexes the uploads route.
 * - `event_attendees`: who is going, once each.
 * - `notifications.event_id`: the event an event notice is about.
 * - `users.push_events`: the push switch of event notices, off as the other kinds start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = isSqlite(db);
  const stamp = sqlite ? 'text' : 'timestamptz';

  await db.schema
    .createTable('events')
    .$call((t) =>
      sqlite
        ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : t.addColumn('id', 'serial', (c) => c.primaryKey()),
    )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('starts_at', stamp, (c) => c.notNull())
    .addColumn('ends_at', stamp, (c) => c.notNull())
    .addColumn('place_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('cancelled_at', stamp)
    .addColumn('hidden_reason', 'text')
    .addColumn('owner_suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remind_at', stamp)
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', stamp, (c) => c.notNull())
    .addColumn('updated_at', stamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_upcoming')
    .on('events')
    .columns(['starts_at', 'latitude', 'longitude'])
    .where(sql.ref('cancelled_at'), 'is', null)
    .where(sql.ref('hidden_reason'), 'is', null)
    .execute();
  await db.schema.createIndex('events_owner').on('events').columns(['owner_id', 'starts_at']).execute();
  await db.schema
    .createIndex('events_remind_at')
    .on('events')
    .column('remind_at')
    .where(sql.ref('remind_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('events_photo').on('events').column('photo').execute();
  await db.schema.createIndex('events_thumbnail').on('events').column('thumbnail').execute();

  await db.schema
    .createTable('event_attendees')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', stamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('event_attendees_pkey', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_attendees_user').on('event_attendees').columns(['user_id', 'event_id']).execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('notifications_event')
    .on('notifications')
    .column('event_id')
    .where(sql.ref('event_id'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('push_events', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('push_events').execute();
  await db.schema.dropIndex('notifications_event').execute();
  await db.schema.alterTable('notifications').dropColumn('event_id').execute();
  await db.schema.dropTable('event_attendees').ifExists().execute();
  await db.schema.dropTable('events').ifExists().execute();
}
