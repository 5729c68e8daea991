import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isSqlite } from './dialect.js';
import * as initial from './migrations/001-initial.js';
import * as searchNotificationsSafety from './migrations/002-search-notifications-safety.js';
import * as photoLookups from './migrations/003-photo-lookups.js';
import * as oneOpenReport from './migrations/004-one-open-report.js';
import * as mailQueue from './migrations/005-mail-queue.js';
import * as passwordResets from './migrations/006-password-resets.js';
import * as emailConfirmations from './migrations/007-email-confirmations.js';
import * as sessions from './migrations/008-sessions.js';
import * as deletedMembers from './migrations/009-deleted-members.js';
import * as moderation from './migrations/010-moderation.js';
import * as offlineMessages from './migrations/011-offline-messages.js';
import * as listPlans from './migrations/012-list-plans.js';
import * as listingPhotos from './migrations/013-listing-photos.js';
import * as trades from './migrations/014-trades.js';
import * as freshListings from './migrations/015-fresh-listings.js';
import * as searchIndexWithoutPendingList from './migrations/016-search-index-without-pending-list.js';
import * as searchPrefixIndex from './migrations/017-search-prefix-index.js';
import * as titleSearchIndex from './migrations/018-title-search-index.js';
import * as ownerIndexCoversLists from './migrations/019-owner-index-covers-lists.js';
import * as moderationReversals from './migrations/020-moderation-reversals.js';
import * as idempotencyKeys from './migrations/021-idempotency-keys.js';
import * as freshListingsSince from './migrations/022-fresh-listings-since.js';
import * as searchWords from './migrations/023-search-words.js';
import * as webPush from './migrations/024-web-push.js';
import * as listingStems from './migrations/025-listing-stems.js';
import * as ownerIndexHoldsStems from './migrations/026-owner-index-holds-stems.js';
import * as seedLots from './migrations/027-seed-lots.js';
import * as inSeason from './migrations/028-in-season.js';
import * as pickupTimes from './migrations/029-pickup-times.js';
import * as events from './migrations/030-events.js';
import * as weeklyDigest from './migrations/031-weekly-digest.js';
import type { Database } from './schema.js';

/** Every migration, in order. Add new ones at the end; never edit a shipped one. */
const migrations = {
  '001-initial': initial,
  '002-search-notifications-safety': searchNotificationsSafety,
  '003-photo-lookups': photoLookups,
  '004-one-open-report': oneOpenReport,
  '005-mail-queue': mailQueue,
  '006-password-resets': passwordResets,
  '007-email-confirmations': emailConfirmations,
  '008-sessions': sessions,
  '009-deleted-members': deletedMembers,
  '010-moderation': moderation,
  '011-offline-messages': offlineMessages,
  '012-list-plans': listPlans,
  '013-listing-photos': listingPhotos,
  '014-trades': trades,
  '015-fresh-listings': freshListings,
  '016-search-index-without-pending-list': searchIndexWithoutPendingList,
  '017-search-prefix-index': searchPrefixIndex,
  '018-title-search-index': titleSearchIndex,
  '019-owner-index-covers-lists': ownerIndexCoversLists,
  '020-moderation-reversals': moderationReversals,
  '021-idempotency-keys': idempotencyKeys,
  '022-fresh-listings-since': freshListingsSince,
  '023-search-words': searchWords,
  '024-web-push': webPush,
  '025-listing-stems': listingStems,
  '026-owner-index-holds-stems': ownerIndexHoldsStems,
  '027-seed-lots': seedLots,
  '028-in-season': inSeason,
  '029-pickup-times': pickupTimes,
  '030-events': events,
  '031-weekly-digest': weeklyDigest,
} satisfies Record<string, Migration>;

/**
 * Brings the schema up to date; safe to run at every start and from several instances. A test of
 * one migration stops at the one before it (`upTo`), fills the tables, then migrates the rest.
 */
export async function migrateToLatest(db: Kysely<Database>, upTo?: keyof typeof migrations & string): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; pin it to ours so another schema
  // in the same database (a test run's, another app's) never makes it skip creating them.
  const migrationTableSchema = isSqlite(db)
    ? undefined
    : (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
