import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Executor } from './schema.js';

/**
 * A query Kysely builds and compiles once per database dialect, then runs with each call's
 * values bound as parameters. Kysely builds and compiles a query anew on every call, which on a
 * hot path (sending a chat message) costs as much as the database's own work.
 *
 * `build` gets a stand-in for each value it reads and may use them only as bound values (in
 * `where`, `values`, or `${}` in `sql`), never to shape the query: the query is built once, with
 * stand-ins, whatever the values of later calls. A value read but not bound, or a parameter
 * that is not one of the values, fails the first call.
 */
export function preparedQuery<V extends object, R>(
  build: (db: Executor, values: V) => Compilable<R>,
): (db: Executor, values: V) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter, which a database and its transactions share.
  const templates = new WeakMap<object, { sql: string; slots: string[] }>();

  const compile = (db: Executor) => {
    const read = new Map<string, string>();
    const standIns = new Proxy({} as V, {
      get: (_, name) => {
        const standIn = `:prepared value ${String(name)}:`;
        read.set(standIn, String(name));
        return standIn;
      },
    });
    const compiled = build(db, standIns).compile();
    const slots = compiled.parameters.map((parameter) => {
      const name = typeof parameter === 'string' ? read.get(parameter) : undefined;
      if (name === undefined) throw new Error(`a prepared query has a parameter that is not a value: ${compiled.sql}`);
      return name;
    });
    const unbound = [...read.values()].filter((name) => !slots.includes(name));
    if (unbound.length)
      throw new Error(`a prepared query reads but does not bind ${unbound.join(', ')}: ${compiled.sql}`);
    return { sql: compiled.sql, slots };
  };

  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compile(db);
      templates.set(adapter, template);
    }
    const parameters = template.slots.map((name) => (values as Record<string, unknown>)[name]);
    return db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>);
  };
}
