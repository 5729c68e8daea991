import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo, dialect } from '../../../test/app.js';
import { insertMember, listingRow } from '../../../test/factories.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('015-fresh-listings');
});
afterAll(() => migrated?.close());

/** Inserts listings titled `title`; answers how many index pages were pending (and merges them). */
async function listAndMergePending(title: string, count: number) {
  const { db } = migrated;
  const owner = await insertMember(migrated, { username: `grower-${title}` });
  await db
    .insertInto('listings')
    .values(Array.from({ length: count }, () => listingRow(owner.id, title)))
    .execute();
  const { rows } = await sql<{ pages: number }>`
    select gin_clean_pending_list('listings_search'::regclass) as pages`.execute(db);
  return Number(rows[0]!.pages);
}

describe.runIf(dialect === 'postgres')('migration 016: the search index has no pending list', () => {
  it('puts new listings straight into the index, so a search never reads a pending list', async () => {
    // Before: new listings wait in the GIN pending list that every search reads.
    expect(await listAndMergePending('tomatoes', 50)).toBeGreaterThan(0);
    await migrateToLatest(migrated.db);
    expect(await listAndMergePending('zucchini', 50)).toBe(0);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from listings where search @@ to_tsquery('english', 'zucchini:A')`.execute(migrated.db);
    expect(rows[0]!.n).toBe(50);
  });
});
