import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, buildTestApp } from '../../test/app.js';
import { insertMember } from '../../test/factories.js';
import { preparedQuery } from './prepared-query.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());

describe('a prepared query', () => {
  it('is built once, and each call answers for its own values, in and out of a transaction', async () => {
    let builds = 0;
    const named = preparedQuery((db, { id, prefix }: { id: number; prefix: string }) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', '=', id)
        .where('username', 'like', prefix)
        .where('deleted_at', 'is', null);
    });
    const ivy = await insertMember(ctx, { username: 'ivy_prepared' });
    const oak = await insertMember(ctx, { username: 'oak_prepared' });

    expect(await named(ctx.db, { id: ivy.id, prefix: 'ivy%' })).toEqual([{ id: ivy.id, username: 'ivy_prepared' }]);
    expect(await named(ctx.db, { id: oak.id, prefix: 'oak%' })).toEqual([{ id: oak.id, username: 'oak_prepared' }]);
    expect(await named(ctx.db, { id: oak.id, prefix: 'ivy%' })).toEqual([]);
    const inTransaction = await ctx.db.transaction().execute((trx) => named(trx, { id: ivy.id, prefix: '%' }));
    expect(inTransaction).toEqual([{ id: ivy.id, username: 'ivy_prepared' }]);
    expect(builds).toBe(1);
  });

  it('refuses, at its first call, a value used to shape the query rather than bound', async () => {
    const shaped = preparedQuery((db, { newestFirst }: { newestFirst: boolean }) =>
      db
        .selectFrom('users')
        .select('id')
        .orderBy('id', newestFirst ? 'desc' : 'asc'),
    );
    await expect(shaped(ctx.db, { newestFirst: true })).rejects.toThrow(/reads but does not bind newestFirst/);
  });

  it('builds each shape once, apart from the values', async () => {
    let builds = 0;
    const ordered = preparedQuery((db, { above }: { above: number }, newestFirst: boolean) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select('id')
        .where('id', '>', above)
        .orderBy('id', newestFirst ? 'desc' : 'asc');
    });
    const ids = (await ctx.db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
    expect((await ordered(ctx.db, { above: 0 }, true)).map((r) => r.id)).toEqual([...ids].reverse());
    expect((await ordered(ctx.db, { above: 0 }, false)).map((r) => r.id)).toEqual(ids);
    expect((await ordered(ctx.db, { above: ids[0]! }, false)).map((r) => r.id)).toEqual(ids.slice(1));
    expect(builds).toBe(2);
  });

  it('binds a value used more than once, also inside raw SQL', async () => {
    const ivy = await insertMember(ctx, { username: 'ivy_twice' });
    const oak = await insertMember(ctx, { username: 'oak_twice' });
    const eitherOf = preparedQuery((db, v: { a: number; b: number }) =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', v.a), eb('id', '=', v.b), eb('id', '=', sql<number>`${v.a} + 0`)]))
        .orderBy('id'),
    );
    expect(await eitherOf(ctx.db, { a: ivy.id, b: oak.id })).toEqual([{ id: ivy.id }, { id: oak.id }]);
    expect(await eitherOf(ctx.db, { a: oak.id, b: oak.id })).toEqual([{ id: oak.id }]);
  });
});
