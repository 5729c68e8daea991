import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The ASCII characters that are not letters or digits: FTS5's unicode61 splits words at each. */
const MARKS = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code))]
  .filter((c) => !/[a-z0-9 ]/i.test(c) && c >= ' ')
  .concat(['\n', '\r', '\t']);
const quote = (mark: string) =>
  mark === '\n' ? 'char(10)' : mark === '\r' ? 'char(13)' : mark === '\t' ? 'char(9)' : `'${mark.replace(/'/g, "''")}'`;

/**
 * The words of the listings as typed, unstemmed: search as you type looks up the words that begin
 * with the last word typed so far, since the full-text index holds only stems ("listi" begins
 * "listing", whose stem "list" does not begin "listi").
 *
 * Words with a digit are left out: no stemmer shortens them, so their prefixes always find them,
 * and they are what a phone number or a street number is made of.
 *
 * `search_words` holds every word once, filled by triggers as listings are written (a word no
 * listing holds any more only costs a lookup): a range of its key is the words beginning with
 * what was typed, however common they are (FTS5's own vocabulary table counts each word's
 * listings to list it: 3 ms a search for "tomato" at a million listings).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create table search_words (word text primary key) without rowid`.execute(db);
    // A listing's text, lowercased, every ASCII mark a space, split at the spaces (FTS5's unicode61
    // also splits at marks outside ASCII; a word holding one is never looked up).
    const words = (row: string, from = '') => {
      let text = `lower(${row}.title || ' ' || coalesce(${row}.description, '') || ' ')`;
      for (const mark of MARKS) text = `replace(${text}, ${quote(mark)}, ' ')`;
      return sql.raw(`insert or ignore into search_words (word)
        with recursive split(rest, word) as (
          select ${text}, null ${from}
          union all
          select substr(rest, instr(rest, ' ') + 1), substr(rest, 1, instr(rest, ' ') - 1) from split where rest <> ''
        )
        select word from split where word <> '' and length(word) <= 64 and word not glob '*[0-9]*'`);
    };
    await sql`${words('l', 'from listings l')}`.execute(db);
    await sql`create trigger search_words_insert after insert on listings begin ${words('new')}; end`.execute(db);
    await sql`create trigger search_words_update after update of title, description on listings
      when old.title is not new.title or old.description is not new.description
      begin ${words('new')}; end`.execute(db);
    return;
  }
  // Byte order ("C"), so the words beginning with a prefix are one range of the key.
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  const wordsOf = (rows: string) =>
    sql.raw(`insert into search_words (word) select distinct w from ${rows} l,
      lateral regexp_split_to_table(lower(coalesce(l.title, '') || ' ' || coalesce(l.description, '')), '[^[:alnum:]]+') w
      where w <> '' and length(w) <= 64 and w !~ '[0-9]' on conflict do nothing`);
  await sql`${wordsOf('listings')}`.execute(db);
  // Inserts once per statement (a bulk load is one pass); an edit once per listing whose words changed.
  await sql`create function listings_search_words_added() returns trigger language plpgsql as $$
    begin ${wordsOf('added')}; return null; end $$`.execute(db);
  await sql`create function listings_search_words_edited() returns trigger language plpgsql as $$
    begin ${wordsOf('(select new.title, new.description)')}; return null; end $$`.execute(db);
  await sql`create trigger listings_search_words_insert after insert on listings
    referencing new table as added for each statement execute function listings_search_words_added()`.execute(db);
  await sql`create trigger listings_search_words_update after update of title, description on listings for each row
    when (old.title is distinct from new.title or old.description is distinct from new.description)
    execute function listings_search_words_edited()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger search_words_insert`.execute(db);
    await sql`drop trigger search_words_update`.execute(db);
    await sql`drop table search_words`.execute(db);
    return;
  }
  await sql`drop trigger listings_search_words_insert on listings`.execute(db);
  await sql`drop trigger listings_search_words_update on listings`.execute(db);
  await sql`drop function listings_search_words_added()`.execute(db);
  await sql`drop function listings_search_words_edited()`.execute(db);
  await sql`drop table search_words`.execute(db);
}
