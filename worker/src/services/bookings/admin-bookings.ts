import { sql, type SQL } from 'drizzle-orm';
import { DURATION_MINUTES_MAX } from '../../domain/bookings.ts';
import type { Db } from '../../platform/db.ts';
import type { AdminBookingsQuery } from '../../schemas/connect-admin.ts';
import { after, orderOf, readKeysetPage, type ListOrder, type Position } from '../keyset.ts';
import { escapeLike, indexable, personMatches } from '../people-search.ts';
import { loadBookingViews } from './booking-views.ts';
import type { BookingView } from '../../../../shared/bookings/views.ts';

/**
 * /admin/bookings (decision 0032): every booking, newest start first, filtered by instructor,
 * status, a date range of the start (UTC days, both ends included) and a search (decision 0046): a
 * booking number or its beginning, part of the booker's or the instructor's name, email or
 * username, or of the lesson's title. One page of ids is chosen here; the rows are the BookingView
 * of `loadBookingViews`, with the booker's email.
 */

export interface AdminBookingPage {
  data: BookingView[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
}

type Filters = Omit<AdminBookingsQuery, 'page' | 'pageSize' | 'after' | 'before'>;

/**
 * A booking number (BK- and eight characters) or its beginning: three characters after BK- narrow
 * 200,000 random numbers to a handful.
 */
const NUMBER_PREFIX = /^BK-[0-9A-Z]{3}/;

/** Whether the search is read through indexes (a number, or a term the trigram index can find). */
const searchedByIndex = (q: string) => NUMBER_PREFIX.test(q.toUpperCase()) || indexable(q);

/** A term too short for the indexes is matched with LIKE over the bookings and both people, as before. */
const likeMatches = (alias: string, pattern: string) =>
  sql`(trim(${sql.raw(alias)}.first_name || ' ' || ${sql.raw(alias)}.last_name) LIKE ${pattern} ESCAPE '\\'
    OR ${sql.raw(alias)}.email LIKE ${pattern} ESCAPE '\\' OR ${sql.raw(alias)}.username LIKE ${pattern} ESCAPE '\\')`;

function searchOf(q: string): SQL {
  const number = q.toUpperCase();
  // A number, or its beginning: a range of the numbers' unique index.
  if (NUMBER_PREFIX.test(number)) return sql`b.number >= ${number} AND b.number < ${`${number}~`}`;
  const pattern = `%${escapeLike(q)}%`;
  // The people who match through the trigram index, then their bookings through the booker's and
  // the instructor's indexes; a title through the lesson types (a few per instructor), then their
  // bookings through the lesson type's index (a booking's title is its type's, copied when booked).
  if (indexable(q)) {
    return sql`(${personMatches(sql`b.user_id`, q)} OR ${personMatches(sql`b.instructor_id`, q)}
      OR b.lesson_type_id IN (SELECT id FROM lesson_types WHERE title LIKE ${pattern} ESCAPE '\\'))`;
  }
  return sql`(b.number LIKE ${pattern} ESCAPE '\\' OR b.title LIKE ${pattern} ESCAPE '\\' OR ${likeMatches('bu', pattern)} OR ${likeMatches('iu', pattern)})`;
}

/** The people a short term is matched against (the other searches need no join). */
const peopleOf = (query: Filters) => (query.q && !searchedByIndex(query.q) ? sql` JOIN users bu ON bu.id = b.user_id JOIN users iu ON iu.id = b.instructor_id` : sql``);

function whereOf(query: Filters, now: Date): SQL {
  const at = now.toISOString();
  // With a search read through indexes, its rows lead and the other filters only sift them: the
  // unary + keeps SQLite off the status and instructor indexes, which would walk every booking of
  // a status or an instructor to find the few that match.
  const sift = (column: string) => sql.raw(query.q && searchedByIndex(query.q) ? `+b.${column}` : `b.${column}`);
  const parts: SQL[] = [sql`1 = 1`];
  if (query.instructorId !== undefined) parts.push(sql`${sift('instructor_id')} = ${query.instructorId}`);
  switch (query.status) {
    case undefined:
      break;
    case 'upcoming':
      // A session not yet ended started at most the longest lesson ago: that bound lets the list
      // walk the index of starts newest first (the unary + keeps SQLite off the status index,
      // which would sort every session to come).
      parts.push(sql`+b.status IN ('held', 'offered', 'confirmed') AND +b.ends_at > ${at}
        AND b.starts_at > ${new Date(now.getTime() - DURATION_MINUTES_MAX * 60_000).toISOString()}`);
      break;
    case 'completed':
      parts.push(sql`${sift('status')} = 'confirmed' AND ${sift('ends_at')} <= ${at}`);
      break;
    case 'confirmed':
      // Confirmed and still to come or under way; the ones that ended are "completed".
      parts.push(sql`${sift('status')} = 'confirmed' AND ${sift('ends_at')} > ${at}`);
      break;
    default:
      parts.push(sql`${sift('status')} = ${query.status}`);
  }
  if (query.from) parts.push(sql`b.starts_at >= ${`${query.from}T00:00:00.000Z`}`);
  if (query.to) {
    const next = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString();
    parts.push(sql`b.starts_at < ${next}`);
  }
  if (query.q) parts.push(searchOf(query.q));
  return sql.join(parts, sql` AND `);
}

/**
 * How many bookings match: all of them is a running total (stat_totals, decision 0039); a filter
 * counts through the bookings' indexes, a search through those of the bookings it matches (only a
 * term too short for them reads the people too).
 */
function totalOf(db: Db, query: Filters, where: SQL) {
  const filtered = query.instructorId !== undefined || query.status !== undefined || query.from || query.to || query.q;
  if (!filtered) return db.all<{ n: number }>(sql`SELECT coalesce(sum(value), 0) AS n FROM stat_totals WHERE metric = 'bookings.total' AND day = ''`);
  return db.all<{ n: number }>(sql`SELECT count(*) AS n FROM bookings b${peopleOf(query)} WHERE ${where}`);
}

const ORDER: ListOrder = { key: sql`b.starts_at`, id: sql`b.id`, direction: 'desc' };

/** Newest start first, a page by number or next to one already shown (decision 0045). */
export async function listAdminBookings(db: Db, query: AdminBookingsQuery, now: Date = new Date()): Promise<AdminBookingPage> {
  const where = whereOf(query, now);
  const page = await readKeysetPage(query, {
    order: ORDER,
    read: ({ bound, reversed, limit, offset }) =>
      db.all<{ id: number; startsAt: string }>(sql`SELECT b.id, b.starts_at AS startsAt
        FROM bookings b${peopleOf(query)}
        WHERE ${where}${bound ? sql` AND ${bound}` : sql``}
        ORDER BY ${sql.join(orderOf(ORDER, reversed), sql`, `)} LIMIT ${limit} OFFSET ${offset}`),
    positionOf: (row) => [row.startsAt, row.id],
    total: async () => Number((await totalOf(db, query, where))[0]?.n ?? 0),
  });
  const order = page.rows.map((r) => r.id);
  const views = await loadBookingViews(db, { ids: order, withBookerEmail: true }, now);
  const byId = new Map(views.map((v) => [v.id, v]));
  return {
    data: order.flatMap((id) => byId.get(id) ?? []),
    pagination: { page: page.page, pageSize: query.pageSize, total: page.total, totalPages: Math.max(1, Math.ceil(page.total / query.pageSize)) },
    next: page.next,
    prev: page.prev,
  };
}

/** How many bookings the list's filters select (the export checks it before reading any row). */
export async function countAdminBookings(db: Db, query: Filters, now: Date = new Date()): Promise<number> {
  const [row] = await totalOf(db, query, whereOf(query, now));
  return Number(row?.n ?? 0);
}

/** Up to `limit` bookings the list's filters select after `position`, in the list's order: a page of the CSV export. */
export async function adminBookingsAfter(
  db: Db,
  query: Filters,
  position: Position | undefined,
  limit: number,
  now: Date = new Date(),
): Promise<BookingView[]> {
  const next = after(sql`b.starts_at`, sql`b.id`, position);
  const ids = (
    await db.all<{ id: number }>(sql`SELECT b.id FROM bookings b${peopleOf(query)}
      WHERE ${whereOf(query, now)}${next ? sql` AND ${next}` : sql``} ORDER BY b.starts_at DESC, b.id DESC LIMIT ${limit}`)
  ).map((r) => r.id);
  const byId = new Map((await loadBookingViews(db, { ids, withBookerEmail: true }, now)).map((v) => [v.id, v]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getAdminBooking(db: Db, id: number, now: Date = new Date()): Promise<BookingView | null> {
  const [view] = await loadBookingViews(db, { ids: [id], withBookerEmail: true }, now);
  return view ?? null;
}
