import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type ListingsQuery, ListingsQuerySchema } from '@gardenswap/shared';
import { sql } from 'kysely';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { listListings } from '../apps/server/src/modules/listings/listings.queries.js';

/**
 * The plans of GET /listings/ at scale, measured in process (no HTTP): every list route, the
 * first page and page 20, p50 and p99 over repeated runs. Usage:
 *
 *   tsx --conditions=development bench/list-plans.bench.ts [listings] [sqlite file | postgres://url]
 *
 * An SQLite file that already holds the listings is reused, so the seeding (one INSERT ... SELECT
 * per table) runs once per size. PostgreSQL seeds into a schema of its own and drops it after.
 */

const LISTINGS = Number(process.argv[2] ?? 10_000);
const TARGET = process.argv[3] ?? `/tmp/gardenswap-list-plans-${LISTINGS}.sqlite`;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SEED_CHUNK = 5_000;
const MEMBERS = Math.max(200, Math.round(LISTINGS / 20));

/** Members 1 (dense: Salt Lake City, like 95% of members) and 2 (sparse: rural Montana). */
const DENSE_VIEWER = 1;
const SPARSE_VIEWER = 2;

async function seed(db: DB, postgres: boolean) {
  const rnd = (n: number) => (postgres ? sql`floor(random() * ${n})::int` : sql`abs(random() % ${n})`);
  const frac = postgres ? sql`random()` : sql`(abs(random() % 1000000) / 1000000.0)`;
  const series = (n: number, from = 1) =>
    postgres
      ? sql`select g as i from generate_series(${sql.lit(from)}, ${sql.lit(n)}) g`
      : sql`select i from (with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${n}) select i from s)`;
  // 95% of members around Salt Lake City, the rest spread over the country; member 2 alone in Montana.
  // In slices, like the listings below.
  for (let from = 1; from <= MEMBERS; from += SEED_CHUNK) {
    await sql`insert into users (email, username, password_hash, first_name, last_name, city, state, zip_code, latitude, longitude)
    select 'm' || i || '@bench.example', 'm' || i, 'x', 'M', 'B', 'Somewhere', 'UT', '84101',
      case when i = 1 then 40.76 when i = 2 then 47.5 when i % 20 = 0 then 25 + ${frac} * 23
        when i % 97 = 0 then null else 40.6 + ${frac} * 0.3 end,
      case when i = 1 then -111.89 when i = 2 then -108.5 when i % 20 = 0 then -124 + ${frac} * 54
        when i % 97 = 0 then null else -112.0 + ${frac} * 0.3 end
    from (${series(Math.min(MEMBERS, from + SEED_CHUNK - 1), from)}) s`.execute(db);
  }
  await sql`insert into friendships (user_low, user_high, requester_id, status)
    select 1, i * 7, 1, 'accepted' from (${series(50)}) s`.execute(db);
  // 10% of titles say tomato, 2% only the description; 90% public, 95% active, 5% gone.
  // In slices, each well inside PostgreSQL's per-statement time limit.
  for (let from = 1; from <= LISTINGS; from += SEED_CHUNK) {
    await sql`insert into listings (owner_id, title, description, price, is_active, is_public, type_id, state_id, category_id)
    select case when i % 50000 = 0 then 2 else 1 + ${rnd(MEMBERS)} end,
      case when i % 10 = 0 then 'Fresh tomatoes ' || i else 'Homegrown kale ' || i end,
      case when i % 50 = 1 then 'Goes well with a tomato salad' else 'Picked this morning' end,
      ${rnd(40)}, case when i % 20 = 0 then 0 else 1 end, case when i % 10 = 3 then 0 else 1 end,
      1 + ${rnd(3)}, case when i % 20 = 7 then 3 else 1 end, 1 + ${rnd(3)}
      from (${series(Math.min(LISTINGS, from + SEED_CHUNK - 1), from)}) s`.execute(db);
  }
  // Only this run's tables: the server is shared.
  await (postgres ? sql`analyze users, listings, friendships` : sql`analyze`).execute(db);
}

async function open() {
  if (TARGET.startsWith('postgres')) {
    const schema = `bench_plans_${process.pid}`;
    const admin = connectDatabase({ kind: 'postgres', url: TARGET });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.db.destroy();
    const { db } = connectDatabase({ kind: 'postgres', url: TARGET, schema });
    try {
      await migrateToLatest(db);
      await seed(db, true);
    } catch (error) {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
      throw error;
    }
    return {
      db,
      close: async () => {
        // BENCH_KEEP_SCHEMA=1 leaves it for bench/list-plan.ts (PLAN_SCHEMA); drop it after.
        if (process.env.BENCH_KEEP_SCHEMA) console.log(`kept schema ${schema}`);
        else await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
        await db.destroy();
      },
    };
  }
  const fresh = !existsSync(TARGET);
  const { db } = connectDatabase({ kind: 'sqlite', file: TARGET });
  await migrateToLatest(db);
  if (fresh) await seed(db, false);
  return { db, close: () => db.destroy() };
}

