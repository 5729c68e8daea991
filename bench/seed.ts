import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { DB, Database } from '../apps/server/src/db/schema.js';

/**
 * The benchmarks' marketplace, seeded with SQL (one INSERT ... SELECT per slice, so a million
 * listings take seconds, not the hours the API would): one member per 20 listings, 95% of them
 * around Salt Lake City; 10% of titles say tomato; 90% public, 95% active, 5% gone. The lists
 * of one member and of a sparse area hold the same listings at every size (`SELLER`,
 * `SPARSE_NEIGHBOURS`), so their pages compare like with like from 10k to 1M.
 */

const SEED_CHUNK = 5_000;

/**
 * Member 1 lives in Salt Lake City (dense), member 2 alone in rural Montana (sparse). Each has
 * friends (member 1: fifty) and a few blocks, as the lists' visibility rule meets them.
 */
export const DENSE_VIEWER = 1;
export const SPARSE_VIEWER = 2;
/** A member with a few dozen listings of his own, like most sellers: the oldest `SELLER_LISTINGS`, at every size. */
export const SELLER = 3;
const SELLER_LISTINGS = 60;
/**
 * Members 4, 5, 6, 8 and 9 live within 100 miles of the sparse viewer, with fifteen listings each
 * (the next 75), at every size: its `within_miles=100` always has more than a page.
 */
const SPARSE_NEIGHBOURS = [4, 5, 6, 8, 9];
const NEIGHBOUR_LISTINGS = 15;

/** The members of the chat benchmark, in pairs: each sends to the next. */
export const CHATTERS = Array.from({ length: 20 }, (_, i) => 10 + i);

/**
 * The towns the bench seeds, for plans that must hold whatever the data's shape:
 * - `town`: one member per 20 listings; tomato in 10% of titles and 2% of descriptions only;
 * - `few-sellers`: a community garden, a farm stand and a seed library list hundreds of things
 *   each: a few hundred members (`FEW_SELLERS`) own all the listings (the words as in `town`);
 * - `common-word`: the commonest produce word in one listing in eight, in the title of half of them
 *   and only in the description of the others (the members as in `town`);
 * - `held-out`: both at once.
 */
export const SHAPES = ['town', 'few-sellers', 'common-word', 'held-out'] as const;
export type Shape = (typeof SHAPES)[number];
/** How many members `few-sellers` and `held-out` have: enough for the viewers' friends and blocks below. */
export const FEW_SELLERS = 400;

const sellersFew = (shape: Shape) => shape === 'few-sellers' || shape === 'held-out';
const wordCommon = (shape: Shape) => shape === 'common-word' || shape === 'held-out';

/** Planner statistics: `full` as an operator's ANALYZE after a bulk load leaves them, `none` as a fresh load has none. */
export const STATISTICS = ['full', 'none'] as const;
export type Statistics = (typeof STATISTICS)[number];

export const membersFor = (listings: number, shape: Shape = 'town') =>
  sellersFew(shape) ? FEW_SELLERS : Math.max(200, Math.round(listings / 20));
/** The SQLite file a size and shape is seeded into once and reused by later runs. */
// `v2`: the seed changed (a seller's and a sparse area's listings fixed); files of the old one are not reused.
export const sqliteFileFor = (listings: number, shape: Shape = 'town') =>
  `/tmp/gardenswap-bench-v2-${shape === 'town' ? '' : `${shape}-`}${listings}.sqlite`;

