import { randomBytes } from 'node:crypto';
import { TEXTS } from '@gardenswap/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, buildTestApp, dialect } from './app.js';
import { type TestUser, createUser } from './factories.js';

// A database that refuses writes while it still answers reads: an SQLite file gone read-only, a
// PostgreSQL standby after a failover (here: a role whose transactions are read-only). A write
// answers 503 with the text a person can act on, never a 500; reads go on.

const cannotSave = { detail: TEXTS.cannotSave, code: 'SERVICE_UNAVAILABLE' };

/** The app as it runs against the read-only database, and how to give writes back (SQLite only). */
interface ReadOnly {
  ctx: TestContext;
  writable?: () => Promise<void>;
  cleanup(): Promise<void>;
}

async function readOnlySqlite(ctx: TestContext): Promise<ReadOnly> {
  await sql`pragma query_only = 1`.execute(ctx.db);
  return {
    ctx,
    writable: async () => void (await sql`pragma query_only = 0`.execute(ctx.db)),
    cleanup: async () => undefined,
  };
}

async function readOnlyPostgres(ctx: TestContext): Promise<ReadOnly> {
  const database = ctx.config.database;
  if (database.kind !== 'postgres' || !database.schema) throw new Error('a PostgreSQL test schema is expected');
  const role = `gs_readonly_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const statements = [
    `create role ${role} login`,
    `alter role ${role} set default_transaction_read_only = on`,
    `grant usage on schema ${database.schema} to ${role}`,
    `grant select, insert, update, delete on all tables in schema ${database.schema} to ${role}`,
    `grant usage, select on all sequences in schema ${database.schema} to ${role}`,
  ];
  for (const statement of statements) await admin.query(statement);
  await admin.end();
  const url = new URL(database.url);
  url.username = role;
  const readOnly = await buildTestApp({
    database: { ...database, url: url.toString() },
    jwtSecret: ctx.config.jwtSecret,
  });
  return {
    ctx: readOnly,
    async cleanup() {
      await readOnly.close();
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      await c.query(`drop owned by ${role}`);
      await c.query(`drop role ${role}`);
      await c.end();
    },
  };
}

describe('a database that refuses writes', () => {
  let ctx: TestContext;
  let readOnly: ReadOnly;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    alice = await createUser(ctx);
    bob = await createUser(ctx);
    readOnly = dialect === 'postgres' ? await readOnlyPostgres(ctx) : await readOnlySqlite(ctx);
  });
  afterAll(async () => {
    await readOnly?.cleanup();
    await ctx?.close();
  });

  it('answers 503 with the text for a write, and reads still answer', async () => {
    const sent = await readOnly.ctx.inject({
      method: 'POST',
      url: '/api/messages',
      as: alice,
      payload: { receiver_id: bob.id, content: 'Still have basil?' },
    });
    expect(sent.statusCode, sent.body).toBe(503);
    expect(sent.json()).toEqual(cannotSave);
    expect(sent.headers['retry-after']).toBeDefined();

    const listed = await readOnly.ctx.inject({
      method: 'POST',
      url: '/api/listings/',
      as: alice,
      payload: { title: 'Rhubarb crowns', type_id: 3, category_id: 3 },
    });
    expect(listed.statusCode, listed.body).toBe(503);
    expect(listed.json()).toEqual(cannotSave);

    const read = await readOnly.ctx.inject({ method: 'GET', url: '/api/listings/?public=true', as: bob });
    expect(read.statusCode).toBe(200);
  });

  it.skipIf(dialect !== 'sqlite')('saves again once the database takes writes', async () => {
    await readOnly.writable!();
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      as: alice,
      payload: { receiver_id: bob.id, content: 'Still have basil?' },
    });
    expect(sent.statusCode).toBe(201);
  });
});
