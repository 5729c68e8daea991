import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { databaseMigratedTo } from '../../../test/app.js';

describe('migration 011-offline-messages on members who chose one e-mail switch', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await databaseMigratedTo('010-moderation'));
  });
  afterAll(() => close?.());

  it('carries each member’s switch over to every kind', async () => {
    const now = new Date().toISOString();
    // Before 011 the table has the one switch and none of the new columns.
    const member = (name: string, on: number) =>
      sql`insert into users (email, username, password_hash, first_name, last_name, email_notifications, created_at, updated_at)
        values (${`${name}@example.org`}, ${name}, 'x', ${name}, 'G', ${on}, ${now}, ${now})`.execute(db);
    await member('quiet', 0);
    await member('chatty', 1);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('users')
      .select(['username', 'email_matches', 'email_friend_requests', 'email_messages'])
      .orderBy('username')
      .execute();
    expect(rows).toEqual([
      { username: 'chatty', email_matches: 1, email_friend_requests: 1, email_messages: 1 },
      { username: 'quiet', email_matches: 0, email_friend_requests: 0, email_messages: 0 },
    ]);
  });
});
