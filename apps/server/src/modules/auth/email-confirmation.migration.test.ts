import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { databaseMigratedTo } from '../../../test/app.js';
import { insertMember } from '../../../test/factories.js';

describe('migration 007-email-confirmations on a database that already has members', () => {
  let db: Kysely<Database>;
  let config: Config;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, config, close } = await databaseMigratedTo('006-password-resets'));
  });
  afterAll(() => close?.());

  it('treats every member from before as confirmed, with no change of address waiting', async () => {
    const members = [await insertMember({ db, config }), await insertMember({ db, config })];
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
