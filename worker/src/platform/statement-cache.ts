import Database from 'libsql';

/**
 * The embedded libSQL client prepares every statement it runs, and preparing costs several times
 * running (about 60 µs against 19 µs for a primary-key read on this schema): that was the largest
 * single cost of a write request (decision 0021). Each connection keeps its prepared statements by
 * SQL text instead and reuses them; a statement is re-run from the start each time, also after an
 * error, and SQLite prepares it again by itself when the schema changed (statements that change
 * the schema are never kept, and they empty the connection's cache).
 */
const PER_CONNECTION = 500;
const DDL = /^\s*(create|alter|drop)\b/i;

interface PreparedStatement {
  columns(): unknown;
}

/** The client asks a statement for its columns twice per run; they are the same every time. */
function keepColumns(statement: PreparedStatement): PreparedStatement {
  const columns = statement.columns.bind(statement);
  let known: unknown;
  statement.columns = () => (known ??= columns());
  return statement;
}
let installed = false;

export function cachePreparedStatements(): void {
  if (installed) return;
  installed = true;
  const proto = Database.prototype as unknown as { prepare(this: object, sql: string): unknown };
  const prepare = proto.prepare;
  const caches = new WeakMap<object, Map<string, unknown>>();
  proto.prepare = function prepareOnce(this: object, sql: string) {
    let cache = caches.get(this);
    if (!cache) {
      cache = new Map();
      caches.set(this, cache);
    }
    // A schema change through a prepared statement: what was kept may describe the old schema.
    if (DDL.test(sql)) {
      cache.clear();
      return prepare.call(this, sql);
    }
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = keepColumns(prepare.call(this, sql) as PreparedStatement);
      if (cache.size >= PER_CONNECTION) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}
