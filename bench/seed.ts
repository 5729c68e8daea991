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

export const membersFor = (listings: number) => Math.max(200, Math.round(listings / 20));
/** The SQLite file a size is seeded into once and reused by later runs. */
// `v2`: the seed changed (a seller's and a sparse area's listings fixed); files of the old one are not reused.
export const sqliteFileFor = (listings: number) => `/tmp/gardenswap-bench-v2-${listings}.sqlite`;

async function seed(db: DB, postgres: boolean, listings: number) {
  const members = membersFor(listings);
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
  // 10% of titles say tomato, 2% only the description; 90% public, 95% active, 5% gone. The
  // oldest go to the seller and the sparse viewer's neighbours, the rest to the other members at
  // random. In slices, each well inside PostgreSQL's per-statement time limit.
  for (let from = 1; from <= listings; from += SEED_CHUNK) {
    await sql`insert into listings (owner_id, title, description, price, is_active, is_public, type_id, state_id, category_id)
    select case when i <= ${sql.lit(SELLER_LISTINGS)} then ${sql.lit(SELLER)}
        when i <= ${sql.lit(SELLER_LISTINGS + neighbourListings)}
          then case (i - 1) % ${sql.lit(SPARSE_NEIGHBOURS.length)} ${sql.join(
            SPARSE_NEIGHBOURS.map((id, k) => sql`when ${sql.lit(k)} then ${sql.lit(id)}`),
            sql` `,
          )} end
        when i % 50000 = 0 then 2 else ${sql.lit(SPARSE_NEIGHBOURS.at(-1)! + 1)} + ${rnd(members - SPARSE_NEIGHBOURS.at(-1)!)} end,
      case when i % 10 = 0 then 'Fresh tomatoes ' || i else 'Homegrown kale ' || i end,
      case when i % 50 = 1 then 'Goes well with a tomato salad' else 'Picked this morning' end,
      ${rnd(40)}, case when i % 20 = 0 then 0 else 1 end, case when i % 10 = 3 then 0 else 1 end,
      1 + ${rnd(3)}, case when i % 20 = 7 then 3 else 1 end, 1 + ${rnd(3)}
      from (${series(Math.min(listings, from + SEED_CHUNK - 1), from)}) s`.execute(db);
  }
  await seedBlocks(db);
  // Only this run's tables: the server is shared. PostgreSQL's are vacuumed too, as autovacuum
  // soon has them after a bulk load: without a visibility map every index-only read (the rings
  // of `nearest` count on the indexes) visits the table for each row. Measured at 100k right
  // after seeding, `nearest` answered 374 req/s, and 727 once vacuumed.
  await (postgres ? sql`vacuum (analyze) users, listings, friendships` : sql`analyze`).execute(db);
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

/**
 * A migrated, seeded database of `listings` listings: the size's SQLite file (seeded when it is
 * not there yet, or when `target` names another file), or a schema of its own on `postgres://...`.
 */
export async function openSeeded(listings: number, target = sqliteFileFor(listings)): Promise<SeededDatabase> {
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
      await seed(seeder, true, listings);
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
  if (fresh) await seed(db, false, listings);
  // A reused file keeps the messages of earlier chat runs, unread: hundreds of thousands of them
  // would change the chat figures and the offline-mail sweep from one run to the next.
  else {
    await db.deleteFrom('messages').execute();
    await seedBlocks(db);
  }
  return { db, file: target, seedSeconds: fresh ? seconds() : 0, close: () => db.destroy() };
}
