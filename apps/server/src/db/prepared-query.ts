import type { Compilable, CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import { isSqlite } from './dialect.js';
import type { Executor } from './schema.js';

/** Stands for one named value while a prepared query is built. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * A query whose shape never changes, built and compiled by Kysely once per dialect and then run
 * with each call's values: on the hottest reads building and compiling cost more than answering.
 *
 * `build` gets stand-ins for `values`: it may only pass them to Kysely as values (compare,
 * insert, select them), never branch on them or compute with them in JavaScript. What the
 * query's shape depends on goes in `shape` instead: each shape is built once (at most
 * `SHAPES_MAX` kept, the least recently used dropped).
 */
export function preparedQuery<Values extends object, Row, Shape = undefined>(
  build: (db: Executor, values: Values, shape: Shape) => Compilable<Row>,
  { onePlan = false }: PreparedOptions<Shape> = {},
): (db: Executor, values: Values, ...shape: Shape extends undefined ? [] : [Shape]) => Promise<Row[]> {
  const compiled = new LRUCache<string, CompiledQuery<Row>>({ max: SHAPES_MAX });
  return async (db, values, ...[shape]) => {
    const key = `${isSqlite(db) ? 'sqlite' : 'postgres'} ${shape === undefined ? '' : JSON.stringify(shape)}`;
    let query = compiled.get(key);
    if (!query) {
      const read = new Set<string>();
      const standIns = new Proxy({}, { get: (_, name) => (read.add(String(name)), new Placeholder(String(name))) });
      query = build(db, standIns as Values, shape as Shape).compile();
      // A value read but never bound was used to shape the query: later calls would get the
      // first call's shape. Fail at once instead.
      const bound = new Set(query.parameters.map((p) => (p instanceof Placeholder ? p.name : undefined)));
      const unbound = [...read].filter((name) => !bound.has(name));
      if (unbound.length > 0) throw new Error(`a prepared query reads but does not bind ${unbound.join(', ')}`);
      const samePlan = typeof onePlan === 'function' ? onePlan(shape as Shape) : onePlan;
      if (samePlan && !isSqlite(db)) nameStatement(query.sql);
      compiled.set(key, query);
    }
    const named = values as Record<string, unknown>;
    const parameters = query.parameters.map((p) => (p instanceof Placeholder ? named[p.name] : p));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}

const SHAPES_MAX = 200;

export interface PreparedOptions<Shape = undefined> {
  /**
   * The best plan is the same whatever the values (a lookup by key, or a read whose shape
   * already says which index it walks): on PostgreSQL the statement is then prepared once per
   * connection and, outside a transaction, run on a connection that plans it once and keeps that
   * plan (`connectDatabase`'s one-plan pool): planning cost more than running. A function of the
   * shape tells the shapes whose plan does not hang on their values; a shape it refuses must
   * compile to SQL of its own, since the statement is named by its SQL.
   */
  onePlan?: boolean | ((shape: Shape) => boolean);
}

/** The SQL of the one-plan queries, by the name of their prepared statement on each connection. */
const statementNames = new Map<string, string>();
const NAMED_MAX = 500;

function nameStatement(sql: string) {
  if (!statementNames.has(sql) && statementNames.size < NAMED_MAX)
    statementNames.set(sql, `gardenswap_${statementNames.size + 1}`);
}

/** The prepared statement's name for this SQL, when it is a one-plan query's (see `PreparedOptions`). */
export const statementNameOf = (sql: string): string | undefined => statementNames.get(sql);
