import { Column, getTableColumns, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The selection of an `INSERT … SELECT` built with drizzle (`db.insert(t).select(db.select(
 * insertSelection(t, {...})).from(…).where(…))`). Drizzle inserts a selection into every column of
 * the table, in the table's order; this names only the columns the statement sets (each an SQL
 * expression, a column of the rows selected, or a plain value) and fills the others as a plain
 * insert would: the column's declared default, else NULL (a NULL id takes the next rowid).
 *
 * SQLite reads `INSERT … SELECT … FROM t ON CONFLICT` as a join's ON: a statement that adds an
 * ON CONFLICT clause selects with a WHERE (`where(sql\`true\`)` when it has none).
 */
export type InsertSelection<T extends SQLiteTable> = {
  [K in keyof T['$inferInsert']]: SQLWrapper | AnySQLiteColumn | T['$inferInsert'][K];
};

export function insertSelection<T extends SQLiteTable>(table: T, values: InsertSelection<T>): { [K in keyof T['$inferInsert']]-?: SQL | AnySQLiteColumn } {
  const given = values as Record<string, unknown>;
  const fields: Record<string, SQL | AnySQLiteColumn> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (Object.hasOwn(given, key) && given[key] !== undefined) {
      const value = given[key];
      if (is(value, SQL)) fields[key] = value;
      else if (is(value, Column)) fields[key] = value as AnySQLiteColumn;
      else if (isWrapper(value)) fields[key] = value.getSQL();
      else fields[key] = sql`${sql.param(value, column)}`;
    } else if (column.default !== undefined) {
      fields[key] = is(column.default, SQL) ? column.default : sql`${sql.param(column.default, column)}`;
    } else if (column.defaultFn !== undefined) {
      const made = column.defaultFn();
      fields[key] = is(made, SQL) ? made : sql`${sql.param(made, column)}`;
    } else {
      fields[key] = sql`null`;
    }
  }
  return fields as { [K in keyof T['$inferInsert']]-?: SQL | AnySQLiteColumn };
}

function isWrapper(value: unknown): value is SQLWrapper {
  return typeof value === 'object' && value !== null && typeof (value as SQLWrapper).getSQL === 'function';
}
