import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo, dialect } from '../../../test/app.js';
import { insertMember, listingRow } from '../../../test/factories.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('016-search-index-without-pending-list');
});
afterAll(() => migrated?.close());

async function list(ownerId: number, title: string, description?: string) {
  await migrated.db
    .insertInto('listings')
    .values(listingRow(ownerId, title, description))
    .execute();
}

/** The titles of the listings matching an FTS5 query, newest first. */
async function found(match: string) {
  const { rows } = await sql<{ title: string }>`
    select listings.title from listings_fts join listings on listings.id = listings_fts.rowid
    where listings_fts match ${match} order by listings_fts.rowid desc`.execute(migrated.db);
  return rows.map((r) => r.title);
}

const definition = async () => {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'listings_fts'`.execute(
    migrated.db,
  );
  return rows[0]!.sql;
};

describe.runIf(dialect === 'sqlite')('migration 017: the search index keeps word prefixes', () => {
  it('indexes the first 1 to 10 characters of every word, for the listings already there and new ones', async () => {
    const owner = await insertMember(migrated, { username: 'prefix-grower' });
    await list(owner.id, 'Cherry tomatoes');
    await list(owner.id, 'Kale', 'Goes well with a tomato salad');
    expect(await definition()).not.toMatch(/prefix/);

    await migrateToLatest(migrated.db);
    expect(await definition()).toMatch(/prefix='1 2 3 4 5 6 7 8 9 10'/);
    await list(owner.id, 'Tomatillos');
    // The rebuilt index holds what was listed before the migration, and the triggers still feed it.
    expect(await found('"tom"*')).toEqual(['Tomatillos', 'Kale', 'Cherry tomatoes']);
    expect(await found('{title}: "tomato"*')).toEqual(['Cherry tomatoes']);
    expect(await found('"cherri" "tomato"*')).toEqual(['Cherry tomatoes']);
    await migrated.db.updateTable('listings').set({ title: 'Green beans' }).where('title', '=', 'Tomatillos').execute();
    expect(await found('"tom"*')).toEqual(['Kale', 'Cherry tomatoes']);
  });
});
