import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgSchema, dialect } from '../../test/app.js';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

/**
 * Another app (or another instance's test run) keeps creating and dropping schemas in the same
 * database. Kysely's migrator reads every schema's tables to find its own bookkeeping tables, so a
 * schema dropped during that read must not fail our start.
 */
describe.runIf(dialect === 'postgres')('migrating while other schemas come and go', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('brings its own schema up to date every time', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const churner = new pg.Client({ connectionString: url });
    await churner.connect();
    let churning = true;
    let churned = 0;
    const churn = (async () => {
      while (churning) {
        const other = `churn_${randomBytes(5).toString('hex')}`;
        await churner.query(`create schema ${other}`);
        await churner.query(`create table ${other}.t (id serial primary key, name text)`);
        await churner.query(`drop schema ${other} cascade`);
        churned++;
      }
    })();

    try {
      for (let i = 0; i < 6; i++) {
        const own = await createPgSchema();
        drops.push(own.drop);
        const handle = connectDatabase({ kind: 'postgres', url, schema: own.schema });
        try {
          await migrateToLatest(handle.db);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(handle.db);
          expect(rows[0]!.n).toBeGreaterThan(15);
          const tables = (await handle.db.introspection.getTables()).map((t) => `${t.schema}.${t.name}`);
          expect(tables).toContain(`${own.schema}.listings`);
          expect(tables.every((t) => t.startsWith(`${own.schema}.`))).toBe(true);
          expect(tables).not.toContain(`${own.schema}.kysely_migration`);
        } finally {
          await handle.db.destroy();
        }
      }
    } finally {
      churning = false;
      await churn;
      await churner.end();
    }
    expect(churned).toBeGreaterThan(0);
  });
});
