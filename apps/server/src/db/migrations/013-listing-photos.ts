import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Several photos per listing. `listing_photos` holds each photo and its thumbnail in the owner's
 * order (position 0 is the cover, whose paths stay on the listing row as `featured_image` and
 * `thumbnail` for every reader of cards). Existing single photos become their listing's first
 * photo. The path indexes keep serving a photo one lookup per request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  await db.schema
    .createTable('listing_photos')
    .$call((t) =>
      isSqlite(db)
        ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : t.addColumn('id', 'serial', (c) => c.primaryKey()),
    )
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('created_at', stamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listing_photos_listing_position')
    .on('listing_photos')
    .columns(['listing_id', 'position'])
    .execute();
  await db.schema.createIndex('listing_photos_image').on('listing_photos').column('image').execute();
  await db.schema.createIndex('listing_photos_thumbnail').on('listing_photos').column('thumbnail').execute();

  await db
    .insertInto('listing_photos')
    .columns(['listing_id', 'position', 'image', 'thumbnail', 'created_at'])
    .expression(
      db
        .selectFrom('listings')
        .select((eb) => [
          'id',
          eb.lit(0).as('position'),
          'featured_image',
          // A listing from before thumbnails existed shows its full photo in the card.
          eb.fn.coalesce('thumbnail', 'featured_image').as('thumbnail'),
          'updated_at',
        ])
        .where('featured_image', 'is not', null),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_photos').ifExists().execute();
}
