import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Keyset pages (decision 0041): the rows after a position in a list, named by the sort key and the
 * id of the last row already read, instead of an OFFSET that reads and drops every row before it.
 */

/** The position of a row in a list ordered by (key DESC, id DESC). */
export type Position = readonly [key: string, id: number];

/**
 * The rows after `position` in an order by (`key` DESC, `id` DESC). Written as `key <= k AND
 * (key < k OR id < i)` so that the first term bounds a range of any index whose last column is
 * `key` (the rowid follows it in every index), behind equalities on the filters before it.
 */
export function after(key: SQLWrapper, id: SQLWrapper, position: Position | undefined): SQL | undefined {
  if (position === undefined) return undefined;
  const [k, i] = position;
  return sql`${key} <= ${k} AND (${key} < ${k} OR ${id} < ${i})`;
}
