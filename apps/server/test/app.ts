import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/schema.js';
import type { PlanBounds } from '../src/modules/listings/index.js';

/** Which database this run's tests use: the vitest project sets TEST_DIALECT. */
export const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestContext {
  app: App;
  db: DB;
  config: Config;
  /** A request as a member (a token, or a user from the factories) or as a guest. */
  inject(options: InjectOptions & { as?: { token: string } | string }): Promise<LightMyRequestResponse>;
  /**
   * The test wrote to the database itself, around the server's commands (a factory's rows, a
   * column no route sets): what the app shares of listings is read again, as it would be once
   * its trust runs out (`PUBLIC_FEED_TRUST_MS`) after a write from outside the server.
   */
  wroteAround(): void;
  close(): Promise<void>;
}

type ConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<Config['rateLimits']> };

/** A throwaway PostgreSQL schema, so parallel test files never see each other's rows. */
export async function createPgSchema(): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    url,
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** A test configuration on a fresh database of this run's dialect. */
export async function testConfig(overrides: ConfigOverrides = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-test-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL,
  });
  let dropSchema = async () => {};
  if (dialect === 'postgres' && !overrides.database) {
    const created = await createPgSchema();
    base.database = { kind: 'postgres', url: created.url, schema: created.schema };
    dropSchema = created.drop;
  }
  const config: Config = { ...base, ...overrides, rateLimits: { ...base.rateLimits, ...overrides.rateLimits } };
  return {
    config,
    async cleanup() {
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the whole app on a fresh database (SQLite file or PostgreSQL schema). */
export async function buildTestApp(
  overrides: ConfigOverrides = {},
  options: {
    beforeReady?: (app: App) => void;
    logStream?: NonNullable<Parameters<typeof buildApp>[1]>['logStream'];
    /** A built web app of the test's own (apps/web/dist may not be built yet when the suite runs). */
    webDist?: string;
    /** A resolver of the test's own for push endpoints' hosts. */
    resolveHost?: NonNullable<Parameters<typeof buildApp>[1]>['resolveHost'];
  } = {},
): Promise<TestContext> {
  const { config, cleanup } = await testConfig(overrides);
  let app: App;
  try {
    app = await buildApp(config, {
      logStream: options.logStream,
      webDist: options.webDist,
      resolveHost: options.resolveHost,
    });
    options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    app,
    db: app.db,
    config,
    inject({ as, ...options }) {
      const token = typeof as === 'string' ? as : as?.token;
      return app.inject({
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
      });
    },
    wroteAround() {
      app.listReads.feed.forget();
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

/**
 * A fresh database migrated only up to `upTo`, for the test of the migration after it: fill the
 * tables as they were then, and `migrateToLatest(db)`. `close` ends it and drops it.
 */
export async function databaseMigratedTo(upTo: NonNullable<Parameters<typeof migrateToLatest>[1]>) {
  const { config, cleanup } = await testConfig();
  const { db } = connectDatabase(config.database);
  await migrateToLatest(db, upTo);
  const close = async () => {
    await db.destroy();
    await cleanup();
  };
  return { db, config, close };
}

/** Runs `check` with some of the bounds that choose between plans changed on the app's planner, then puts them back. */
export async function withPlannerBounds(
  ctx: Pick<TestContext, 'app'>,
  changes: Partial<PlanBounds>,
  check: () => Promise<void>,
) {
  const { bounds } = ctx.app.listReads.planner;
  const saved = { ...bounds };
  Object.assign(bounds, changes);
  try {
    await check();
  } finally {
    Object.assign(bounds, saved);
  }
}
