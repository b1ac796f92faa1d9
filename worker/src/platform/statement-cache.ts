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
  raw(raw?: boolean): unknown;
  safeIntegers(toggle?: boolean): unknown;
}

/**
 * What the client asks a kept statement on every run and is the same every time: its columns
 * (asked twice per run), and whether it returns rows at all — the client calls `raw(true)` and
 * takes the native error it throws as "no rows" (every INSERT, UPDATE, BEGIN and COMMIT), and a
 * new native error with its stack cost more than running a small statement. The first answer is
 * kept: the same error is thrown again. The modes the client sets on every run (`raw(true)`,
 * `safeIntegers(true)`) are native calls too (~2 µs each, 10–15 per write request); a mode
 * already set is not set again.
 */
function keepAnswers(statement: PreparedStatement): PreparedStatement {
  const columns = statement.columns.bind(statement);
  let known: unknown;
  statement.columns = () => (known ??= columns());
  const raw = statement.raw.bind(statement);
  let noRows: unknown;
  let rawMode: boolean | undefined;
  statement.raw = (on?: boolean) => {
    if (noRows !== undefined) throw noRows;
    const wanted = on ?? true;
    if (rawMode === wanted) return statement;
    try {
      const answer = raw(on);
      rawMode = wanted;
      return answer;
    } catch (err) {
      noRows = err;
      throw err;
    }
  };
  const safeIntegers = statement.safeIntegers.bind(statement);
  let safeMode: boolean | undefined;
  statement.safeIntegers = (toggle?: boolean) => {
    const wanted = toggle ?? true;
    if (safeMode === wanted) return statement;
    const answer = safeIntegers(toggle);
    safeMode = wanted;
    return answer;
  };
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
      statement = keepAnswers(prepare.call(this, sql) as PreparedStatement);
      if (cache.size >= PER_CONNECTION) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}
