import type { ResultSet } from '@libsql/client';
import { fillPlaceholders, sql, type Query } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';

/**
 * Queries built once and run many times, alone or several in one batch. Drizzle's query builder
 * makes the SQL text again on every call, and on the hot learning routes that cost more than
 * running the statements: a learner's snapshot (seven selects) took ~300 µs to build against
 * ~130 µs to run on the embedded file. A query made with `sql.placeholder(...)` for its values
 * and `.prepare()` is built once per database (`preparedOnce`) and bound to each request's values
 * (`bind`); `runBatch` runs bound queries in one `batch` — one implicit transaction, one round
 * trip on Workers (decision 0004) — and maps each result exactly as drizzle's own batch does.
 */

/** What `runBatch` needs of a drizzle prepared query; R is what running it alone answers. */
export interface PreparedLike<R> {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  execute(placeholderValues?: Record<string, unknown>): Promise<R>;
}

export interface Bound<R> {
  prepared: PreparedLike<R>;
  values: Record<string, unknown>;
}

/** What each of a tuple of bound queries answers, element by element. */
export type ResultsOf<T extends readonly unknown[]> = { [K in keyof T]: T[K] extends Bound<infer R> ? R : never };

/** A query built on first use per database (a Workers request has its own database object). */
export function preparedOnce<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}

export function bind<R>(prepared: PreparedLike<R>, values: Record<string, unknown> = {}): Bound<R> {
  return { prepared, values };
}

/** Runs bound queries in one batch, in order; each answer is what the query alone would answer. */
export async function runBatch<T extends readonly Bound<unknown>[]>(db: Db, items: readonly [...T]): Promise<ResultsOf<T>> {
  const statements = items.map(({ prepared, values }) => {
    const query = prepared.getQuery();
    return { sql: query.sql, args: fillPlaceholders(query.params, values) as never[] };
  });
  const results = await db.$client.batch(statements, 'deferred');
  return results.map((result, i) => items[i]!.prepared.mapResult(result, true)) as ResultsOf<T>;
}

/**
 * A statement written in SQL (conditional inserts that drizzle's builder cannot say), with `?`
 * parameters filled in order from the named values: `names[i]` fills the i-th `?`.
 */
export function sqlStatement<Row>(db: Db, text: string, names: readonly string[]): PreparedLike<Row[]> {
  const params = names.map((name) => sql.placeholder(name));
  const rowsOf = (result: unknown) => (result as ResultSet).rows as unknown as Row[];
  return {
    getQuery: () => ({ sql: text, params }),
    mapResult: rowsOf,
    execute: async (values = {}) => rowsOf(await db.$client.execute({ sql: text, args: fillPlaceholders(params, values) as never[] })),
  };
}
