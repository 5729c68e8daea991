import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/app.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('021-idempotency-keys');
});
afterAll(() => migrated?.close());

it('dates fresh listings from when their migration ran, not from the upgrade that adds the date', async () => {
  const { rows } = await sql<{ timestamp: string }>`
    select timestamp from kysely_migration where name = '015-fresh-listings'`.execute(migrated.db);
  const ranAt = rows[0]!.timestamp;
  await new Promise((resolve) => setTimeout(resolve, 20));
  await migrateToLatest(migrated.db);
  const row = await migrated.db.selectFrom('fresh_listings_since').select('at').executeTakeFirstOrThrow();
  expect(new Date(row.at).toISOString()).toBe(new Date(ranAt).toISOString());
  await expect(migrated.db.insertInto('fresh_listings_since').values({ id: 2, at: ranAt }).execute()).rejects.toThrow();
});
