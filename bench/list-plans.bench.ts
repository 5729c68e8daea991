import { type ListingsQuery, ListingsQuerySchema } from '@gardenswap/shared';
import type { DB } from '../apps/server/src/db/schema.js';
import { ListPlanner, type PlanBounds, listListings } from '../apps/server/src/modules/listings/index.js';
import {
  DENSE_VIEWER,
  SELLER,
  SPARSE_VIEWER,
  type Shape,
  type Statistics,
  membersFor,
  openSeeded,
  sqliteFileFor,
} from './seed.js';
import { queryParams } from './lists.js';
import { percentile, timeRuns } from './timing.js';

/**
 * The plans of GET /listings/ at scale, measured in process (no HTTP): every list route, the
 * first page and page 20, p50 and p99 over repeated runs. Usage:
 *
 *   tsx --conditions=development bench/list-plans.bench.ts [listings] [sqlite file | postgres://url]
 *
 * The marketplace is bench/seed.ts's: an SQLite file of that size is reused, so the seeding runs
 * once per size and shape; PostgreSQL seeds into a schema of its own and drops it after.
 * BENCH_SHAPE (town) and BENCH_STATISTICS (full) choose the town and its statistics (seed.ts).
 */

const LISTINGS = Number(process.argv[2] ?? 10_000);
const SHAPE = (process.env.BENCH_SHAPE ?? 'town') as Shape;
const STATISTICS = (process.env.BENCH_STATISTICS ?? 'full') as Statistics;
const TARGET = process.argv[3] ?? sqliteFileFor(LISTINGS, SHAPE);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const MEMBERS = membersFor(LISTINGS, SHAPE);

async function open() {
  const seeded = await openSeeded(LISTINGS, { shape: SHAPE, statistics: STATISTICS }, TARGET);
  // BENCH_KEEP_SCHEMA=1 leaves it for bench/list-plan.ts (PLAN_SCHEMA); drop it after.
  if (seeded.schema && process.env.BENCH_KEEP_SCHEMA) console.log(`kept schema ${seeded.schema}`);
  return { db: seeded.db, close: () => seeded.close(Boolean(process.env.BENCH_KEEP_SCHEMA)) };
}

const sign = (path: string | null) => path;
// BENCH_PLAN_BOUNDS='{"ringOwners":0}' measures with other bounds (list-planner.ts), say to compare two plans.
const planner = new ListPlanner(JSON.parse(process.env.BENCH_PLAN_BOUNDS ?? '{}') as Partial<PlanBounds>);

const CASES: [string, number, string][] = [
  ['all', DENSE_VIEWER, ''],
  ['public', DENSE_VIEWER, 'public=true'],
  ['friends', DENSE_VIEWER, 'friends=true'],
  ['seller', DENSE_VIEWER, `user_id=${SELLER}`],
  ['mine', SELLER, 'mine=true'],
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
  ['q rare+nearest', DENSE_VIEWER, 'q=salad&sort=nearest'],
  ['q rare+nearest sparse', SPARSE_VIEWER, 'q=salad&sort=nearest'],
  ['within lowest', DENSE_VIEWER, 'within_miles=10&sort=lowest'],
  ['public highest', DENSE_VIEWER, 'public=true&sort=highest&category_id=2'],
];

/** BENCH_CASES=nearest,q+nearest runs only the cases named. */
const ONLY = process.env.BENCH_CASES?.split(',');

function parse(query: string, cursor?: string): ListingsQuery {
  return ListingsQuerySchema.parse({ ...queryParams(query), ...(cursor ? { cursor } : {}) });
}

async function time(run: () => Promise<unknown>) {
  const times = await timeRuns(RUNS, run);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function main() {
  const { db, close } = await open();
  if (process.env.BENCH_SEED_ONLY) return close();
  const rows: string[] = [];
  rows.push(`${LISTINGS} listings (${SHAPE}, ${STATISTICS} statistics), ${MEMBERS} members, ${RUNS} runs each (ms)`);
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
  const first = await listListings(db, viewer, parse(query), sign, { planner });
  // Page 20: follow the cursors, then time that page alone.
  let cursor = first.next;
  let page20 = first;
  for (let page = 2; page <= 20 && cursor; page++) {
    page20 = await listListings(db, viewer, parse(query, cursor), sign, { planner });
    if (page === 20) break;
    cursor = page20.next;
  }
  const one = await time(() => listListings(db, viewer, parse(query), sign, { planner }));
  const twenty = cursor
    ? await time(() => listListings(db, viewer, parse(query, cursor), sign, { planner }))
    : { p50: NaN, p99: NaN };
  return [name, first.listings.length, one.p50, one.p99, cursor ? page20.listings.length : 0, twenty.p50, twenty.p99]
    .map((v) => (typeof v === 'number' ? v.toFixed(Number.isInteger(v) ? 0 : 1) : v).padStart(14))
    .join('');
}

await main();
