import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect, testConfig } from '../../test/app.js';
import { createListing, createUser } from '../../test/factories.js';
import { buildApp, type App } from '../app.js';
import { type Config, loadConfig } from '../config.js';

/**
 * The test database's server reached through its Unix socket, as an operator running PostgreSQL
 * on the same machine would write DATABASE_URL (README, Configuration): undefined when the
 * server is on another machine or its socket is not in reach here.
 */
async function socketUrl(): Promise<string | undefined> {
  const tcp = process.env.TEST_DATABASE_URL;
  if (dialect !== 'postgres' || !tcp) return undefined;
  const client = new pg.Client({ connectionString: tcp });
  await client.connect();
  try {
    const [{ dirs }] = (await client.query('select current_setting($1) as dirs', ['unix_socket_directories'])).rows;
    const [{ port }] = (await client.query('select current_setting($1) as port', ['port'])).rows;
    const dir = String(dirs)
      .split(',')
      .map((d) => d.trim())
      .find((d) => d && existsSync(path.join(d, `.s.PGSQL.${port}`)));
    if (!dir) return undefined;
    const { username, password, pathname } = new URL(tcp);
    const who = password ? `${username}:${password}` : username;
    return `postgres://${who}@${pathname}?host=${encodeURIComponent(dir)}&port=${port}`;
  } finally {
    await client.end();
  }
}

const url = await socketUrl();

describe.skipIf(!url)('PostgreSQL on the same machine, through its Unix socket (a local PostgreSQL only)', () => {
  let app: App;
  let config: Config;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    // The operator's URL is read as PostgreSQL's; the test's own schema then goes through it.
    const read = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: url });
    expect(read.database).toEqual({ kind: 'postgres', url });
    const made = await testConfig();
    cleanup = made.cleanup;
    const { schema } = made.config.database as Extract<Config['database'], { kind: 'postgres' }>;
    config = { ...made.config, database: { kind: 'postgres', url: url!, schema } };
    app = await buildApp(config);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it('migrates, serves a list and a listing, and its connections come through the socket', async () => {
    const ctx = { db: app.db, config };
    const gardener = await createUser(ctx, { username: 'socketgrower' });
    const listing = await createListing(ctx, gardener, { title: 'Socket-grown chard', is_public: true });
    const auth = { authorization: `Bearer ${gardener.token}` };

    const page = await app.inject({ method: 'GET', url: '/api/listings?mine=true', headers: auth });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { title: string }[]).map((l) => l.title)).toEqual(['Socket-grown chard']);
    const one = await app.inject({ method: 'GET', url: `/api/listings/${listing.id}`, headers: auth });
    expect(one.json().title).toBe('Socket-grown chard');

    // A connection over TCP has a client address; one through the socket has none.
    const { rows } = await sql<{ addr: string | null }>`select inet_client_addr()::text as addr`.execute(app.db);
    expect(rows).toEqual([{ addr: null }]);
  });
});