async function seed(db: DB, postgres: boolean, listings: number, shape: Shape) {
  const members = membersFor(listings, shape);
  const rnd = (n: number) => (postgres ? sql`floor(random() * ${n})::int` : sql`abs(random() % ${n})`);
  const frac = postgres ? sql`random()` : sql`(abs(random() % 1000000) / 1000000.0)`;
  const series = (n: number, from = 1) =>
    postgres
      ? sql`select g as i from generate_series(${sql.lit(from)}, ${sql.lit(n)}) g`
      : sql`select i from (with recursive s(i) as (select ${from} union all select i + 1 from s where i < ${n}) select i from s)`;
  const neighbours = sql.join(SPARSE_NEIGHBOURS.map((id) => sql.lit(id)));
  // 95% of members around Salt Lake City, the rest spread over the country; member 2 in rural
  // Montana, its few neighbours there too. In slices, like the listings below.
  for (let from = 1; from <= members; from += SEED_CHUNK) {
    await sql`insert into users (email, username, password_hash, first_name, last_name, city, state, zip_code, latitude, longitude)
    select 'm' || i || '@bench.example', 'm' || i, 'x', 'M', 'B', 'Somewhere', 'UT', '84101',
      case when i = 1 then 40.76 when i = 2 then 47.5 when i in (${neighbours}) then 47.0 + i * 0.1
        when i % 20 = 0 then 25 + ${frac} * 23 when i % 97 = 0 then null else 40.6 + ${frac} * 0.3 end,
      case when i = 1 then -111.89 when i = 2 then -108.5 when i in (${neighbours}) then -109.0 + i * 0.1
        when i % 20 = 0 then -124 + ${frac} * 54 when i % 97 = 0 then null else -112.0 + ${frac} * 0.3 end
    from (${series(Math.min(members, from + SEED_CHUNK - 1), from)}) s`.execute(db);
  }
  await sql`insert into friendships (user_low, user_high, requester_id, status)
    select 1, i * 7, 1, 'accepted' from (${series(50)}) s`.execute(db);
  const neighbourListings = SPARSE_NEIGHBOURS.length * NEIGHBOUR_LISTINGS;
  // 10% of titles say tomato, 2% only the description (common-word: 1 in 16 each); 90% public,
  // 95% active, 5% gone. The oldest go to the seller and the sparse viewer's neighbours, the rest
  // to the other members at random. In slices, each well inside PostgreSQL's per-statement time limit.
  const owner = sql`${sql.lit(SPARSE_NEIGHBOURS.at(-1)! + 1)} + ${rnd(members - SPARSE_NEIGHBOURS.at(-1)!)}`;
  const [inTitle, inDescription] = wordCommon(shape)
    ? [sql`i % 16 = 0`, sql`i % 16 = 8`]
    : [sql`i % 10 = 0`, sql`i % 50 = 1`];
  for (let from = 1; from <= listings; from += SEED_CHUNK) {
    await sql`insert into listings (owner_id, title, description, price, is_active, is_public, type_id, state_id, category_id)
    select case when i <= ${sql.lit(SELLER_LISTINGS)} then ${sql.lit(SELLER)}
        when i <= ${sql.lit(SELLER_LISTINGS + neighbourListings)}
          then case (i - 1) % ${sql.lit(SPARSE_NEIGHBOURS.length)} ${sql.join(
            SPARSE_NEIGHBOURS.map((id, k) => sql`when ${sql.lit(k)} then ${sql.lit(id)}`),
            sql` `,
          )} end
        when i % 50000 = 0 then 2 else ${owner} end,
      case when ${inTitle} then 'Fresh tomatoes ' || i else 'Homegrown kale ' || i end,
      case when ${inDescription} then 'Goes well with a tomato salad' else 'Picked this morning' end,
      ${rnd(40)}, case when i % 20 = 0 then 0 else 1 end, case when i % 10 = 3 then 0 else 1 end,
      1 + ${rnd(3)}, case when i % 20 = 7 then 3 else 1 end, 1 + ${rnd(3)}
      from (${series(Math.min(listings, from + SEED_CHUNK - 1), from)}) s`.execute(db);
  }
  await seedBlocks(db);
}

/**
 * The planner statistics a run is measured with. `full`: ANALYZE of every table read whole, as an
 * operator runs it after a bulk load. `none`: none left behind by the load (SQLite's statistics
 * tables emptied, so the server samples its own as it opens the file, `db/connect.ts`;
 * PostgreSQL's tables never analyzed, autovacuum kept away from them for the run). PostgreSQL's
 * tables are vacuumed either way, as autovacuum soon has them after a bulk load: without a
 * visibility map every index-only read (the rings of `nearest` count on the indexes) visits the
 * table for each row. Measured at 100k right after seeding, `nearest` answered 374 req/s, and 727
 * once vacuumed. Only this run's tables: the server is shared.
 */
