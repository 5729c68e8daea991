import type { Compilable, CompiledQuery } from 'kysely';
import { isSqlite } from './dialect.js';
import type { Executor } from './schema.js';

/** Stands for one named value while a prepared query is built. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * A query whose shape never changes, built and compiled by Kysely once per dialect and then run
 * with each call's values. On the hottest reads (a listing's page) building and compiling the
 * same query on every request cost twice what SQLite spends answering it.
 *
 * `build` gets stand-ins for `values`: it may only pass them to Kysely as values (compare,
 * insert, select them), never branch on them or compute with them in JavaScript. A query whose
 * shape depends on its values is built per call as usual.
 */
export function preparedQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Executor, values: Values) => Compilable<Row>,
): (db: Executor, values: Values) => Promise<Row[]> {
  const byDialect = new Map<'sqlite' | 'postgres', CompiledQuery<Row>>();
  return async (db, values) => {
    const dialect = isSqlite(db) ? 'sqlite' : 'postgres';
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const standIns = new Proxy({}, { get: (_, name) => new Placeholder(String(name)) }) as Values;
      byDialect.set(dialect, (compiled = build(db, standIns).compile()));
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Placeholder ? values[p.name] : p));
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}
