import { TEXTS } from '@gardenswap/shared';
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext, testConfig } from '../../test/app.js';
import { DATABASE_TIMEOUTS } from '../config.js';
import { toAppError } from '../plugins/errors.js';
import { connectDatabase, isDatabaseAway, rowsMadeInJavaScript } from './connect.js';

const withCode = (code: string, message = 'database error') => Object.assign(new Error(message), { code });

describe('an error from a database that is away', () => {
  const away = {
    'a connection cut mid-query': new Error('Connection terminated unexpectedly'),
    'a connection that timed out opening': new Error('Connection terminated due to connection timeout'),
    'a pool with no free connection in time': new Error('timeout exceeded when trying to connect'),
    'a query that got no answer in time': new Error('Query read timeout'),
    'a connection already broken': new Error('Client has encountered a connection error and is not queryable'),
    'a refused connection': withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    'a reset connection': withCode('ECONNRESET', 'read ECONNRESET'),
    'an administrator shutdown (57P01)': withCode('57P01', 'terminating connection due to administrator command'),
    'a server starting up (57P03)': withCode('57P03', 'the database system is starting up'),
    'a connection failure (08006)': withCode('08006'),
    'a refused connection by the server (08001)': withCode('08001'),
    'a protocol violation (08P01)': withCode('08P01'),
    'a statement timeout (57014)': withCode('57014', 'canceling statement due to statement timeout'),
    'too many connections (53300)': withCode('53300'),
    'a busy SQLite file': withCode('SQLITE_BUSY', 'database is locked'),
  };

  it.each(Object.entries(away))('answers %s with 503, Retry-After and the one body', (_name, error) => {
    expect(isDatabaseAway(error)).toBe(true);
    const mapped = toAppError(error);
    expect(mapped.status).toBe(503);
    expect({ detail: mapped.detail, code: mapped.code }).toEqual({
      detail: TEXTS.unavailable,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(mapped.headers?.['retry-after']).toMatch(/^\d+$/);
  });

  it('keeps a wrong query a 500, not a 503', () => {
    const wrong = withCode('42P01', 'relation "nothing" does not exist');
    expect(isDatabaseAway(wrong)).toBe(false);
    expect(toAppError(wrong).status).toBe(500);
  });
});

// Statements are cancelled, the pool's wait is bounded and migrations are exempt only on PostgreSQL.
describe.skipIf(dialect !== 'postgres')('PostgreSQL deadlines (PostgreSQL runs only)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/api/test-slow-query', { config: { public: true } }, async () => {
            await sql`select pg_sleep(10)`.execute(app.db);
            return { done: true };
          }),
      },
    );
  });
  afterAll(() => ctx?.close());

  it('answers 503 with Retry-After when a statement outlasts the statement timeout, and keeps serving', async () => {
    const started = Date.now();
    const res = await ctx.inject({ method: 'GET', url: '/api/test-slow-query' });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({ detail: TEXTS.unavailable, code: 'SERVICE_UNAVAILABLE' });
    expect(took).toBeGreaterThanOrEqual(DATABASE_TIMEOUTS.statementMs - 50);
    expect(took).toBeLessThan(2000);
    expect((await ctx.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('fails a query fast when every connection stays busy, rather than queueing it', async () => {
    // Ten connections (the pool's size) each busy longer than the connect timeout, within the statement timeout.
    const busyMs = (DATABASE_TIMEOUTS.connectMs + DATABASE_TIMEOUTS.statementMs) / 2;
    const busy = Array.from({ length: 10 }, () => sql`select pg_sleep(${busyMs / 1000})`.execute(ctx.db));
    const started = Date.now();
    const queued = await sql`select 1`.execute(ctx.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseAway(queued)).toBe(true);
    expect(Date.now() - started).toBeLessThan(DATABASE_TIMEOUTS.connectMs + 500);
    await Promise.all(busy);
    // The busy connections went back to the pool in working order.
    expect((await sql<{ one: number }>`select 1 as one`.execute(ctx.db)).rows).toEqual([{ one: 1 }]);
  });

  it('serves again at once after a lone connection is cut while the database stays up', async () => {
    const cut = await sql`select pg_terminate_backend(pg_backend_pid())`.execute(ctx.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseAway(cut)).toBe(true);
    const deadline = Date.now() + 1000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await ctx.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(200);
  });

  it("lets migrations wait for another instance's migrations longer than any timeout", async () => {
    // Kysely's migration lock (LOCK_ID in its PostgresAdapter), held as a migrating instance holds it.
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(3853314791062309107)');
      let settled = false;
      const starting = buildTestApp().finally(() => (settled = true));
      starting.catch(() => undefined);
      await new Promise((r) => setTimeout(r, DATABASE_TIMEOUTS.queryMs + 500));
      expect(settled).toBe(false);
      await other.query('select pg_advisory_unlock(3853314791062309107)');
      const started = await starting;
      expect((await started.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await started.close();
    } finally {
      await other.end();
    }
  });
});

describe('SQLite rows made in JavaScript', () => {
  it('are the very objects better-sqlite3 makes: keys, order, values, duplicates and streaming', () => {
    const sqlite = new SQLite(':memory:');
    try {
      sqlite.exec(`create table t (id integer primary key, name text, score real, note text, data blob);
        insert into t values (1, 'ivy', 2.5, null, x'0102'), (2, 'oak', -1, 'é"\\u2028', null);`);
      const source = `select id, name, score, note, data, name as "a ""quoted"" name", id as name, count(*) over () as "count(*)" from t order by id`;
      const expected = sqlite.prepare(source).all();
      const made = rowsMadeInJavaScript(sqlite.prepare(source));
      expect(made.all([])).toEqual(expected);
      expect(made.all([]).map((row) => Object.keys(row as object))).toEqual(
        expected.map((row) => Object.keys(row as object)),
      );
      expect([...made.iterate([])]).toEqual(expected);
      const byId = rowsMadeInJavaScript(sqlite.prepare('select name from t where id = ?'));
      expect(byId.all([2])).toEqual([{ name: 'oak' }]);
      const writer = rowsMadeInJavaScript(sqlite.prepare('update t set score = ? where id = ?'));
      expect(writer.reader).toBe(false);
      expect(writer.run([3, 1]).changes).toBe(1);
    } finally {
      sqlite.close();
    }
  });
});

describe('pool use, as the metrics read it', () => {
  it('counts the connections in use and the queries waiting for one', async () => {
    const { config, cleanup } = await testConfig();
    const handle = connectDatabase(config.database);
    const pool = dialect === 'postgres' ? 'planned' : 'sqlite';
    const use = () => handle.poolUse().find((p) => p.pool === pool)!;
    try {
      await sql`select 1`.execute(handle.db);
      expect(use().waiting).toBe(0);
      expect(use().idle).toBe(use().total);

      // Every connection the pool may open, held by a transaction until told to finish.
      let finish = () => {};
      const held = new Promise<void>((resolve) => (finish = resolve));
      const holders = Array.from({ length: use().max }, () =>
        handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await held;
        }),
      );
      await expect.poll(() => use().total - use().idle).toBe(use().max);
      const waiting = sql`select 1`.execute(handle.db);
      await expect.poll(() => use().waiting).toBe(1);

      finish();
      await Promise.all([...holders, waiting]);
      expect(use().waiting).toBe(0);
      expect(use().idle).toBe(use().total);
    } finally {
      await handle.db.destroy();
      await cleanup();
    }
  });
});
