import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { encodeCursor, type Cursor } from '../domain/page-cursor.ts';

/**
 * Keyset pages (decisions 0041 and 0045): the rows after a position in a list, named by the sort
 * key and the id of the last row already read, instead of an OFFSET that reads and drops every row
 * before it.
 */

/** The position of a row in a list ordered by (key DESC, id DESC). */
export type Position = readonly [key: string | number, id: number];

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

/** A list's order: by `key`, then by `id` to break ties, both in `direction`. */
export interface ListOrder {
  key: SQLWrapper;
  id: SQLWrapper;
  direction: 'asc' | 'desc';
}

/** The ORDER BY of a list, or of the same list read from its other end. */
export function orderOf(order: ListOrder, reversed: boolean): SQL[] {
  const descending = (order.direction === 'desc') !== reversed;
  return descending ? [desc(order.key), desc(order.id)] : [asc(order.key), asc(order.id)];
}

/**
 * The rows beyond `cursor` in the list's order (or, `reversed`, before it), written so that the
 * first term bounds a range of the list's index (see `after`).
 */
export function beyond(order: ListOrder, reversed: boolean, cursor: Cursor): SQL {
  const { key: k, id: i } = cursor;
  return (order.direction === 'desc') !== reversed
    ? sql`${order.key} <= ${k} AND (${order.key} < ${k} OR ${order.id} < ${i})`
    : sql`${order.key} >= ${k} AND (${order.key} > ${k} OR ${order.id} > ${i})`;
}

/** What a list's query asks of its pages: a page by number, or the page after or before a cursor. */
export interface PageAsk {
  page: number;
  pageSize: number;
  after?: Cursor | undefined;
  before?: Cursor | undefined;
}

/**
 * One read of a list: the rows of its filters, past `bound` when there is one, in the list's order
 * or `reversed`, skipping `offset` of them.
 */
export type ReadSlice<Row> = (slice: { bound: SQL | undefined; reversed: boolean; limit: number; offset: number }) => Promise<Row[]>;

export interface KeysetList<Row> {
  order: ListOrder;
  /**
   * The rows beyond `cursor` (before it, `reversed`) for an order that is more than one key and
   * the id in one direction (a key of several columns, ties broken the other way), whose `order`
   * then names its first key; without it, `beyond(order, …)`.
   */
  beyond?: (cursor: Cursor, reversed: boolean) => SQL;
  read: ReadSlice<Row>;
  /** The row's sort key and id, as the order names them. */
  positionOf: (row: Row) => readonly [key: string | number, id: number];
  /** How many rows the filters select (a running total where the list keeps one). */
  total: () => Promise<number>;
}

export interface KeysetPage<Row> {
  rows: Row[];
  page: number;
  total: number;
  /** The token of the page after this one, or null on the last page. */
  next: string | null;
  /** The token of the page before this one, or null on the first page. */
  prev: string | null;
}

/**
 * A page of a list that costs what it shows wherever it is. After or before a cursor, the rows
 * next to it through the list's index. By number, from whichever end of the list is nearer: the
 * last of a million orders' pages reads its rows from the oldest end, not past 999,980 others.
 * Only a page by number far from both ends skips rows (the pages' own links never ask for one).
 */
export async function readKeysetPage<Row>(ask: PageAsk, list: KeysetList<Row>): Promise<KeysetPage<Row>> {
  const size = ask.pageSize;
  const cursor = ask.after ?? ask.before;
  const token = (row: Row | undefined, page: number) => {
    if (row === undefined) return null;
    const [key, id] = list.positionOf(row);
    return encodeCursor({ key, id, page });
  };
  if (cursor) {
    const backwards = ask.after === undefined;
    const [read, total] = await Promise.all([list.read({ bound: list.beyond ? list.beyond(cursor, backwards) : beyond(list.order, backwards, cursor), reversed: backwards, limit: size + 1, offset: 0 }), list.total()]);
    const more = read.length > size;
    const rows = read.slice(0, size);
    if (backwards) rows.reverse();
    const page = backwards ? (more ? Math.max(2, cursor.page - 1) : 1) : cursor.page + 1;
    const hasNext = backwards || more;
    const hasPrev = backwards ? more : true;
    return { rows, page, total, next: hasNext ? token(rows.at(-1), page) : null, prev: hasPrev ? token(rows[0], page) : null };
  }
  const start = (ask.page - 1) * size;
  if (start === 0) {
    const [read, total] = await Promise.all([list.read({ bound: undefined, reversed: false, limit: size + 1, offset: 0 }), list.total()]);
    const rows = read.slice(0, size);
    return { rows, page: 1, total, next: read.length > size ? token(rows.at(-1), 1) : null, prev: null };
  }
  const total = await list.total();
  if (start >= total) return { rows: [], page: ask.page, total, next: null, prev: null };
  const end = Math.min(start + size, total);
  if (start <= total - end) {
    const read = await list.read({ bound: undefined, reversed: false, limit: size + 1, offset: start });
    const rows = read.slice(0, size);
    return { rows, page: ask.page, total, next: read.length > size ? token(rows.at(-1), ask.page) : null, prev: token(rows[0], ask.page) };
  }
  const rows = (await list.read({ bound: undefined, reversed: true, limit: end - start, offset: total - end })).reverse();
  return { rows, page: ask.page, total, next: end < total ? token(rows.at(-1), ask.page) : null, prev: token(rows[0], ask.page) };
}
