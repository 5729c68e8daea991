import { performance } from 'node:perf_hooks';
import { ListingsQuerySchema } from '@gardenswap/shared';
import { CompiledQuery } from 'kysely';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { ListPlanner, listListings } from '../apps/server/src/modules/listings/index.js';
import { queryParams } from './lists.js';

/**
 * Every statement one GET /listings/ runs, with its time and its plan (SQLite's EXPLAIN QUERY
 * PLAN, PostgreSQL's EXPLAIN ANALYZE), on a database the list-plans bench seeded. Usage:
 *
 *   tsx --conditions=development bench/list-plan.ts 'sort=nearest&q=tomato' [viewer id] [database]
 *
 * The database is an SQLite file (default: the bench's 1M file) or `postgres://...`, with
 * PLAN_SCHEMA naming the schema to read.
 */

const [query = '', viewer = '1', target = '/tmp/gardenswap-bench-v2-1000000.sqlite'] = process.argv.slice(2);
const postgres = target.startsWith('postgres');
/** The statements a call runs, with their values, as the database received them. */
const statements: CompiledQuery[] = [];
let recording = false;
const { db } = connectDatabase(
  postgres ? { kind: 'postgres', url: target, schema: process.env.PLAN_SCHEMA } : { kind: 'sqlite', file: target },
  { log: (event) => void (recording && statements.push(event.query)) },
);

const params = queryParams(query);
recording = true;
const start = performance.now();
const page = await listListings(db, Number(viewer), ListingsQuerySchema.parse(params), (p) => p, {
  planner: new ListPlanner(),
});
recording = false;
console.log(`${page.listings.length} listings in ${(performance.now() - start).toFixed(1)} ms`);

if (process.env.PLAN_DUMP)
  (await import('node:fs')).writeFileSync(
    process.env.PLAN_DUMP,
    JSON.stringify(statements.map(({ sql, parameters }) => ({ sql, parameters }))),
  );
for (const { sql, parameters } of statements) {
  console.log(`\n--- ${sql}`);
  const plan = await db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${postgres ? 'explain analyze' : 'explain query plan'} ${sql}`, [...parameters]),
  );
  for (const row of plan.rows) console.log('   ', postgres ? row['QUERY PLAN'] : row.detail);
  const runs = Number(process.env.PLAN_RUNS ?? 1);
  let answered = 0;
  const began = performance.now();
  for (let i = 0; i < runs; i++)
    answered = (await db.executeQuery(CompiledQuery.raw(sql, [...parameters]))).rows.length;
  console.log(`    ${((performance.now() - began) / runs).toFixed(runs > 1 ? 3 : 1)} ms, ${answered} rows`);
  if (process.env.PLAN_VALUES) console.log('    values:', JSON.stringify(parameters));
}
await db.destroy();
