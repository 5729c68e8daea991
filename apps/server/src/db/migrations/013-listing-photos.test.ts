import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { connectDatabase, type DatabaseHandle } from '../connect.js';
import { migrateToLatest } from '../migrate.js';

let handle: DatabaseHandle;
let cleanup: () => Promise<void>;
/* eslint-disable @typescript-eslint/no-explicit-any -- the tables of an older schema */
let db: Kysely<any>;

beforeAll(async () => {
  const made = await testConfig();
  cleanup = made.cleanup;
  handle = connectDatabase(made.config.database);
  db = handle.db;
  // A database as it was when a listing had at most one photo.
  await migrateToLatest(db, '011-offline-messages');
});
afterAll(async () => {
  await handle?.db.destroy();
  await cleanup?.();
});

describe('migration 013: listing photos', () => {
  it("makes each listing's single photo its first photo, and gives photoless listings none", async () => {
    const { id: ownerId } = await db
      .insertInto('users')
      .values({ email: 'ivy@example.com', username: 'ivy', password_hash: 'x', first_name: 'I', last_name: 'V' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listing = (title: string, featured_image: string | null, thumbnail: string | null) =>
      db
        .insertInto('listings')
        .values({
          owner_id: ownerId,
          title,
          description: '',
          price: 0,
          type_id: 3,
          state_id: 1,
          category_id: 1,
          featured_image,
          thumbnail,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const withPhoto = await listing('Beans', 'uploads/a.webp', 'uploads/a-thumb.webp');
    const withoutThumbnail = await listing('Peas', 'uploads/b.webp', null);
    const without = await listing('Kale', null, null);

    await migrateToLatest(handle.db);

    const rows = await db
      .selectFrom('listing_photos')
      .select(['listing_id', 'position', 'image', 'thumbnail'])
      .orderBy('listing_id')
      .execute();
    expect(rows).toEqual([
      { listing_id: withPhoto.id, position: 0, image: 'uploads/a.webp', thumbnail: 'uploads/a-thumb.webp' },
      { listing_id: withoutThumbnail.id, position: 0, image: 'uploads/b.webp', thumbnail: 'uploads/b.webp' },
    ]);
    expect(rows.some((r) => r.listing_id === without.id)).toBe(false);
  });
});
