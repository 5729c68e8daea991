import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { findSwaps } from '../apps/server/src/modules/swaps/find-swaps.js';
import { percentile, timeRuns } from './timing.js';

/**
 * GET /api/swaps at scale, measured in process (no HTTP): a member's swaps, and the one with a
 * given member (the seller page's badge), p50 and p99 over repeated runs for several viewers.
 * Usage:
 *
 *   tsx --conditions=development bench/swaps.bench.ts [listings] [members] [sqlite file | postgres://url]
 *
 * An SQLite file that already holds the data is reused, so the seeding (one INSERT ... SELECT per
 * table) runs once per size. PostgreSQL seeds into a schema of its own and drops it after.
 */

const LISTINGS = Number(process.argv[2] ?? 1_000_000);
const MEMBERS = Number(process.argv[3] ?? 10_000);
const TARGET = process.argv[4] ?? `/tmp/gardenswap-swaps-${LISTINGS}-${MEMBERS}.sqlite`;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SEED_CHUNK = 5_000;
const VIEWERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Twenty crops in five forms: the commonest word is in a twentieth of all titles. */
const CROPS = [
  'tomatoes',
  'basil',
  'kale',
  'zucchini',
  'garlic',
  'beans',
  'peppers',
  'lettuce',
  'onions',
  'carrots',
  'squash',
  'strawberries',
  'mint',
  'potatoes',
  'cucumbers',
  'spinach',
  'chard',
  'leeks',
  'radishes',
  'beets',
];
const FORMS = ['Fresh', 'Heirloom', 'Cherry', 'Baby', 'Organic'];

/** A CASE picking the `index`-th of `values` (constants of this file, so inlined as literals). */
const pick = (values: string[], index: ReturnType<typeof sql>) =>
  sql`case ${index} ${sql.join(
    values.map((v, i) => sql`when ${sql.lit(i)} then ${sql.lit(v)}`),
    sql` `,
  )} end`;

async function seed(db: DB, postgres: boolean) {
  const rnd = (n: number) => (postgres ? sql`floor(random() * ${n})::int` : sql`abs(random() % ${n})`);
  const frac = postgres ? sql`random()` : sql`(abs(random() % 1000000) / 1000000.0)`;
  const series = (n: number, from = 1) =>
    postgres
      ? sql`select g as i from generate_series(${sql.lit(from)}, ${sql.lit(n)}) g`
      : sql`select i from (with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${n}) select i from s)`;
  // 95% of members around Salt Lake City, the rest spread over the country, 1% without a location.
  await sql`insert into users (email, username, password_hash, first_name, last_name, city, state, zip_code, latitude, longitude)
    select 'm' || i || '@bench.example', 'm' || i, 'x', 'M', 'B', 'Somewhere', 'UT', '84101',
      case when i % 20 = 0 then 25 + ${frac} * 23 when i % 97 = 0 then null else 40.6 + ${frac} * 0.3 end,
      case when i % 20 = 0 then -124 + ${frac} * 54 when i % 97 = 0 then null else -112.0 + ${frac} * 0.3 end
    from (${series(MEMBERS)}) s`.execute(db);
  // Every member wants three crops, spread over the three categories (the limit is five per category).
  for (const k of [0, 1, 2]) {
    await sql`insert into want_listings (user_id, title, category_id)
      select i, ${pick(CROPS, sql`((i * 7 + ${sql.lit(k * 3)}) % ${sql.lit(CROPS.length)})`)}, 1 + ((i + ${sql.lit(k)}) % 3)
      from (${series(MEMBERS)}) s`.execute(db);
  }
  await sql`insert into friendships (user_low, user_high, requester_id, status)
    select 1, i * 7, 1, 'accepted' from (${series(Math.min(50, Math.floor(MEMBERS / 7)))}) s`.execute(db);
  // 90% public, 95% active, 5% gone; in slices, each well inside PostgreSQL's per-statement time limit.
  for (let from = 1; from <= LISTINGS; from += SEED_CHUNK) {
    await sql`insert into listings (owner_id, title, description, price, is_active, is_public, type_id, state_id, category_id)
    select 1 + ${rnd(MEMBERS)}, ${pick(FORMS, rnd(FORMS.length))} || ' ' || ${pick(CROPS, rnd(CROPS.length))},
      'Picked this morning', 0, case when i % 20 = 0 then 0 else 1 end, case when i % 10 = 3 then 0 else 1 end,
      2, case when i % 20 = 7 then 3 else 1 end, 1 + ${rnd(3)}
      from (${series(Math.min(LISTINGS, from + SEED_CHUNK - 1), from)}) s`.execute(db);
  }
  // Only this run's tables: the server is shared.
  await (postgres ? sql`analyze users, listings, friendships, want_listings` : sql`analyze`).execute(db);
}

async function open() {
  if (TARGET.startsWith('postgres')) {
    // BENCH_SCHEMA keeps the seeded schema for later runs (and reuses it when it is there).
    const kept = process.env.BENCH_SCHEMA;
    const schema = kept ?? `bench_swaps_${process.pid}`;
    const admin = connectDatabase({ kind: 'postgres', url: TARGET });
    const { rows } = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(admin.db);
    if (rows.length === 0) await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.db.destroy();
    const { db } = connectDatabase({ kind: 'postgres', url: TARGET, schema });
    const drop = async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    };
    const close = kept ? () => db.destroy() : drop;
    try {
      await migrateToLatest(db);
      if (rows.length === 0) await seed(db, true);
    } catch (error) {
      await drop();
      throw error;
    }
    return { db, close };
  }
  const fresh = !existsSync(TARGET);
  const { db } = connectDatabase({ kind: 'sqlite', file: TARGET });
  await migrateToLatest(db);
  if (fresh) await seed(db, false);
  return { db, close: () => db.destroy() };
}

async function main() {
  const { db, close } = await open();
  if (process.env.BENCH_SEED_ONLY) return close();
  console.log(`${LISTINGS} listings, ${MEMBERS} members, ${VIEWERS.length} viewers × ${RUNS} runs (ms)`);
  console.log(['case', 'swaps/viewer', 'p50', 'p99'].map((s) => s.padStart(14)).join(''));
  const cases = { swaps: { times: [] as number[], found: 0 }, 'one member': { times: [] as number[], found: 0 } };
  for (const viewer of VIEWERS) {
    const swaps = await findSwaps(db, viewer);
    // The badge asks about the farthest member found (or a stranger when there is none).
    const other = swaps.at(-1)?.member.id ?? viewer + 1;
    cases.swaps.found += swaps.length;
    cases['one member'].found += (await findSwaps(db, viewer, other)).length;
    cases.swaps.times.push(...(await timeRuns(RUNS, () => findSwaps(db, viewer))));
    cases['one member'].times.push(...(await timeRuns(RUNS, () => findSwaps(db, viewer, other))));
  }
  for (const [name, { times, found }] of Object.entries(cases)) {
    times.sort((a, b) => a - b);
    const row = [
      name,
      (found / VIEWERS.length).toFixed(1),
      percentile(times, 50).toFixed(1),
      percentile(times, 99).toFixed(1),
    ];
    console.log(row.map((s) => s.padStart(14)).join(''));
  }
  await close();
}

await main();
