import { type Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** What the owner index held before (migration 019): the key, then what visibility and the filters read. */
const KEYS = [
  'owner_id',
  'id',
  'is_active',
  'is_public',
  'state_id',
  'owner_suspended',
  'hidden_reason',
  'price',
  'type_id',
  'category_id',
] as const;

/**
 * SQLite: the owner index (019) also holds each listing's stems (025), so a search read from
 * owners (the rings of `nearest`, a sparse `within_miles`, the friends tab, a seller's list)
 * checks the words on the index and never loads a listing that does not match. Loading every
 * listing of a ring's owners to look at its stems cost twice what the index read does: a word in
 * 2% of a million listings read by nearness, a ring's count 22 → 10 ms and its read 17 → 4.
 * PostgreSQL checks its `search` column on the row, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await db.schema.dropIndex('listings_owner_id').execute();
  await db.schema
    .createIndex('listings_owner_id')
    .on('listings')
    .columns([...KEYS, 'search_stems'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await db.schema.dropIndex('listings_owner_id').execute();
  await db.schema
    .createIndex('listings_owner_id')
    .on('listings')
    .columns([...KEYS])
    .execute();
}
