import { ListingsQuerySchema } from '@gardenswap/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, dialect } from '../../../test/app.js';
import { insertMember, listingRow } from '../../../test/factories.js';
import { ListPlanner, listListings } from '../../modules/listings/index.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('026-owner-index-holds-stems');
});
afterAll(() => migrated?.close());

it(`keeps the listings already there searchable, and searches the variety of those written after (${dialect})`, async () => {
  const owner = await insertMember(migrated, { username: 'seed-lot-grower' });
  const viewer = await insertMember(migrated, { username: 'seed-lot-viewer' });
  const { id: beans } = await migrated.db
    .insertInto('listings')
    .values({ ...listingRow(owner.id, 'Bush bean seeds', 'Saved from the garden'), category_id: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await migrated.db.insertInto('listings').values(listingRow(owner.id, 'Runner beans')).execute();
  await migrateToLatest(migrated.db);

  const planner = new ListPlanner();
  const titles = async (query: Record<string, string>) => {
    const page = await listListings(migrated.db, viewer.id, ListingsQuerySchema.parse(query), (path) => path, {
      planner,
    });
    return page.listings.map((l) => l.title);
  };
  // The seed listing from before reads with its details empty, and every search finds what it found.
  const [before] = (
    await listListings(migrated.db, viewer.id, ListingsQuerySchema.parse({ category_id: '2' }), (p) => p, { planner })
  ).listings;
  expect(before).toMatchObject({ id: beans, variety: null, packed_year: null, pollination: null, organic: null });
  expect(await titles({ q: 'bean', sort: 'newest' })).toEqual(['Runner beans', 'Bush bean seeds']);
  expect(await titles({ q: 'gard' })).toEqual(['Bush bean seeds']);
  expect(await titles({ q: 'bean', sort: 'relevance' })).toEqual(['Runner beans', 'Bush bean seeds']);
  // Walked in price order, each listing checked for the words (SQLite: its stems).
  planner.bounds.priceWalk = 0;
  expect(await titles({ q: 'bush', sort: 'lowest' })).toEqual(['Bush bean seeds']);

  // A variety given after the migration is searched, as a prefix too, in every plan.
  await migrated.db.updateTable('listings').set({ variety: "Jacob's Cattle" }).where('id', '=', beans).execute();
  expect(await titles({ q: 'cattle', sort: 'lowest' })).toEqual(['Bush bean seeds']);
  planner.bounds.priceWalk = 5_000;
  expect(await titles({ q: 'jaco' })).toEqual(['Bush bean seeds']);
  const words = await migrated.db
    .selectFrom('search_words')
    .select('word')
    .where('word', 'in', ['jacob', 'cattle'])
    .orderBy('word')
    .execute();
  expect(words.map((w) => w.word)).toEqual(['cattle', 'jacob']);
  await migrated.db.deleteFrom('listings').where('id', '=', beans).execute();
  expect(await titles({ q: 'cattle' })).toEqual([]);

  if (dialect === 'sqlite') {
    // The index's own check: what it holds is what the listings hold, prefix index included.
    await sql`insert into listings_fts(listings_fts) values ('integrity-check')`.execute(migrated.db);
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'listings_fts'`.execute(
      migrated.db,
    );
    expect(rows[0]!.sql).toMatch(/variety.*prefix='1 2 3 4 5 6 7 8 9 10'/);
  } else {
    // The search index was made again as 016 left it: no pending list.
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where relname = 'listings_search'
      and relnamespace = current_schema()::regnamespace`.execute(migrated.db);
    expect(rows[0]?.options).toEqual(['fastupdate=off']);
  }
});