async function applyStatistics(db: DB, postgres: boolean, statistics: Statistics) {
  const tables = ['users', 'listings', 'friendships', 'blocks'];
  if (postgres) {
    const list = sql.join(tables.map((table) => sql.id(table)));
    if (statistics === 'full') return sql`vacuum (analyze) ${list}`.execute(db);
    for (const table of tables) await sql`alter table ${sql.id(table)} set (autovacuum_enabled = false)`.execute(db);
    return sql`vacuum ${list}`.execute(db);
  }
  // Which statistics the file holds now, so a reused file is analyzed again only when they change.
  await sql`create table if not exists bench_statistics (kind text not null)`.execute(db);
  const held = (await sql<{ kind: string }>`select kind from bench_statistics`.execute(db)).rows[0]?.kind;
  if (held === statistics) return;
  if (statistics === 'full') {
    // The connection samples (analysis_limit, db/connect.ts); an operator's ANALYZE reads every row.
    await sql`pragma analysis_limit = 0`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where name like 'sqlite_stat%'`.execute(
      db,
    );
    for (const { name } of rows) await sql`delete from ${sql.id(name)}`.execute(db);
  }
  await sql`delete from bench_statistics`.execute(db);
  await sql`insert into bench_statistics (kind) values (${statistics})`.execute(db);
}

/** Each viewer blocks five members and is blocked by two (none a friend or a chatter). */
async function seedBlocks(db: DB) {
  const pairs = [DENSE_VIEWER, SPARSE_VIEWER].flatMap((viewer) => [
    ...[31, 47, 61, 83, 97].map((other) => ({ blocker_id: viewer, blocked_id: other })),
    ...[113, 131].map((other) => ({ blocker_id: other, blocked_id: viewer })),
  ]);
  await db
    .insertInto('blocks')
    .values(pairs)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface SeededDatabase {
  db: DB;
  /** Where it lives: the SQLite file, or the PostgreSQL schema. */
  file?: string;
  schema?: string;
  /** Seconds the seeding took; 0 when an SQLite file of this size was reused. */
  seedSeconds: number;
  /** Closes the connection; drops the PostgreSQL schema unless `keep`. */
  close: (keep?: boolean) => Promise<void>;
}

/** Which town, and with which statistics (both `town` and `full` unless given). */
export interface SeedShape {
  shape?: Shape;
  statistics?: Statistics;
}

/**
 * A migrated, seeded database of `listings` listings in the given shape: the size's SQLite file
 * (seeded when it is not there yet, or when `target` names another file), or a schema of its own
 * on `postgres://...`; its statistics set as asked.
 */
export async function openSeeded(
  listings: number,
  { shape = 'town', statistics = 'full' }: SeedShape = {},
  target = sqliteFileFor(listings, shape),
): Promise<SeededDatabase> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  if (target.startsWith('postgres')) {
    // BENCH_SCHEMA names a schema to keep for later runs, and reuses it (migrated) when it is there.
    const kept = process.env.BENCH_SCHEMA;
    const schema = kept ?? `bench_${process.pid}_${listings}`;
    const admin = connectDatabase({ kind: 'postgres', url: target });
    const { rows } = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(admin.db);
    if (rows.length === 0) await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.db.destroy();
    const { db } = connectDatabase({ kind: 'postgres', url: target, schema });
    if (rows.length > 0) {
      await migrateToLatest(db);
      await seedBlocks(db);
      return { db, schema, seedSeconds: 0, close: () => db.destroy() };
    }
    const close = async (keep = kept !== undefined) => {
      await db.destroy();
      if (keep) return;
      // On a connection of its own: dropping a million rows can outlast the app's query timeout.
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    };
    // Seeding on a connection without the app's per-statement time limits: on a busy server a
    // slice of 5,000 rows can outlast them.
    const pool = new pg.Pool({ connectionString: target, max: 1, options: `-c search_path=${schema}` });
    const seeder: DB = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await migrateToLatest(db);
      await seed(seeder, true, listings, shape);
      await applyStatistics(seeder, true, statistics);
    } catch (error) {
      await close();
      throw error;
    } finally {
      await seeder.destroy();
    }
    return { db, schema, seedSeconds: seconds(), close };
  }
  const fresh = !existsSync(target);
  const { db } = connectDatabase({ kind: 'sqlite', file: target });
  await migrateToLatest(db);
  if (fresh) await seed(db, false, listings, shape);
  // A reused file keeps the messages of earlier chat runs, unread: hundreds of thousands of them
  // would change the chat figures and the offline-mail sweep from one run to the next.
  else {
    await db.deleteFrom('messages').execute();
    await seedBlocks(db);
  }
  await applyStatistics(db, false, statistics);
  return { db, file: target, seedSeconds: fresh ? seconds() : 0, close: () => db.destroy() };
}
