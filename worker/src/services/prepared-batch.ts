import type { ResultSet } from '@libsql/client';
import { Column, fillPlaceholders, getTableColumns, is, SQL, sql, Table, type DriverValueDecoder, type Query, type SQLWrapper } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
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

/** A query built on first use per database handle (one per process on Node, one per isolate on Workers). */
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

/**
 * A query over a list of values (`IN (?, ?, …)`) built on first use per database and length:
 * `build(db, count)` names its values by position (`placeholders('id', count)`). Lengths above
 * `kept` are built for their call only.
 */
export function preparedPerCount<P>(build: (db: Db, count: number) => P, kept = 8): (db: Db, count: number) => P {
  const byDb = preparedOnce(() => new Map<number, P>());
  return (db, count) => {
    if (count > kept) return build(db, count);
    const built = byDb(db);
    let prepared = built.get(count);
    if (prepared === undefined) built.set(count, (prepared = build(db, count)));
    return prepared;
  };
}

/** `count` placeholders named `${name}0`, `${name}1`, …, and the values that fill them. */
export const placeholders = (name: string, count: number) => Array.from({ length: count }, (_, i) => sql.placeholder(`${name}${i}`));
export function valuesOf(name: string, values: readonly unknown[], into: Record<string, unknown> = {}): Record<string, unknown> {
  values.forEach((value, i) => {
    into[`${name}${i}`] = value;
  });
  return into;
}

export function bind<R>(prepared: PreparedLike<R>, values: Record<string, unknown> = {}): Bound<R> {
  return { prepared, values };
}

/**
 * A statement built for this call only (one whose SQL differs per call), bound to no values, to
 * run in `runBatch` beside prepared ones: what drizzle's own `batch` does with each statement.
 */
export function builtStatement(statement: BatchItem<'sqlite'>): Bound<unknown> {
  return { prepared: (statement as unknown as { _prepare(): PreparedLike<unknown> })._prepare(), values: {} };
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

/**
 * A statement written with drizzle's `sql` (an INSERT … SELECT of the notifications service, say),
 * its values `sql.placeholder(...)`: `statement` is what `db.run`/`db.all` answer before they are
 * awaited (nothing runs); its text is made here once and each run binds the named values.
 */
export function sqlPrepared<Row>(db: Db, statement: { getQuery(): Query }): PreparedLike<Row[]> {
  const { sql: text, params } = statement.getQuery();
  const rowsOf = (result: unknown) => (result as ResultSet).rows as unknown as Row[];
  return {
    getQuery: () => ({ sql: text, params }),
    mapResult: rowsOf,
    execute: async (values = {}) => rowsOf(await db.$client.execute({ sql: text, args: fillPlaceholders(params, values) as never[] })),
  };
}

// ---------------------------------------------------------------------------------------------
// Rows as JSON: many reads in one statement

/**
 * On the embedded client each statement costs ~5 µs to run natively and as much again in the
 * client (a result set; a row object given two properties per column) and in drizzle's mapping of
 * every value: ~1–2 µs per column value, ~15 µs per statement beside the statement itself. A read
 * of many small row sets — a learner's state of a course, a quiz's questions — is cheaper as ONE
 * statement whose columns are JSON. `jsonShape(selection)` writes a selection (what `db.select`
 * takes: columns, SQL, tables, one level of nested objects) as one SQL `json_array` of its values
 * in drizzle's order of the fields, and `decode` maps a parsed array with each field's own decoder
 * exactly as drizzle maps a row of `db.select(selection)`: booleans, JSON text columns, `mapWith`.
 * `jsonAggregate` and `jsonRowsOf` make the rows of a select one JSON array text (SQLite's
 * `json_group_array`, ordered explicitly where the order matters: an aggregate keeps none of its
 * input's). One SELECT reads one snapshot of the database: it needs no transaction around it.
 */
export interface JsonShape<T> {
  /** SQL: `json_array(…)` of the selection's values. */
  readonly row: SQL;
  /** How many values `row` holds (the selection's fields). */
  readonly width: number;
  /** A row as `db.select(selection)` answers it, from the parsed array of `row`. */
  decode(values: readonly unknown[]): T;
}

interface Leaf {
  path: readonly string[];
  value: SQL | Column;
  decoder: DriverValueDecoder<unknown, unknown>;
}

// drizzle's own mapping reads an expression's decoder (`mapWith`, else none) from this property.
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** The fields of a selection in drizzle's order (a table's columns in their declared order), each with its decoder. */
function leavesOf(selection: Record<string, unknown>, prefix: readonly string[] = []): Leaf[] {
  const leaves: Leaf[] = [];
  for (const [name, field] of Object.entries(selection)) {
    const path = [...prefix, name];
    if (is(field, Column)) leaves.push({ path, value: field, decoder: field });
    else if (is(field, SQL)) leaves.push({ path, value: field, decoder: decoderOf(field) });
    else if (is(field, SQL.Aliased)) leaves.push({ path, value: field.sql, decoder: decoderOf(field.sql) });
    else if (is(field, Table)) leaves.push(...leavesOf(getTableColumns(field), path));
    else if (typeof field === 'object' && field !== null && Object.getPrototypeOf(field) === Object.prototype) leaves.push(...leavesOf(field as Record<string, unknown>, path));
    else throw new Error(`jsonShape: unsupported field ${path.join('.')}`);
  }
  return leaves;
}

