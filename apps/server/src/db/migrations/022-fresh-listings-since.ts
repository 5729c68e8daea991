import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `fresh_listings_since`: one row, when this database first had fresh listings (when migration
 * 015 ran, or now). Listings due before then were never asked, and are asked spread over the
 * days after it. Kept apart from Kysely's own bookkeeping, whose order must not change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .createTable('fresh_listings_since')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('at', stamp, (c) => c.notNull())
    .execute();
  const { rows } = await sql<{ timestamp: string }>`
    select timestamp from kysely_migration where name = '015-fresh-listings'`.execute(db);
  const at = rows[0]?.timestamp ?? new Date().toISOString();
  await db.insertInto('fresh_listings_since').values({ id: 1, at }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fresh_listings_since').execute();
}
