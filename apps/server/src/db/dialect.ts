import { type Kysely, SqliteAdapter } from 'kysely';

/** True on SQLite; the few places that must branch say why beside the call. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
