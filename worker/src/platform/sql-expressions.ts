import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The SQL expressions every statement shares, written once. Timestamps are ISO-8601 in UTC with
 * milliseconds (`2026-12-02T16:20:00.000Z`), the form every `*_at` column holds, so they compare
 * as text in time order.
 */

/** The database's clock, as a timestamp column holds it. */
export const sqlNow: SQL<string> = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** The database's clock `minutes` ago. */
export function sqlMinutesAgo(minutes: number): SQL<string> {
  return sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now',${`-${minutes} minutes`}))`;
}

/** The column's value if it has one, else the clock: a timestamp set once, by the first write that sets it. */
export function sqlNowUnlessSet(column: SQLWrapper): SQL<string> {
  return sql<string>`coalesce(${column}, ${sqlNow})`;
}
