import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

// count(*) and other int8 results come back from pg as strings; every count we read fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/** Opens the configured database: an SQLite file (WAL, foreign keys on) or a PostgreSQL pool. */
export function connectDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // A test run keeps its tables in a schema of its own.
      options: database.schema ? `-c search_path=${database.schema}` : undefined,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cachePreparedStatements(sqlite);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

/**
 * Kysely prepares every SQLite statement again on each call; preparing costs more than
 * running most of our queries. The same SQL text reuses its prepared statement (safe: the
 * driver runs one statement at a time on its single connection), up to a bound.
 */
function cachePreparedStatements(sqlite: SQLite.Database, max = 500) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Refresh its place, so the least recently used statement is the one dropped.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as SQLite.Database['prepare'];
}