export function jsonShape<S extends SelectedFields>(selection: S): JsonShape<SelectResultFields<S>> {
  const leaves = leavesOf(selection);
  return {
    row: sql`json_array(${sql.join(
      leaves.map((l) => l.value),
      sql`, `,
    )})`,
    width: leaves.length,
    decode(values) {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < leaves.length; i++) {
        const { path, decoder } = leaves[i]!;
        let node = out;
        for (let k = 0; k < path.length - 1; k++) node = (node[path[k]!] ??= {}) as Record<string, unknown>;
        const raw = values[i] ?? null;
        node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw);
      }
      return out as SelectResultFields<S>;
    },
  };
}

/** SQL aggregate, a field of a select: its rows as one JSON array text of `shape.row`s (`[]` for none), in `orderBy` order. */
export function jsonAggregate(shape: JsonShape<unknown>, ...orderBy: (SQL | Column)[]): SQL<string> {
  const order = orderBy.length > 0 ? sql` ORDER BY ${sql.join(orderBy, sql`, `)}` : sql``;
  return sql<string>`json_group_array(${shape.row}${order})`;
}

/**
 * SQL: the rows of `query` — a select of `shape`'s own selection, run unchanged (joins, grouping)
 * as a common table expression — as one JSON array text of their values (`[]` for none), ordered
 * by the selection's fields at `orderBy` (their positions) when given.
 */
export function jsonRowsOf(shape: JsonShape<unknown>, query: SQLWrapper, orderBy: readonly number[] = []): SQL<string> {
  const columns = sql.raw(Array.from({ length: shape.width }, (_, i) => `c${i}`).join(', '));
  const order = orderBy.length > 0 ? sql.raw(` ORDER BY ${orderBy.map((i) => `c${i}`).join(', ')}`) : sql``;
  return sql<string>`(WITH r(${columns}) AS ${query} SELECT json_group_array(json_array(${columns})${order}) FROM r)`;
}

/** The rows of a `jsonAggregate` / `jsonRowsOf` column (JSON text) as `db.select(selection)` answers them. */
export function decodeRows<T>(shape: JsonShape<T>, text: string): T[] {
  return (JSON.parse(text) as unknown[][]).map((values) => shape.decode(values));
}

/** One row of a `shape.row` column (JSON text), or null when the column is NULL (no such row). */
export function decodeRow<T>(shape: JsonShape<T>, text: string | null): T | null {
  return text === null ? null : shape.decode(JSON.parse(text) as unknown[]);
}
