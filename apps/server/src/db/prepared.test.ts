import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { preparedQuery } from './prepared.js';

describe('preparedQuery', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const usernameOf = preparedQuery((db, v: { id: number }) =>
    db.selectFrom('users').select('username').where('id', '=', v.id),
  );

  it('binds each call’s own values to the query built once', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    expect((await usernameOf(ctx.db, { id: alice.id })).rows).toEqual([{ username: alice.username }]);
    expect((await usernameOf(ctx.db, { id: bob.id })).rows).toEqual([{ username: bob.username }]);
    expect((await usernameOf(ctx.db, { id: 987654 })).rows).toEqual([]);
  });

  it('binds a value used more than once, and runs inside a transaction', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const eitherOf = preparedQuery((db, v: { a: number; b: number }) =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', v.a), eb('id', '=', v.b), eb('id', '=', sql<number>`${v.a} + 0`)]))
        .orderBy('id'),
    );
    const rows = await ctx.db
      .transaction()
      .execute(async (trx) => (await eitherOf(trx, { a: alice.id, b: bob.id })).rows);
    expect(rows).toEqual([{ id: alice.id }, { id: bob.id }]);
  });

  it('refuses a value that would shape the query rather than be bound', async () => {
    const shaped = preparedQuery((db, v: { column: 'id' | 'username' }) =>
      db.selectFrom('users').select(v.column as 'id'),
    );
    await expect(shaped(ctx.db, { column: 'id' })).rejects.toThrow(/reads but does not bind column/);
  });
});
