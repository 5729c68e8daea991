import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A seed lot's details, all nullable: every listing there is keeps working with them empty. */
const COLUMNS = [
  ['variety', 'text'],
  ['packed_year', 'integer'],
  ['pollination', 'text'],
  ['organic', 'integer'],
  ['quantity', 'text'],
  ['can_mail', 'integer'],
] as const;

/** The prefix lengths FTS5 keeps an index of (migration 017). */
const PREFIXES = '1 2 3 4 5 6 7 8 9 10';

/** The ASCII characters that are not letters or digits: FTS5's unicode61 splits words at each (migration 023). */
const MARKS = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code))]
  .filter((c) => !/[a-z0-9 ]/i.test(c) && c >= ' ')
  .concat(['\n', '\r', '\t']);
const quote = (mark: string) =>
  mark === '\n' ? 'char(10)' : mark === '\r' ? 'char(13)' : mark === '\t' ? 'char(9)' : `'${mark.replace(/'/g, "''")}'`;

/**
 * Seed lots: a listing's variety, year packed, pollination, organic, quantity and whether it can
 * go by mail (kept for the seeds category only, by the server).
 *
 * The variety is searched as the rest of a listing's text is: as more of what is not its title,
 * so a search holding the variety finds the lot, and a search whose words are all in the title
 * still ranks first (the title tier is the title's words alone, and swaps and wish-list matches
 * keep going by the title). Everything that holds a listing's words takes it in:
 *
 * - SQLite: `listings_fts` gets a `variety` column (FTS5 cannot add one: the table is made again,
 *   with its prefix index, and rebuilt from listings, about 8 s a million listings); its triggers
 *   and those of `search_stems` (025, the variety's stems on the description's side of the bar)
 *   and `search_words` (023) read the variety too. Every variety is empty now, so the stems and
 *   words already kept stay right.
 * - PostgreSQL: `search` (002) is generated with the variety at weight B, beside the description;
 *   a generated column's expression cannot be changed before PostgreSQL 17, so it is made again
 *   (one rewrite of the table) with its GIN index (without a pending list, as 016 left it). The
 *   title's own index (018) is unchanged. `search_words`' triggers (023) read the variety too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('listings').addColumn(name, type).execute();
  if (isSqlite(db)) {
    await sqliteTriggers(db, true);
    return;
  }
  await postgresSearch(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await sqliteTriggers(db, false);
  else await postgresSearch(db, false);
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('listings').dropColumn(name).execute();
}

async function sqliteTriggers(db: Kysely<any>, variety: boolean) {
  for (const trigger of [
    'listings_fts_insert',
    'listings_fts_delete',
    'listings_fts_update',
    'listings_stems_insert',
    'listings_stems_update',
    'search_words_insert',
    'search_words_update',
  ])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);

  const columns = variety ? 'title, description, variety' : 'title, description';
  const values = (row: string) => `${row}.id, ${row}.title, ${row}.description${variety ? `, ${row}.variety` : ''}`;
  await sql`drop table listings_fts`.execute(db);
  await sql`create virtual table listings_fts using fts5(${sql.raw(columns)}, content='listings', content_rowid='id', tokenize='porter unicode61', prefix='${sql.raw(PREFIXES)}')`.execute(
    db,
  );
  await sql`insert into listings_fts(listings_fts) values ('rebuild')`.execute(db);
  const edited = variety ? 'title, description, variety' : 'title, description';
  await sql`create trigger listings_fts_insert after insert on listings begin
    insert into listings_fts(rowid, ${sql.raw(columns)}) values (${sql.raw(values('new'))}); end`.execute(db);
  await sql`create trigger listings_fts_delete after delete on listings begin
    insert into listings_fts(listings_fts, rowid, ${sql.raw(columns)}) values ('delete', ${sql.raw(values('old'))}); end`.execute(
    db,
  );
  await sql`create trigger listings_fts_update after update of ${sql.raw(edited)} on listings begin
    insert into listings_fts(listings_fts, rowid, ${sql.raw(columns)}) values ('delete', ${sql.raw(values('old'))});
    insert into listings_fts(rowid, ${sql.raw(columns)}) values (${sql.raw(values('new'))}); end`.execute(db);

  // The stems of the title, then of the rest: the description and the variety.
  const rest = variety ? `new.description || ' ' || coalesce(new.variety, '')` : 'new.description';
  const changed = `old.title is not new.title or old.description is not new.description${variety ? ' or old.variety is not new.variety' : ''}`;
  await sql`create trigger listings_stems_insert after insert on listings begin
    update listings set search_stems = listing_stems(new.title, ${sql.raw(rest)}) where id = new.id; end`.execute(db);
  await sql`create trigger listings_stems_update after update of ${sql.raw(edited)} on listings
    when ${sql.raw(changed)} begin
    update listings set search_stems = listing_stems(new.title, ${sql.raw(rest)}) where id = new.id; end`.execute(db);

  // A listing's text, lowercased, every ASCII mark a space, split at the spaces (as 023).
  let text = `lower(new.title || ' ' || coalesce(new.description, '') || ' '${variety ? ` || coalesce(new.variety, '') || ' '` : ''})`;
  for (const mark of MARKS) text = `replace(${text}, ${quote(mark)}, ' ')`;
  const words = sql.raw(`insert or ignore into search_words (word)
    with recursive split(rest, word) as (
      select ${text}, null
      union all
      select substr(rest, instr(rest, ' ') + 1), substr(rest, 1, instr(rest, ' ') - 1) from split where rest <> ''
    )
    select word from split where word <> '' and length(word) <= 64 and word not glob '*[0-9]*'`);
  await sql`create trigger search_words_insert after insert on listings begin ${words}; end`.execute(db);
  await sql`create trigger search_words_update after update of ${sql.raw(edited)} on listings
    when ${sql.raw(changed)} begin ${words}; end`.execute(db);
}

async function postgresSearch(db: Kysely<any>, variety: boolean) {
  const rest = variety
    ? sql`setweight(to_tsvector('english', description), 'B') || setweight(to_tsvector('english', coalesce(variety, '')), 'B')`
    : sql`setweight(to_tsvector('english', description), 'B')`;
  await sql`alter table listings drop column search`.execute(db);
  await sql`alter table listings add column search tsvector generated always as
    (setweight(to_tsvector('english', title), 'A') || ${rest}) stored`.execute(db);
  await sql`create index listings_search on listings using gin (search) with (fastupdate = off)`.execute(db);

  const text = variety
    ? `coalesce(l.title, '') || ' ' || coalesce(l.description, '') || ' ' || coalesce(l.variety, '')`
    : `coalesce(l.title, '') || ' ' || coalesce(l.description, '')`;
  const wordsOf = (rows: string) =>
    sql.raw(`insert into search_words (word) select distinct w from ${rows} l,
      lateral regexp_split_to_table(lower(${text}), '[^[:alnum:]]+') w
      where w <> '' and length(w) <= 64 and w !~ '[0-9]' on conflict do nothing`);
  const row = variety ? '(select new.title, new.description, new.variety)' : '(select new.title, new.description)';
  await sql`create or replace function listings_search_words_added() returns trigger language plpgsql as $$
    begin ${wordsOf('added')}; return null; end $$`.execute(db);
  await sql`create or replace function listings_search_words_edited() returns trigger language plpgsql as $$
    begin ${wordsOf(row)}; return null; end $$`.execute(db);
  const edited = variety ? 'title, description, variety' : 'title, description';
  const changed = `old.title is distinct from new.title or old.description is distinct from new.description${variety ? ' or old.variety is distinct from new.variety' : ''}`;
  await sql`drop trigger listings_search_words_update on listings`.execute(db);
  await sql`create trigger listings_search_words_update after update of ${sql.raw(edited)} on listings for each row
    when (${sql.raw(changed)})
    execute function listings_search_words_edited()`.execute(db);
}
