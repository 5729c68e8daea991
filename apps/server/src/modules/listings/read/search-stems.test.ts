import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo, dialect } from '../../../../test/app.js';
import { insertMember, listingRow } from '../../../../test/factories.js';
import { type TextScope, searchStems, searchText, searchWordsOf } from './list-search.js';

// SQLite checks a listing read in another order than FTS5's against its own stems: it must find
// exactly what FTS5 finds, for every search and scope.
const TEXTS: [string, string][] = [
  ['Cherry Tomatoes', 'Sweet, ripe and red'],
  ['Tomatillos', 'Green husks; salsa verde'],
  ['Heirloom tomato seeds', 'Saved from last year’s crop'],
  ['Potatoes', 'Dug this morning — 5kg bags'],
  ['Jalapeño peppers', 'Hot! Café-grown, naïve about heat'],
  ['Listing of seedlings', 'Lists of what is listed: basil, thyme'],
  ['Runner beans', 'Climbing, running, runners'],
  ['Qxmx1eyab12 squash', 'Call 5550123 or 555digging'],
  ['Strawberry runners', 'Pineapple-flavoured ALPINE strawberries'],
  ['Garlic', 'Hardneck garlic, cured; planting stock'],
  ['Free compost', ''],
  ['Pumpkins', 'Jack-o’-lanterns and pie pumpkins, tomato cages too'],
  ['Supercalifragilisticexpialidocioussupercalifragilisticexpialidociousx plants', 'a very long word'],
];

/** Searches from the texts: each word, every beginning of it from three letters, and pairs of words. */
function searches(): string[] {
  const words = [
    ...new Set(
      TEXTS.flatMap(([t, d]) => `${t} ${d}`.split(/[^\p{L}\p{N}]+/u))
        .filter((w) => w.length > 0)
        .map((w) => w.toLowerCase()),
    ),
  ];
  const all = new Set<string>();
  for (const word of words) for (let end = 1; end <= word.length; end++) all.add(word.slice(0, end));
  for (let i = 0; i + 1 < words.length; i++) all.add(`${words[i]} ${words[i + 1]!.slice(0, 4)}`);
  return [...all, 'fresh tomatoes', 'tomato red', 'LIST', 'jalapeno', 'cafe', 'runn', 'O’-LANT'];
}

describe.runIf(dialect === 'sqlite')('a listing checked against its stems', () => {
  let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
  beforeAll(async () => {
    migrated = await databaseMigratedTo('025-listing-stems');
    const owner = (await insertMember(migrated, { username: 'stems-grower' })).id;
    await migrated.db
      .insertInto('listings')
      .values(TEXTS.map(([title, description]) => listingRow(owner, title, description)))
      .execute();
    // An edit keeps the stems in step, as it keeps the full-text index.
    await migrated.db
      .updateTable('listings')
      .set({ title: 'Podding peas', description: 'Sugar snaps, tomato-free' })
      .where('title', '=', 'Free compost')
      .execute();
  });
  afterAll(() => migrated?.close());

  const db = () => migrated.db;
  const ftsFinds = async (text: string) =>
    (
      await db()
        .selectFrom(sql<{ rowid: number; listings_fts: string }>`listings_fts`.as('fts'))
        .select('fts.rowid')
        .where(sql<SqlBool>`${sql.ref('fts.listings_fts')} match ${text}`)
        .orderBy('fts.rowid')
        .execute()
    ).map((row) => row.rowid);
  const stemsFind = async (pattern: string) =>
    (
      await db()
        .selectFrom('listings')
        .select('id')
        .where(sql<SqlBool>`stems_match(search_stems, ${pattern})`)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

  it('finds what FTS5 finds, for every word, beginning and pair of words, in every scope', async () => {
    let found = 0;
    for (const q of searches()) {
      const search = await searchWordsOf(db(), q);
      if (search.words.length === 0) continue;
      for (const scope of ['any', 'title', 'notTitle'] as TextScope[]) {
        const text = searchText(db(), search, scope);
        const expected = await ftsFinds(text);
        expect(await stemsFind(searchStems(search, scope)), `${q} (${scope}): ${text}`).toEqual(expected);
        found += expected.length;
      }
    }
    // The searches do find listings, in each scope: the comparison is not of empty lists.
    expect(found).toBeGreaterThan(500);
  });

  it('keeps the stems of an edited listing, and only its new words match', async () => {
    const search = await searchWordsOf(db(), 'compost');
    expect(await stemsFind(searchStems(search, 'any'))).toEqual([]);
    const peas = await searchWordsOf(db(), 'podding');
    expect(await stemsFind(searchStems(peas, 'title'))).toHaveLength(1);
  });
});