const sign = (path: string | null) => path;

const CASES: [string, number, string][] = [
  ['all', DENSE_VIEWER, ''],
  ['public', DENSE_VIEWER, 'public=true'],
  ['friends', DENSE_VIEWER, 'friends=true'],
  ['seller', DENSE_VIEWER, 'user_id=3'],
  ['mine', 3, 'mine=true'],
  ['filters', DENSE_VIEWER, 'public=true&type_id=1&type_id=3&category_id=2&min_price=5&max_price=30'],
  ['price', DENSE_VIEWER, 'sort=lowest&category_id=1'],
  ['q', DENSE_VIEWER, 'q=tomato'],
  ['q newest', DENSE_VIEWER, 'q=tomato&sort=newest'],
  ['q rare', DENSE_VIEWER, 'q=salad'],
  ['q lowest', DENSE_VIEWER, 'q=tomato&sort=lowest'],
  ['nearest', DENSE_VIEWER, 'sort=nearest'],
  ['nearest sparse', SPARSE_VIEWER, 'sort=nearest'],
  ['within dense', DENSE_VIEWER, 'within_miles=10'],
  ['within sparse', SPARSE_VIEWER, 'within_miles=100'],
  ['within+nearest', DENSE_VIEWER, 'within_miles=25&sort=nearest'],
  ['q+within', DENSE_VIEWER, 'q=tomato&within_miles=10'],
  ['q+within sparse', SPARSE_VIEWER, 'q=tomato&within_miles=100'],
  ['q+nearest', DENSE_VIEWER, 'q=tomato&sort=nearest'],
  ['q+nearest sparse', SPARSE_VIEWER, 'q=tomato&sort=nearest'],
  ['within lowest', DENSE_VIEWER, 'within_miles=10&sort=lowest'],
  ['public highest', DENSE_VIEWER, 'public=true&sort=highest&category_id=2'],
];

/** BENCH_CASES=nearest,q+nearest runs only the cases named. */
const ONLY = process.env.BENCH_CASES?.split(',');

function parse(query: string, cursor?: string): ListingsQuery {
  const params = Object.fromEntries(
    [...new URLSearchParams(query).entries()].reduce((map, [k, v]) => {
      const prev = map.get(k);
      map.set(k, prev === undefined ? v : ([] as string[]).concat(prev, v));
      return map;
    }, new Map<string, string | string[]>()),
  );
  return ListingsQuerySchema.parse({ ...params, ...(cursor ? { cursor } : {}) });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function main() {
  const { db, close } = await open();
  if (process.env.BENCH_SEED_ONLY) return close();
  const rows: string[] = [];
  rows.push(`${LISTINGS} listings, ${MEMBERS} members, ${RUNS} runs each (ms)`);
  console.log(rows[0]);
  rows.push(['case', 'rows', 'p50', 'p99', 'p20 rows', 'p20 p50', 'p20 p99'].map((s) => s.padStart(14)).join(''));
  console.log(rows.at(-1));
  try {
    for (const [name, viewer, query] of CASES.filter(([name]) => !ONLY || ONLY.includes(name))) {
      try {
        rows.push(await measure(db, name, viewer, query));
      } catch (error) {
        // A case the database gives up on (PostgreSQL's statement timeout) is a result too.
        rows.push(`${name.padStart(14)}  failed: ${(error as Error).message}`);
      }
      console.log(rows.at(-1));
    }
  } finally {
    await close();
  }
}

async function measure(db: DB, name: string, viewer: number, query: string) {
  const first = await listListings(db, viewer, parse(query), sign);
  // Page 20: follow the cursors, then time that page alone.
  let cursor = first.next;
  let page20 = first;
  for (let page = 2; page <= 20 && cursor; page++) {
    page20 = await listListings(db, viewer, parse(query, cursor), sign);
    if (page === 20) break;
    cursor = page20.next;
  }
  const one = await time(() => listListings(db, viewer, parse(query), sign));
  const twenty = cursor
    ? await time(() => listListings(db, viewer, parse(query, cursor), sign))
    : { p50: NaN, p99: NaN };
  return [name, first.listings.length, one.p50, one.p99, cursor ? page20.listings.length : 0, twenty.p50, twenty.p99]
    .map((v) => (typeof v === 'number' ? v.toFixed(Number.isInteger(v) ? 0 : 1) : v).padStart(14))
    .join('');
}

await main();
