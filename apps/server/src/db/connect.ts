import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { listingStems, stemsMatch } from '../lib/word-rule.js';
import {
  Kysely,
  type LogConfig,
  type PostgresPool,
  type PostgresPoolClient,
  type LimitNode,
  type OffsetNode,
  SqliteDialect,
  SqliteQueryCompiler,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { type Config, DATABASE_TIMEOUTS } from '../config.js';
import { checkpointInBackground } from './checkpointer.js';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.js';
import { statementNameOf } from './prepared-query.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** How each pool's connections are used right now (what an operator watches). */
  poolUse: () => PoolUse[];
}

/** One pool of connections at a glance. */
export interface PoolUse {
  /** `planned` and `oneplan` on PostgreSQL (see `guardedPool`), `sqlite` for the one SQLite connection. */
  pool: string;
  max: number;
  /** Connections open, idle or checked out. */
  total: number;
  idle: number;
  /** Checkouts waiting for a connection to be free. */
  waiting: number;
}

// count(*) and other int8 results come back from pg as strings; every count we read fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * Opens the configured database: an SQLite file (WAL, foreign keys on) or a PostgreSQL pool.
 * `backgroundCheckpoints`: a long-running server's SQLite file is checkpointed off the event loop.
 * `log` sees every statement run, with its values (tools that print plans use it).
 */
export function connectDatabase(
  database: Config['database'],
  { backgroundCheckpoints = false, log }: { backgroundCheckpoints?: boolean; log?: LogConfig } = {},
): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pools = {
      planned: postgresPool(database, 'auto'),
      oneplan: postgresPool(database, 'force_generic_plan'),
    };
    return {
      db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool: guardedPool(pools) }), log }),
      dialect: 'postgres',
      poolUse: () =>
        Object.entries(pools).map(([name, pool]) => ({
          pool: name,
          max: POOL_MAX,
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
        })),
    };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Keeps the planner's statistics current, reading a bounded sample so it stays quick on a
  // large database, where a full ANALYZE is slow. The sample misjudges columns of few values
  // (a common is_public = 1 taken for a rare one), so the list plans do not depend on it:
  // listings.queries fixes their join order and index walks.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  // The word rule in SQL, for the triggers that keep listings.search_stems and the searches that check it (migration 025).
  sqlite.function('listing_stems', { deterministic: true }, (title, description) =>
    listingStems(String(title ?? ''), description === null ? null : String(description)),
  );
  sqlite.function('stems_match', { deterministic: true }, (stems, pattern) =>
    stemsMatch(stems === null ? null : String(stems), String(pattern)) ? 1 : 0,
  );
  // Kysely runs every statement on this one connection, one at a time.
  cachePreparedStatements(sqlite);
  if (backgroundCheckpoints && database.file !== ':memory:') checkpointInBackground(sqlite, database.file);
  const dialect = new TurnTakingSqliteDialect({ database: sqlite });
  return {
    db: new Kysely<Database>({ dialect, log }),
    dialect: 'sqlite',
    poolUse: () => [
      { pool: 'sqlite', max: 1, total: 1, idle: dialect.turns.busy ? 0 : 1, waiting: dialect.turns.waiting },
    ],
  };
}

/** At most this many connections to PostgreSQL per pool (two pools, see `guardedPool`) and instance. */
const POOL_MAX = 10;

/**
 * A pool of PostgreSQL connections, each planning its prepared statements as `planCacheMode`
 * says: `auto` plans a statement for its values (PostgreSQL may keep a generic plan after five
 * runs, when it costs no more than theirs), `force_generic_plan` plans a prepared statement
 * once and keeps that plan.
 */
function postgresPool(
  database: Extract<Config['database'], { kind: 'postgres' }>,
  planCacheMode: 'auto' | 'force_generic_plan',
) {
  const pool = new pg.Pool({
    connectionString: database.url,
    max: POOL_MAX,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveMs,
    // JIT compilation starts on a high estimated cost and takes far longer than a query that
    // answers a page runs: such a query never wins that back. A test run keeps its tables in a
    // schema of its own.
    options: [
      '-c jit=off',
      `-c plan_cache_mode=${planCacheMode}`,
      database.schema ? `-c search_path=${database.schema}` : '',
    ]
      .join(' ')
      .trim(),
  });
  // A connection losing its server emits 'error', idle or checked out, and an 'error' nobody
  // listens to ends the process. The query in flight, or the next one, reports it instead.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Codes of errors that mean the connection to the database is lost or cannot be made. */
const LOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // Shutting down, crashed, starting up or recovering.
  '57P01',
  '57P02',
  '57P03',
]);

