import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import * as initial from '../../db/migrations/001-initial.js';
import * as searchNotificationsSafety from '../../db/migrations/002-search-notifications-safety.js';
import * as photoLookups from '../../db/migrations/003-photo-lookups.js';
import * as oneOpenReport from '../../db/migrations/004-one-open-report.js';
import * as mailQueue from '../../db/migrations/005-mail-queue.js';
import * as passwordResets from '../../db/migrations/006-password-resets.js';
import type { Database } from '../../db/schema.js';
import { testConfig } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';

describe('migration 007-email-confirmations on a database that already has members', () => {
  let db: Kysely<Database>;
  let config: Config;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ config, cleanup } = await testConfig());
    db = connectDatabase(config.database).db;
    const schema = config.database.kind === 'postgres' ? config.database.schema : undefined;
    const before = new Migrator({
      db,
      migrationTableSchema: schema,
      provider: {
        getMigrations: async () => ({
          '001-initial': initial,
          '002-search-notifications-safety': searchNotificationsSafety,
          '003-photo-lookups': photoLookups,
          '004-one-open-report': oneOpenReport,
          '005-mail-queue': mailQueue,
          '006-password-resets': passwordResets,
        }),
      },
    });
    const { error } = await before.migrateToLatest();
    if (error) throw error;
  });

  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  it('treats every member from before as confirmed, with no change of address waiting', async () => {
    const ctx = { db, config };
    const members = [await createUser(ctx), await createUser(ctx)];
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email_confirmed', 'pending_email'])
      .where(
        'id',
        'in',
        members.map((m) => m.id),
      )
      .orderBy('id')
      .execute();
    expect(rows).toEqual(members.map((m) => ({ id: m.id, email_confirmed: 1, pending_email: null })));
  });
});
