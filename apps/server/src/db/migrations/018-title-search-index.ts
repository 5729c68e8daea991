import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * An index of each title's own words on PostgreSQL. A search's title tier gathers its older
 * matches there (see `searchStreams` in listings.queries.ts). Asked of `search`, whose title
 * words carry weight A, the GIN index would hand over every listing holding the word anywhere,
 * and PostgreSQL would read each one to look at its weights: 20,000 rows for a word that only
 * descriptions hold, at a million listings. SQLite's FTS5 filters on the title column inside its
 * own index and needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create index listings_title_search on listings using gin (to_tsvector('english', title)) with (fastupdate = off)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop index listings_title_search`.execute(db);
}
