import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { startSession } from '../apps/server/src/plugins/sessions/auth.tokens.js';
import { visibleTo } from '../apps/server/src/modules/listings/visibility.js';
import { CHATTERS, DENSE_VIEWER, SELLER, SPARSE_VIEWER, type Shape, type Statistics, openSeeded } from './seed.js';

/**
 * The real server under test, in a process of its own so the load generator does not share its
 * event loop: seeds (or reuses) the marketplace of the size asked for, starts the app on it,
 * reports its port and members' tokens to the parent, and cleans up when told to stop.
 *
 * Arguments: listings, then an SQLite file or `postgres://...` (default: the size's SQLite file).
 */

export interface ServerReady {
  type: 'ready';
  database: 'SQLite' | 'PostgreSQL';
  port: number;
  /** Bearer tokens by member id. */
  tokens: Record<number, string>;
  /** Listings the dense viewer may see, spread over the whole table. */
  visibleIds: number[];
  seedSeconds: number;
  /** How long rebuilding "in season near you" took, and the rows it wrote (one per postcode centre and produce). */
  inSeason: { seconds: number; rows: number };
}

export interface ServerFailed {
  type: 'failed';
  message: string;
}

const send = (message: ServerReady | ServerFailed) => process.send?.(message);
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) await step();
  cleanups.length = 0;
}

async function main() {
  const listings = Number(process.argv[2]);
  // The town and its statistics, as the bench names them (seed.ts).
  const shape = { shape: process.env.BENCH_SHAPE as Shape, statistics: process.env.BENCH_STATISTICS as Statistics };
  const seeded = await openSeeded(listings, shape, process.argv[3]);
  cleanups.push(() => seeded.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    DATABASE_URL: seeded.file ? `sqlite:${seeded.file}` : process.argv[3],
  });
  if (config.database.kind === 'postgres') config.database.schema = seeded.schema;

  const app = await buildApp(config);
  cleanups.push(() => app.close());

  const tokens: Record<number, string> = {};
  for (const id of [DENSE_VIEWER, SPARSE_VIEWER, SELLER, ...CHATTERS]) {
    tokens[id] = (await startSession(app.db, config.jwtSecret, { id, username: `m${id}` })).token;
  }

  // Every (listings / 200)th id the dense viewer may see, so reads spread over the whole table.
  const visibleIds = (
    await app.db
      .selectFrom('listings')
      .select('listings.id')
      .where(visibleTo(DENSE_VIEWER))
      .where(sql<boolean>`listings.id % ${Math.max(1, Math.floor(listings / 200))} = 1`)
      .orderBy('listings.id')
      .limit(200)
      .execute()
  ).map((row) => row.id);

  // The rebuild every instance runs every ten minutes, timed on its own (the one at start may be under way).
  await app.inSeason.rebuild();
  const rebuildStarted = performance.now();
  await app.inSeason.rebuild();
  const inSeasonSeconds = (performance.now() - rebuildStarted) / 1000;
  const inSeasonRows = await app.db
    .selectFrom('in_season')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();

  await app.listen({ port: 0, host: '127.0.0.1' });
  send({
    type: 'ready',
    database: config.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
    port: (app.server.address() as AddressInfo).port,
    tokens,
    visibleIds,
    seedSeconds: seeded.seedSeconds,
    inSeason: { seconds: inSeasonSeconds, rows: Number(inSeasonRows.n) },
  });
}

// The parent says when it is done; if it goes away, stop as well.
process.on('message', (message) => {
  if ((message as { type?: string }).type === 'stop') void cleanUp().finally(() => process.exit(0));
});
process.on('disconnect', () => void cleanUp().finally(() => process.exit(0)));

main().catch(async (error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  await cleanUp().catch(() => undefined);
  process.exit(1);
});
