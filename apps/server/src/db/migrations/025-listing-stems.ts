import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite: `listings.search_stems`, each listing's words as its full-text index stems them, the
 * title's then the description's (`listingStems` in lib/word-rule.ts, which the connection
 * registers as `listing_stems`). A search that walks an index in another order than FTS5's
 * (price, an owner's listings, the rings of `nearest`) checks each listing it reads against them
 * (`stems_match`) in a microsecond; FTS5 checks one row only by setting the whole search up
 * again, and gathering every match first cost tens of milliseconds for a common word at a million
 * listings. Kept by triggers, as `listings_fts` is. PostgreSQL checks its `search` tsvector.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`alter table listings add column search_stems text`.execute(db);
  await sql`update listings set search_stems = listing_stems(title, description)`.execute(db);
  await sql`create trigger listings_stems_insert after insert on listings begin
    update listings set search_stems = listing_stems(new.title, new.description) where id = new.id; end`.execute(db);
  await sql`create trigger listings_stems_update after update of title, description on listings
    when old.title is not new.title or old.description is not new.description begin
    update listings set search_stems = listing_stems(new.title, new.description) where id = new.id; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`drop trigger listings_stems_insert`.execute(db);
  await sql`drop trigger listings_stems_update`.execute(db);
  await sql`alter table listings drop column search_stems`.execute(db);
}
