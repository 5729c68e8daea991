import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { toIso } from '../apps/server/src/db/schema.js';
import { digestSweepOf } from '../apps/server/src/modules/digest/digest-sweep.js';
import { openSeeded } from './seed.js';

/**
 * The weekly "new near you" at scale: the time to make a week's digests for 10,000 members, in
 * process on the bench's town (`seed.ts`: 95% of members around Salt Lake City), at 10k, 100k and
 * 1M listings. Two weeks per size: one where every listing is new (the seed lists everything at
 * once: the worst case, each member's 25 miles holding nearly the whole table), and one where a
 * fiftieth is (about a year's listings, a week of them new). Usage:
 *
 *   tsx --conditions=development bench/digest.bench.ts
 *
 * BENCH_DIGEST_SIZES (default 10000,100000,1000000) and BENCH_DIGEST_MEMBERS (10000) change it;
 * BENCH_DATABASE_URL=postgres://... runs PostgreSQL too. The e-mails go to the outbox (no SMTP),
 * and are deleted afterwards, as are the digest switches set here.
 */

const SIZES = (process.env.BENCH_DIGEST_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const MEMBERS = Number(process.env.BENCH_DIGEST_MEMBERS ?? 10_000);
const WEEKS = [
  { name: 'all new', share: 1 },
  { name: 'a week of a year', share: 50 },
] as const;

interface Row {
  database: string;
  listings: number;
  week: string;
  members: number;
  sent: number;
  empty: number;
  seconds: number;
}

async function measure(database: string, target: string | undefined, listings: number): Promise<Row[]> {
  const seeded = await openSeeded(listings, {}, target);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-digest-bench-'));
  const rows: Row[] = [];
  try {
    const { db } = seeded;
    const newest = await db
      .selectFrom('listings')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .executeTakeFirstOrThrow();
    const seededAt = Date.parse(toIso(newest.at as string | Date));
    let now = seededAt + 60 * 60_000;
    const base = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'silent',
      DATABASE_URL: target ?? `sqlite:${seeded.file}`,
    });
    const config = {
      ...base,
      ...(seeded.schema && base.database.kind === 'postgres'
        ? { database: { ...base.database, schema: seeded.schema } }
        : {}),
      clock: () => now,
    };
    const members = await db
      .selectFrom('users')
      .select('id')
      .where('latitude', 'is not', null)
      .orderBy('id')
      .limit(MEMBERS)
      .execute();
    const ids = members.map((m) => m.id);
    const app = await buildApp(config);
    await app.ready();
    const sweep = () => digestSweepOf(app.server)!.sweep();
    // The sweep that starts with the app (a moment after it is ready) runs first, so the one timed
    // below is the week's alone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sweep();
    try {
      for (const week of WEEKS) {
        // Listings outside the week are moved a year back; the digest reads the week's alone.
        if (week.share > 1)
          await sql`update listings set created_at = ${new Date(seededAt - 365 * 86_400_000).toISOString()} where id % ${week.share} <> 0`.execute(
            db,
          );
        await db.updateTable('users').set({ email_digest: 0, digest_due_at: null, digest_since: null }).execute();
        for (let i = 0; i < ids.length; i += 5_000)
          await db
            .updateTable('users')
            .set({ email_digest: 1, email_confirmed: 1, digest_due_at: new Date(now).toISOString() })
            .where('id', 'in', ids.slice(i, i + 5_000))
            .execute();
        const started = performance.now();
        const result = await sweep();
        rows.push({
          database,
          listings,
          week: week.name,
          members: ids.length,
          ...result,
          seconds: (performance.now() - started) / 1000,
        });
        await db.deleteFrom('outbox').execute();
        if (week.share > 1)
          await sql`update listings set created_at = ${new Date(seededAt).toISOString()} where id % ${week.share} <> 0`.execute(
            db,
          );
        now += 60_000;
      }
    } finally {
      await app.close();
      await db.updateTable('users').set({ email_digest: 0, digest_due_at: null, digest_since: null }).execute();
    }
  } finally {
    await seeded.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const all: Row[] = [];
for (const listings of SIZES) all.push(...(await measure('sqlite', undefined, listings)));
if (process.env.BENCH_DATABASE_URL)
  for (const listings of SIZES) all.push(...(await measure('postgres', process.env.BENCH_DATABASE_URL, listings)));

console.log('| database | listings | week | members | sent | empty | seconds | ms per member |');
console.log('|---|--:|---|--:|--:|--:|--:|--:|');
for (const r of all)
  console.log(
    `| ${r.database} | ${r.listings.toLocaleString('en-US')} | ${r.week} | ${r.members.toLocaleString('en-US')} | ${r.sent.toLocaleString('en-US')} | ${r.empty} | ${r.seconds.toFixed(1)} | ${((r.seconds * 1000) / r.members).toFixed(2)} |`,
  );
