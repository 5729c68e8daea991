import type { Kysely } from 'kysely';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * "In season near you": `in_season`, how many open listings of each kind of produce the owners at
 * one postcode centre listed in the last weeks, rebuilt in the background and kept in step as
 * listings change (modules/season). A member's counts sum the centres within their distance,
 * which the primary key's latitude serves; the listings themselves are never scanned per request.
 * `listings_category_created` finds a category's recent listings for the rebuild.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('in_season')
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('crop', 'text', (c) => c.notNull())
    .addColumn('listings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('in_season_pkey', ['latitude', 'longitude', 'crop'])
    .execute();
  await db.schema
    .createIndex('listings_category_created')
    .on('listings')
    .columns(['category_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('listings_category_created').execute();
  await db.schema.dropTable('in_season').execute();
}
