import type { Kysely } from 'kysely';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A stored photo is served only after finding what it belongs to (a listing, checked against
 * the viewer, or an avatar): these indexes make that one lookup per request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('listings_featured_image').on('listings').column('featured_image').execute();
  await db.schema.createIndex('listings_thumbnail').on('listings').column('thumbnail').execute();
  await db.schema.createIndex('users_profile_picture').on('users').column('profile_picture').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['listings_featured_image', 'listings_thumbnail', 'users_profile_picture'])
    await db.schema.dropIndex(index).ifExists().execute();
}
