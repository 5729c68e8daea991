import type { Kysely } from 'kysely';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Price order for GET /listings/ (sort=lowest / highest), so a page walks an index in that
 * order and stops instead of sorting every listing the tab shows: the whole marketplace, by
 * category, and the public tab. The owners' tabs sort only that owner's listings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('listings_price').on('listings').columns(['price', 'id']).execute();
  await db.schema
    .createIndex('listings_category_price')
    .on('listings')
    .columns(['category_id', 'price', 'id'])
    .execute();
  await db.schema
    .createIndex('listings_public_price')
    .on('listings')
    .columns(['is_public', 'is_active', 'price', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['listings_price', 'listings_category_price', 'listings_public_price'])
    await db.schema.dropIndex(index).ifExists().execute();
}
