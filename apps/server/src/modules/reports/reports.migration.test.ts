import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { databaseMigratedTo } from '../../../test/app.js';
import { insertMember } from '../../../test/factories.js';

describe('migration 004-one-open-report on a database that already holds repeated reports', () => {
  let db: Kysely<Database>;
  let config: Config;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, config, close } = await databaseMigratedTo('003-photo-lookups'));
  });
  afterAll(() => close?.());

  it('collapses repeated reports into the first, keeps the rest open, and then refuses a second open one', async () => {
    const ctx = { db, config };
    const [alice, bob, carol] = [await insertMember(ctx), await insertMember(ctx), await insertMember(ctx)];
    const rows = [
      { reporter_id: alice.id, target_type: 'user', target_id: bob.id, reason: 'First' },
      { reporter_id: alice.id, target_type: 'user', target_id: bob.id, reason: 'Second' },
      { reporter_id: carol.id, target_type: 'user', target_id: bob.id, reason: 'Carol about Bob' },
      { reporter_id: alice.id, target_type: 'user', target_id: bob.id, reason: 'Third' },
      { reporter_id: alice.id, target_type: 'message', target_id: bob.id, reason: 'Another target type' },
    ] as const;
    // Before 004 the table has no status column: insert only what it has.
    for (const row of rows) await db.insertInto('reports').values(row).execute();

    await migrateToLatest(db);

    const after = await db
      .selectFrom('reports')
      .select(['reporter_id', 'target_type', 'target_id', 'reason', 'status'])
      .orderBy('id')
      .execute();
    expect(after).toEqual([
      { reporter_id: alice.id, target_type: 'user', target_id: bob.id, reason: 'First', status: 'open' },
      { reporter_id: carol.id, target_type: 'user', target_id: bob.id, reason: 'Carol about Bob', status: 'open' },
      {
        reporter_id: alice.id,
        target_type: 'message',
        target_id: bob.id,
        reason: 'Another target type',
        status: 'open',
      },
    ]);

    const repeat = db
      .insertInto('reports')
      .values({ reporter_id: alice.id, target_type: 'user', target_id: bob.id, reason: 'Fourth' });
    await expect(repeat.execute()).rejects.toThrow(/unique|duplicate/i);
    await db.updateTable('reports').set({ status: 'resolved' }).where('reason', '=', 'First').execute();
    await repeat.execute();
    const count = await db
      .selectFrom('reports')
      .select(sql<number>`count(*)`.as('n'))
      .where('reporter_id', '=', alice.id)
      .where('target_type', '=', 'user')
      .where('target_id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
