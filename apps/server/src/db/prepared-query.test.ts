import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, buildTestApp, dialect } from '../../test/app.js';
import { insertMember } from '../../test/factories.js';
import { preparedQuery } from './prepared-query.js';
import type { Executor } from './schema.js';

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

  it('answers a one-plan query for each value, run after run on one connection', async () => {
    const members = await Promise.all(
      ['fern', 'moss', 'sage'].map((name) => insertMember(ctx, { username: `${name}_one_plan` })),
    );
    const byId = preparedQuery(
      (db, { id }: { id: number }) => db.selectFrom('users').select(['id', 'username']).where('id', '=', id),
      { onePlan: true },
    );
    // One transaction is one connection: every run meets the statement prepared by the first.
    await ctx.db.transaction().execute(async (trx) => {
      for (let run = 0; run < 8; run++) {
        const member = members[run % members.length]!;
        expect(await byId(trx, { id: member.id })).toEqual([{ id: member.id, username: member.username }]);
      }
      expect(await byId(trx, { id: -1 })).toEqual([]);
    });
  });

  it.runIf(dialect === 'postgres')('keeps one generic plan for a one-plan query on PostgreSQL', async () => {
    const member = await insertMember(ctx, { username: 'rue_one_plan' });
    const query = (db: Executor, id: number) => db.selectFrom('users').select(['id', 'email']).where('id', '=', id);
    const byId = preparedQuery((db, { id }: { id: number }) => query(db, id), { onePlan: true });
    await ctx.db.transaction().execute(async (trx) => {
      for (let run = 0; run < 9; run++) expect(await byId(trx, { id: member.id })).toHaveLength(1);
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
        select generic_plans::int, custom_plans::int from pg_prepared_statements
        where statement = ${query(trx, 0).compile().sql}`.execute(trx);
      expect(rows).toHaveLength(1);
      // After five custom plans PostgreSQL keeps the generic one for a lookup by key.
      expect(rows[0]!.custom_plans).toBeLessThanOrEqual(5);
      expect(rows[0]!.generic_plans).toBeGreaterThanOrEqual(4);
    });
  });

  it.runIf(dialect === 'postgres')(
    'plans a one-plan query once on PostgreSQL from its first run outside a transaction, and anything else for its values',
    async () => {
      // One after another, so the last has the highest id (inserted together, any may).
      const members: { id: number }[] = [];
      for (const name of ['yarrow', 'tansy', 'sorrel'])
        members.push(await insertMember(ctx, { username: `${name}_generic` }));
      // A keyset page: PostgreSQL's own choice plans it for its values run after run, since a
      // generic plan's estimate for an unseen LIMIT looks dearer.
      const query = (db: Executor, before: number, limit: number) =>
        db.selectFrom('users').select('id').where('id', '<', before).orderBy('id', 'desc').limit(limit);
      const page = preparedQuery((db, v: { before: number; limit: number }) => query(db, v.before, v.limit), {
        onePlan: true,
      });
      const planCacheMode = async (db: Executor) =>
        (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db)).rows[0]!.mode;
      const newest = members.at(-1)!.id;

      await ctx.db.connection().execute(async (connection) => {
        for (let run = 0; run < 7; run++)
          expect(await page(connection, { before: newest + 1, limit: 2 })).toEqual([
            { id: newest },
            { id: members.at(-2)!.id },
          ]);
        const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
          select generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement = ${query(connection, 0, 0).compile().sql}`.execute(connection);
        expect(rows).toEqual([{ generic_plans: 7, custom_plans: 0 }]);
        expect(await planCacheMode(connection)).toBe('force_generic_plan');
      });
      // A checkout that starts with any other statement, or a transaction, plans for the values.
      expect(await ctx.db.connection().execute(planCacheMode)).toBe('auto');
      expect(await ctx.db.transaction().execute(planCacheMode)).toBe('auto');
      expect(
        await ctx.db
          .transaction()
          .execute(async (trx) => (await page(trx, { before: 0, limit: 1 }), planCacheMode(trx))),
      ).toBe('auto');
    },
  );

  it.runIf(dialect === 'postgres')('prepares on PostgreSQL only the shapes its onePlan accepts', async () => {
    const query = (db: Executor, id: number, descending: boolean) =>
      db
        .selectFrom('users')
        .select(['id', 'zip_code'])
        .where('id', '>', id)
        .orderBy('id', descending ? 'desc' : 'asc');
    const ordered = preparedQuery((db, { id }: { id: number }, descending: boolean) => query(db, id, descending), {
      onePlan: (descending) => !descending,
    });
    await ctx.db.transaction().execute(async (trx) => {
      await ordered(trx, { id: 0 }, false);
      await ordered(trx, { id: 0 }, true);
      const held = async (descending: boolean) => {
        const statement = query(trx, 0, descending).compile().sql;
        const { rows } = await sql`select 1 from pg_prepared_statements where statement = ${statement}`.execute(trx);
        return rows.length;
      };
      expect(await held(false)).toBe(1);
      expect(await held(true)).toBe(0);
    });
  });

  it.runIf(dialect === 'postgres')('leaves a query without onePlan unprepared on PostgreSQL', async () => {
    const query = (db: Executor, id: number) => db.selectFrom('users').select(['id', 'city']).where('id', '=', id);
    const plain = preparedQuery((db, { id }: { id: number }) => query(db, id));
    await ctx.db.transaction().execute(async (trx) => {
      for (let run = 0; run < 3; run++) await plain(trx, { id: 1 });
      const { rows } =
        await sql`select 1 from pg_prepared_statements where statement = ${query(trx, 0).compile().sql}`.execute(trx);
      expect(rows).toEqual([]);
    });
  });
});
