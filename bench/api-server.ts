import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { startSession } from '../apps/server/src/modules/auth/auth.tokens.js';
import { visibleTo } from '../apps/server/src/modules/listings/visibility.js';
import { seedBenchData } from './bench-data.js';

/**
 * The servers under test, in a process of their own so the load generator does not share
 * their event loop: seeds a throwaway database, starts the real app and a bare Fastify
 * hello-world, reports their ports to the parent, and cleans up when told to stop.
 */

export interface ServerReady {
  type: 'ready';
  database: 'SQLite' | 'PostgreSQL';
  apiPort: number;
  helloPort: number;
  token: string;
  viewerId: number;
  /** Listings the viewer may see, spread over the whole table. */
  visibleIds: number[];
  seeded: { members: number; listings: number; friendships: number; seconds: number };
}

export interface ServerFailed {
  type: 'failed';
  message: string;
}

const env = process.env;
const members = Number(env.BENCH_MEMBERS ?? 5000);
const listings = Number(env.BENCH_LISTINGS ?? 100_000);
const send = (message: ServerReady | ServerFailed) => process.send?.(message);

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) await step();
  cleanups.length = 0;
}

async function pgSchema(url: string) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  });
  return schema;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = env.BENCH_DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  if (config.database.kind === 'postgres') config.database.schema = await pgSchema(config.database.url);

  const app = await buildApp(config);
  cleanups.push(() => app.close());

  const started = performance.now();
  const data = await seedBenchData(app.db, await hashPassword('bench password', config.passwordHashing), {
    members,
    listings,
    viewerFriends: 50,
  });
  // PostgreSQL's autovacuum would have gathered statistics on tables this size by now.
  if (config.database.kind === 'postgres') await sql`analyze`.execute(app.db);
  const seconds = (performance.now() - started) / 1000;

  const visible = await app.db
    .selectFrom('listings')
    .select('listings.id')
    .where(visibleTo(data.viewer.id))
    .orderBy('listings.id')
    .execute();
  const step = Math.max(1, visible.length / 1000);
  const visibleIds = [
    ...new Set(Array.from({ length: Math.min(1000, visible.length) }, (_, i) => visible[Math.floor(i * step)]!.id)),
  ];

  await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify();
  hello.get('/', () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => hello.close());

  const { token } = await startSession(app.db, config.jwtSecret, data.viewer);
  send({
    type: 'ready',
    database: config.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
    apiPort: (app.server.address() as AddressInfo).port,
    helloPort: (hello.server.address() as AddressInfo).port,
    token,
    viewerId: data.viewer.id,
    visibleIds,
    seeded: { members: data.memberIds.length, listings, friendships: data.friendships, seconds },
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