/** What pg says, without a code, when the server is gone or does not answer. */
const LOST_MESSAGES = [
  'Connection terminated',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/** The database answers, but too slowly or too busy to take the request now. */
const BUSY_CODES = new Set(['57014', '53300', 'SQLITE_BUSY']);
const BUSY_MESSAGES = ['timeout exceeded when trying to connect'];

function errorParts(error: unknown): { code: string; message: string } {
  if (typeof error !== 'object' || error === null) return { code: '', message: '' };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '' };
}

/** True when an error says the server is gone, hung or unreachable, not merely busy. */
function connectionLost(error: unknown): boolean {
  const { code, message } = errorParts(error);
  return LOST_CODES.has(code) || code.startsWith('08') || LOST_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * True when an error says the database is down, restarting, hung, unreachable or overloaded,
 * rather than that the query was wrong: the request may be tried again shortly.
 */
export function isDatabaseAway(error: unknown): boolean {
  if (connectionLost(error)) return true;
  const { code, message } = errorParts(error);
  return BUSY_CODES.has(code) || BUSY_MESSAGES.some((m) => message.startsWith(m));
}

/** Kysely's migrator takes this lock, and may wait for another instance's migrations, before it migrates. */
const MIGRATION_LOCK = /\bpg_advisory_lock\(/;

/** pg reads a per-query `query_timeout` its types do not list. */
type TimedQuery = pg.QueryConfig & { query_timeout?: number };

/**
 * The pools as Kysely uses them. A checkout takes its connection when its first statement comes:
 * a one-plan statement (`statementNameOf`, see `PreparedOptions`) from `oneplan`, whose
 * connections plan each prepared statement once and keep that plan; anything else, a
 * transaction included, from `planned`, where each statement is planned for its values.
 * PostgreSQL's own choice keeps planning a one-plan read for its values whenever the generic
 * plan's estimate looks dearer than theirs, which it does for most list pages (a LIMIT or a
 * keyset bound it cannot see), though the generic plan runs as fast: planning was much of a page
 * read's time in the database.
 *
 * Every query has DATABASE_TIMEOUTS.queryMs to get an answer. Once a checkout has met the
 * database away, its later queries (a transaction's rollback) fail at once with the same error
 * instead of waiting out another timeout, and its connection is dropped on release, never handed
 * to the next request with a query still in flight; PostgreSQL rolls back the transaction of a
 * dropped connection.
 *
 * Once a connection is lost, every checkout fails at once until a background check gets an
 * answer again: a request that goes on after a failure it tolerates (a notification that may
 * fail) must not wait out a second timeout, and a hung database must not collect requests.
 *
 * Migrations run without timeouts, on a connection dropped afterwards: one may take long, or
 * wait long for another instance's.
 */
function guardedPool({ planned, oneplan }: { planned: pg.Pool; oneplan: pg.Pool }): PostgresPool {
  /** Set while the database is away: the failure that showed it. */
  let away: Error | undefined;
  let checking = false;
  let ended = false;

  /** Asks every DATABASE_TIMEOUTS.checkMs until a query gets an answer, then clears `away`. */
  const checkUntilBack = async () => {
    checking = true;
    while (away && !ended) {
      try {
        const client = await planned.connect();
        let failure: Error | undefined;
        try {
          await client.query({ text: 'select 1', query_timeout: DATABASE_TIMEOUTS.queryMs } as TimedQuery);
          away = undefined;
        } catch (error) {
          failure = error as Error;
        } finally {
          client.release(failure);
        }
      } catch {
        // Still away; try again shortly.
      }
      if (away) await new Promise((r) => setTimeout(r, DATABASE_TIMEOUTS.checkMs).unref());
    }
    checking = false;
  };

  const noteFailure = (error: unknown) => {
    if (ended || !connectionLost(error)) return;
    away = error as Error;
    if (!checking) void checkUntilBack();
  };

  const awayError = (failure: Error) => {
    // A fresh error each time: Kysely appends to the stack of the error it is given.
    const { code } = errorParts(failure);
    return Object.assign(new Error(failure.message, { cause: failure }), code ? { code } : {});
  };

  return {
    async connect() {
      if (away) throw awayError(away);
      let client: pg.PoolClient | undefined;
      let failure: Error | undefined;
      let migrating = false;
      const query = async (text: string, values: readonly unknown[]): Promise<pg.QueryResult> => {
        if (failure) throw failure;
        const name = statementNameOf(text);
        if (!client) {
          if (away) throw awayError(away);
          try {
            client = await (name ? oneplan : planned).connect();
          } catch (error) {
            noteFailure(error);
            throw error;
          }
        }
        try {
          if (!migrating && MIGRATION_LOCK.test(text)) {
            migrating = true;
            await client.query('set statement_timeout = 0');
          }
          const config: TimedQuery = {
            name,
            text,
            values: [...values],
            query_timeout: migrating ? undefined : DATABASE_TIMEOUTS.queryMs,
          };
          return await client.query(config);
        } catch (error) {
          if (isDatabaseAway(error)) failure = error as Error;
          noteFailure(error);
          throw error;
        }
      };
      return {
        // Only the plain form: the dialect has no cursor configured, so Kysely never streams.
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client?.release(failure ?? migrating),
      };
    },
    async end() {
      ended = true;
      away = undefined;
      await Promise.all([planned.end(), oneplan.end()]);
    },
  };
}

/**
 * Kysely prepares every SQLite statement again on each call; preparing costs more than
 * running most of our queries. The same SQL text reuses its prepared statement (safe: the
 * driver runs one statement at a time on its single connection), the least recently used
 * dropped past the bound.
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 500) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new LRUCache<string, SqliteStatement>({ max });
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) cache.set(source, (statement = rowsMadeInJavaScript(prepare(source))));
    return statement;
  }) as SQLite.Database['prepare'];
}

/**
 * better-sqlite3 builds each row object through V8's C++ API one property at a time: for a page
 * of listings that took longer than SQLite's own work. A statement that returns rows runs in raw
 * mode (arrays), and its rows are made by a function compiled once from its column names, a
 * plain object literal V8 makes in one step. Same objects: same keys in the same order, a later
 * duplicate name winning as before.
 */
export function rowsMadeInJavaScript(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // A column named __proto__ would set the prototype in a literal: keep better-sqlite3's objects.
  if (names.includes('__proto__')) return statement;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  // The names are SQLite's own, each JSON-quoted: nothing a member typed reaches this source.
  const makeRow = new Function('row', `return { ${fields} };`) as (row: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(makeRow),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters)) yield makeRow(row as unknown[]);
    },
    run: (parameters) => statement.run(parameters),
  };
}

