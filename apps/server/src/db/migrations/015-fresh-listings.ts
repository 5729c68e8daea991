import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Fresh listings: a listing asks its owner whether it is still available and pauses itself when
 * nobody answers. The whole state is on the listing (so it goes with it, and with its owner by
 * the listings' own cascade):
 *
 * - `renewed_at`: when the owner last said it is still available; null: never since it was listed,
 *   so the clock runs from `created_at`.
 * - `renew_asked_at`: when it asked, this cycle; the sweep's claim (set only while null), so a
 *   listing is asked once per cycle whatever the number of instances.
 * - `paused_reason`: why it paused itself, shown to its owner.
 * - Two partial indexes so the sweeps read only the listings that may be due.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema.alterTable('listings').addColumn('renewed_at', stamp).execute();
  await db.schema.alterTable('listings').addColumn('renew_asked_at', stamp).execute();
  await db.schema.alterTable('listings').addColumn('paused_reason', 'text').execute();
  await db.schema
    .createIndex('listings_fresh_since')
    .on('listings')
    .expression(sql`coalesce(renewed_at, created_at)`)
    .where(sql<boolean>`renew_asked_at is null and is_active = 1`)
    .execute();
  await db.schema
    .createIndex('listings_renew_asked')
    .on('listings')
    .column('renew_asked_at')
    .where(sql<boolean>`renew_asked_at is not null and is_active = 1`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('listings_renew_asked').ifExists().execute();
  await db.schema.dropIndex('listings_fresh_since').ifExists().execute();
  for (const column of ['paused_reason', 'renew_asked_at', 'renewed_at'])
    await db.schema.alterTable('listings').dropColumn(column).execute();
}
