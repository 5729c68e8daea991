import { performance } from 'node:perf_hooks';
import { ListingsQuerySchema } from '@gardenswap/shared';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { ListPlanner, listListings } from '../apps/server/src/modules/listings/index.js';
import { PublicFeed } from '../apps/server/src/modules/listings/public-feed.js';
import { LISTS, queryParams } from './lists.js';

/**
 * What one read of each list route costs in process, without HTTP: `listListings` for pages 1
 * and 20 of the bench's lists, each run many times in a row, on a database the bench seeded;
 * its time, and the CPU this process spent on it.
 *
 *   tsx --conditions=development bench/time-lists.ts [database]
 *
 * The database is an SQLite file (default: the bench's 1M file) or `postgres://...`, with
 * PLAN_SCHEMA naming the schema. TIME_LISTS=q,nearest runs only those; TIME_RUNS (300) sets the
 * runs per page; TIME_UNSHARED=1 reads without the shared feed (as a test reading alone does);
 * TIME_PRINT=1 prints each page's query, for `list-plan.ts`.
 */

const env = process.env;
const target = process.argv[2] ?? '/tmp/gardenswap-bench-v2-1000000.sqlite';
const { db } = connectDatabase(
  target.startsWith('postgres')
    ? { kind: 'postgres', url: target, schema: env.PLAN_SCHEMA }
    : { kind: 'sqlite', file: target },
);
// Trusted for a minute: no other process writes to the bench's database.
const feed = env.TIME_UNSHARED ? undefined : new PublicFeed(60_000);
const planner = new ListPlanner();
const runs = Number(env.TIME_RUNS ?? 300);

for (const [name, viewer, first] of LISTS) {
  if (env.TIME_LISTS && !env.TIME_LISTS.split(',').includes(name)) continue;
  let query = first;
  for (let page = 1; page <= 20; page++) {
    const parsed = ListingsQuerySchema.parse(queryParams(query));
    const read = () => listListings(db, viewer, parsed, (p) => p, { planner, feed });
    if (page === 1 || page === 20) {
      for (let i = 0; i < 50; i++) await read();
      const start = performance.now();
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < runs; i++) await read();
      const micros = ((performance.now() - start) / runs) * 1000;
      // The process's own CPU (user + system): on PostgreSQL, what the server pays for a read
      // beyond the database's time, the connection's transport included.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMicros = (cpu.user + cpu.system) / runs;
      console.log(
        `${name}${page === 20 ? ' p20' : ''}`.padEnd(18),
        micros.toFixed(0).padStart(6),
        'µs,',
        cpuMicros.toFixed(0).padStart(6),
        'µs CPU',
      );
      if (env.TIME_PRINT) console.log(`  ${query}`);
    }
    const { next } = await read();
    if (!next) break;
    query = `${first}&cursor=${encodeURIComponent(next)}`;
  }
}
await db.destroy();
