import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isSqlite } from './dialect.js';
import * as initial from './migrations/001-initial.js';
import * as searchNotificationsSafety from './migrations/002-search-notifications-safety.js';
import * as photoLookups from './migrations/003-photo-lookups.js';
import * as oneOpenReport from './migrations/004-one-open-report.js';
import * as mailQueue from './migrations/005-mail-queue.js';
import * as passwordResets from './migrations/006-password-resets.js';
import * as listPlans from './migrations/012-list-plans.js';
import type { Database } from './schema.js';

/** Every migration, in order. Add new ones at the end; never edit a shipped one. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-search-notifications-safety': searchNotificationsSafety,
  '003-photo-lookups': photoLookups,
  '004-one-open-report': oneOpenReport,
  '005-mail-queue': mailQueue,
  '006-password-resets': passwordResets,
  '012-list-plans': listPlans,
};

/** Brings the schema up to date; safe to run at every start and from several instances. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; pin it to ours so another schema
  // in the same database (a test run's, another app's) never makes it skip creating them.
  const migrationTableSchema = isSqlite(db)
    ? undefined
    : (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
