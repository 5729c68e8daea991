import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The outbox becomes the durable send queue: each e-mail has a status, its attempts, when it is
 * next due, a worker's lease on it and its extra headers. E-mails kept before stay kept; sends that
 * failed in the last day (never retried until now) are queued again, older ones are given up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .alterTable('outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', stamp).execute();
  await db.schema.alterTable('outbox').addColumn('locked_until', stamp).execute();
  await db.schema.alterTable('outbox').addColumn('locked_by', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();

  const now = new Date();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  await db.updateTable('outbox').set({ status: 'sent' }).where('sent_at', 'is not', null).execute();
  await db
    .updateTable('outbox')
    .set({ status: 'kept' })
    .where('sent_at', 'is', null)
    .where('error', 'is', null)
    .execute();
  await db
    .updateTable('outbox')
    .set({ status: 'queued', attempts: 1, next_attempt_at: now.toISOString() })
    .where('sent_at', 'is', null)
    .where('error', 'is not', null)
    .where('created_at', '>', dayAgo)
    .execute();
  await db
    .updateTable('outbox')
    .set({ status: 'failed', attempts: 1 })
    .where('sent_at', 'is', null)
    .where('error', 'is not', null)
    .where('created_at', '<=', dayAgo)
    .execute();

  // The worker's one question: which e-mails are due (or their lease is over), oldest first.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  // A member's own e-mails, and the operator's --to.
  await db.schema
    .createIndex('outbox_to_address')
    .on('outbox')
    .expression(sql`lower(to_address)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_to_address').ifExists().execute();
  await db.schema.dropIndex('outbox_due').ifExists().execute();
  for (const column of ['headers', 'locked_by', 'locked_until', 'next_attempt_at', 'attempts', 'status'])
    await db.schema.alterTable('outbox').dropColumn(column).execute();
}
