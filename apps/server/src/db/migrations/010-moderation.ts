import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Moderation: moderators marked by the operator, suspended members, listings hidden by a moderator
 * or while their owner is suspended (flags on `listings`, so the visibility rule reads its own row
 * and never joins users), a note on notifications (a reason, an outcome), and the audit log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .alterTable('users')
    .addColumn('is_moderator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Suspended while `suspended_at` is set and `suspended_until` is null (for good) or still ahead.
  await db.schema.alterTable('users').addColumn('suspended_at', stamp).execute();
  await db.schema.alterTable('users').addColumn('suspended_until', stamp).execute();
  await db.schema.createIndex('users_suspended_until').on('users').column('suspended_until').execute();

  // Set by a moderator's "hide": the reason the owner is shown.
  await db.schema.alterTable('listings').addColumn('hidden_reason', 'text').execute();
  await db.schema
    .alterTable('listings')
    .addColumn('owner_suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('notifications').addColumn('note', 'text').execute();

  const table = db.schema.createTable('moderation_actions');
  await (
    isSqlite(db)
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'serial', (c) => c.primaryKey())
  )
    .addColumn('moderator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // What the target was called when acted on (a title, a username), so the log reads after it is gone.
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('note', 'text')
    .addColumn('suspended_until', stamp)
    .addColumn('reports_resolved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', stamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_actions_newest').on('moderation_actions').column('id').execute();
  await db.schema
    .createIndex('reports_open_target')
    .on('reports')
    .columns(['status', 'target_type', 'target_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_open_target').ifExists().execute();
  await db.schema.dropTable('moderation_actions').ifExists().execute();
  await db.schema.alterTable('notifications').dropColumn('note').execute();
  await db.schema.alterTable('listings').dropColumn('owner_suspended').execute();
  await db.schema.alterTable('listings').dropColumn('hidden_reason').execute();
  await db.schema.dropIndex('users_suspended_until').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('suspended_until').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('users').dropColumn('is_moderator').execute();
}
