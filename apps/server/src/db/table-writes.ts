/**
 * Tells whoever listens which tables a connection's statements changed, once the change is
 * committed: after a statement outside a transaction, or at the transaction's commit. A cache
 * of what the database holds drops its copy then (see the public feed's `OpenListings`).
 *
 * It reads the SQL each driver is handed, so every path is heard, a raw statement as much as a
 * built one. Only this process's connections are: another process writing to the same
 * database (another instance, a command-line tool) is not, so a cache built on this still
 * bounds how long it trusts its copy.
 */
export class TableWrites {
  private readonly listeners = new Set<(tables: ReadonlySet<string>) => void>();

  /** Calls `listener` after each committed change, with the tables it wrote; returns its removal. */
  listen(listener: (tables: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * One connection's statements, in the order they ran: call the result with each statement's
   * SQL once it has succeeded.
   */
  connection(): (sql: string) => void {
    let inTransaction = false;
    const written = new Set<string>();
    return (sql) => {
      const statement = classify(sql);
      if (statement === 'read') return;
      if (statement === 'begin') inTransaction = true;
      else if (statement === 'rollback') {
        inTransaction = false;
        written.clear();
      } else {
        if (statement !== 'commit') for (const table of statement) written.add(table);
        if (statement === 'commit') inTransaction = false;
        if (inTransaction || written.size === 0) return;
        const tables = new Set(written);
        written.clear();
        for (const listener of this.listeners) listener(tables);
      }
    };
  }
}

type Statement = 'read' | 'begin' | 'commit' | 'rollback' | ReadonlySet<string>;

/**
 * Every table an INSERT, UPDATE or DELETE names, wherever it stands (a CTE's too). `do update`
 * (an upsert's) and `for update` (a row lock) change no table of their own name.
 */
const WRITTEN_TABLE = /(?<!\b(?:do|for)\s+)\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?(\w+)"?/gi;

const classified = new Map<string, Statement>();
const CLASSIFIED_MAX = 1000;

export function classify(sql: string): Statement {
  const known = classified.get(sql);
  if (known) return known;
  const start = sql.trimStart().slice(0, 20).toLowerCase();
  let statement: Statement;
  if (start.startsWith('select')) statement = 'read';
  else if (start.startsWith('begin') || start.startsWith('start transaction')) statement = 'begin';
  else if (start.startsWith('commit') || start.startsWith('end')) statement = 'commit';
  // Rolling back to a savepoint leaves the transaction open, and what it wrote before: still heard.
  else if (start.startsWith('rollback to')) statement = 'read';
  else if (start.startsWith('rollback') || start.startsWith('abort')) statement = 'rollback';
  else {
    const tables = new Set([...sql.matchAll(WRITTEN_TABLE)].map((m) => m[1]!.toLowerCase()));
    statement = tables.size === 0 ? 'read' : tables;
  }
  if (classified.size >= CLASSIFIED_MAX) classified.clear();
  classified.set(sql, statement);
  return statement;
}
