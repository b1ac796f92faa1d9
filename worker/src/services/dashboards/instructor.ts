import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { InstructorDashboard } from '../../../../shared/dashboards/instructor.ts';

/**
 * The instructor dashboard's Connect & Book figures (GET /api/instructor/dashboard, the signed-in
 * person's own sessions): confirmed sessions to come (the next few listed), sessions taught this
 * UTC month, and this month's earnings from bookings, lesson packages and the feedback credits of
 * the courses one teaches — the sellers' ledger rows of BOOKING, PACKAGE and FEEDBACK_CREDITS lines
 * (decisions 0032, 0070), sales less refunds, before and after the platform fee.
 * And the takes waiting for their feedback in the courses they teach (a running total per course,
 * decision 0070).
 */

export const NEXT_SESSIONS = 5;

/** The order lines whose sales are an instructor's own earnings: sessions, packages, feedback credits. */
const EARNING_KINDS = sql.join(
  (['BOOKING', 'PACKAGE', 'FEEDBACK_CREDITS'] as const).map((kind) => sql`${kind}`),
  sql`, `,
);

export async function instructorDashboard(db: Db, userId: number, now = new Date()): Promise<InstructorDashboard> {
  const nowIso = now.toISOString();
  const month = nowIso.slice(0, 7);
  const [[counts], next] = await db.batch([
    db.all<{ upcoming: number; taught: number; gross: number; net: number; packages: number; feedback: number }>(sql`SELECT
      (SELECT count(*) FROM bookings WHERE instructor_id = ${userId} AND status = 'confirmed' AND starts_at > ${nowIso}) AS upcoming,
      (SELECT count(*) FROM bookings WHERE instructor_id = ${userId} AND status = 'confirmed' AND ends_at <= ${nowIso} AND substr(starts_at, 1, 7) = ${month}) AS taught,
      (SELECT coalesce(sum(l.gross_cents), 0) FROM seller_ledger l JOIN order_items oi ON oi.id = l.order_item_id
        WHERE l.seller_id = ${userId} AND l.type IN ('sale', 'refund') AND oi.kind IN (${EARNING_KINDS}) AND substr(l.created_at, 1, 7) = ${month}) AS gross,
      (SELECT coalesce(sum(l.net_cents), 0) FROM seller_ledger l JOIN order_items oi ON oi.id = l.order_item_id
        WHERE l.seller_id = ${userId} AND l.type IN ('sale', 'refund') AND oi.kind IN (${EARNING_KINDS}) AND substr(l.created_at, 1, 7) = ${month}) AS net,
      (SELECT count(*) FROM seller_ledger l JOIN order_items oi ON oi.id = l.order_item_id
        WHERE l.seller_id = ${userId} AND l.type = 'sale' AND oi.kind = 'PACKAGE' AND substr(l.created_at, 1, 7) = ${month}) AS packages,
      (SELECT coalesce(sum(s.value), 0) FROM courses c JOIN stat_totals s ON s.metric = 'feedback.waiting:' || c.id AND s.day = ''
        WHERE c.instructor_id = ${userId}) AS feedback`),
    db.all<{ id: number; number: string; title: string; startsAt: string; first: string | null; last: string | null; username: string }>(sql`SELECT b.id, b.number, b.title,
        b.starts_at AS startsAt, u.first_name AS first, u.last_name AS last, u.username
      FROM bookings b JOIN users u ON u.id = b.user_id
      WHERE b.instructor_id = ${userId} AND b.status = 'confirmed' AND b.starts_at > ${nowIso}
      ORDER BY b.starts_at, b.id LIMIT ${NEXT_SESSIONS}`),
  ]);
  const c = counts!;
  return {
    month,
    bookings: {
      upcoming: Number(c.upcoming),
      taught_this_month: Number(c.taught),
      next: next.map((b) => ({
        id: Number(b.id),
        number: b.number,
        title: b.title,
        starts_at: b.startsAt,
        learner: [b.first, b.last].filter((p) => p && p.trim()).join(' ') || b.username,
      })),
    },
    earnings: { month_gross_cents: Number(c.gross), month_net_cents: Number(c.net), packages_sold: Number(c.packages) },
    feedback_waiting: Number(c.feedback),
  };
}
