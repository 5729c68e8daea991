import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, dialect } from '../../../test/app.js';
import { insertMember, listingRow } from '../../../test/factories.js';
import { searchWordsOf } from '../../modules/listings/index.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('022-fresh-listings-since');
});
afterAll(() => migrated?.close());

it(`knows the words of the listings already there, and of those written after (${dialect})`, async () => {
  const owner = (await insertMember(migrated, { username: 'search-words-grower' })).id;
  await migrated.db.insertInto('listings').values(listingRow(owner, 'Shelling peas')).execute();
  await migrateToLatest(migrated.db);
  expect((await searchWordsOf(migrated.db, 'shelli')).completions).toEqual(['shelling']);

  // Written in one statement, as a bulk load does.
  await migrated.db
    .insertInto('listings')
    .values([listingRow(owner, 'Digging forks'), listingRow(owner, 'Climbing beans')])
    .execute();
  expect((await searchWordsOf(migrated.db, 'diggi')).completions).toEqual(['digging']);
  expect((await searchWordsOf(migrated.db, 'climbi')).completions).toEqual(['climbing']);
  await migrated.db
    .updateTable('listings')
    .set({ title: 'Podding peas' })
    .where('title', '=', 'Shelling peas')
    .execute();
  expect((await searchWordsOf(migrated.db, 'poddi')).completions).toEqual(['podding']);

  // Numbers (a phone number in a description) are never kept: their prefixes find them anyway.
  await migrated.db
    .insertInto('listings')
    .values(listingRow(owner, 'Call 5550123', 'or 555digging'))
    .execute();
  expect(await migrated.db.selectFrom('search_words').select('word').where('word', 'like', '%555%').execute()).toEqual(
    [],
  );
});