/**
 * SQLite through Kysely, each statement (or transaction) waiting its turn on the event loop.
 * better-sqlite3 answers at once, so a request's next statement follows its last by promises
 * alone, and so do every other request's: the event loop would not read a socket or flush a
 * reply until every request in flight had finished. A list that takes several statements
 * (`nearest`'s rings) then waited behind whole bursts of others, so its slowest answers came far
 * later than its usual ones. Waiting for the event loop before each statement takes turns in the
 * order asked and lets the sockets be served in between.
 */
class TurnTakingSqliteDialect extends SqliteDialect {
  /** Statements (or transactions) waiting for their turn, and whether one has the connection now. */
  readonly turns = { waiting: 0, busy: false };

  override createQueryCompiler() {
    return new LimitsUnseenCompiler();
  }

  override createDriver() {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const turns = this.turns;
    driver.acquireConnection = async () => {
      turns.waiting++;
      try {
        await new Promise((resolve) => setImmediate(resolve));
        const connection = await acquire();
        turns.busy = true;
        return connection;
      } finally {
        turns.waiting--;
      }
    };
    driver.releaseConnection = async (connection) => {
      turns.busy = false;
      return release(connection);
    };
    return driver;
  }
}

/**
 * Writes LIMIT and OFFSET as `? + 0`. SQLite's planner peeks at a bare bound LIMIT, and a
 * statement whose plan peeked at a value is compiled again each time a value is bound, no small
 * part of every list query's work. The list plans do not hang on the limit: their join order and
 * index walks are fixed in listings.queries.
 */
class LimitsUnseenCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode) {
    super.visitLimit(node);
    this.append(' + 0');
  }

  protected override visitOffset(node: OffsetNode) {
    super.visitOffset(node);
    this.append(' + 0');
  }
}
