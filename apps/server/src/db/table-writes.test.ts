import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testConfig } from '../../test/app.js';
import { insertMember, listingRow } from '../../test/factories.js';
import { type DatabaseHandle, connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { classify } from './table-writes.js';

describe('which tables a statement writes', () => {
  it.each([
    ['select * from "listings" where "id" = ?', 'read'],
    ['  SELECT 1', 'read'],
    ['select * from "listings" for update', 'read'],
    ['insert into "listings" ("title") values ($1) returning "id"', ['listings']],
    ['update "users" set "username" = $1 where "id" = $2', ['users']],
    ['delete from "blocks" where "blocker_id" = ?', ['blocks']],
    ['DELETE FROM listings WHERE id = 1', ['listings']],
    ['insert into "blocks" ("a") values (?) on conflict ("a") do update set "a" = excluded."a"', ['blocks']],
    [
      'with gone as (delete from "listings" where "id" = $1 returning "owner_id") update "users" set "n" = 1',
      ['listings', 'users'],
    ],
    ['begin', 'begin'],
    ['start transaction isolation level serializable', 'begin'],
    ['commit', 'commit'],
    ['rollback', 'rollback'],
    ['rollback to savepoint a', 'read'],
    ['create index "x" on "listings" ("id")', 'read'],
  ])('%s', (statement, expected) => {
    const found = classify(statement);
    expect(typeof found === 'string' ? found : [...found].sort()).toEqual(expected);
  });
});

describe('what a database handle tells of its writes', () => {
  // A handle of its own: an app's background work (sessions last seen, sweeps) writes too.
  let handle: DatabaseHandle;
  let ctx: Pick<TestContext, 'db' | 'config'>;
  let cleanup: () => Promise<void>;
  const heard: string[][] = [];
  beforeAll(async () => {
    const test = await testConfig();
    cleanup = test.cleanup;
    handle = connectDatabase(test.config.database);
    await migrateToLatest(handle.db);
    ctx = { db: handle.db, config: test.config };
    handle.writes.listen((tables) => heard.push([...tables].sort()));
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await cleanup?.();
  });

  it('tells of a statement outside a transaction once it has run, and nothing of a read', async () => {
    heard.length = 0;
    const owner = await insertMember(ctx);
    expect(heard).toEqual([['users']]);
    await ctx.db.insertInto('listings').values(listingRow(owner.id, 'Runner beans')).execute();
    await ctx.db.selectFrom('listings').selectAll().execute();
    await sql`update listings set title = ${'Pole beans'} where owner_id = ${owner.id}`.execute(ctx.db);
    expect(heard).toEqual([['users'], ['listings'], ['listings']]);
  });

  it('tells of a transaction once, at its commit, with every table it wrote', async () => {
    const owner = await insertMember(ctx);
    heard.length = 0;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('listings').values(listingRow(owner.id, 'Leeks')).execute();
      await trx.updateTable('users').set({ city: 'Leeds' }).where('id', '=', owner.id).execute();
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([['listings', 'users']]);
  });

  it('tells nothing of a transaction rolled back', async () => {
    const owner = await insertMember(ctx);
    heard.length = 0;
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('listings').values(listingRow(owner.id, 'Never listed')).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A write after it, on the same connection, is told alone.
    await ctx.db.deleteFrom('listings').where('owner_id', '=', owner.id).execute();
    expect(heard).toEqual([['listings']]);
  });
});
