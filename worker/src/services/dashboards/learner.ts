import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { listMyEnrollments } from '../enrolment.ts';
import type { LearnerDashboard } from '../../../../shared/dashboards/learner.ts';

/**
 * /dashboard/user's figures (GET /api/me/dashboard): the signed-in person's courses (in progress
 * with their progress, completed), certificates, purchases, upcoming bookings and plan, all read
 * from the database. Lists are short (the newest few); each figure links to its own page.
 */

export const DASHBOARD_LIST = 5;

export async function learnerDashboard(db: Db, userId: number, now = new Date()): Promise<LearnerDashboard> {
  const nowIso = now.toISOString();
  const [enrolled, [batchCounts, certs, orders, bookings, plans]] = await Promise.all([
    listMyEnrollments(db, userId),
    db.batch([
      db.all<{ certificates: number; orders: number; spent: number; resources: number; upcoming: number }>(sql`SELECT
        (SELECT count(*) FROM certificates WHERE user_id = ${userId} AND revoked_at IS NULL) AS certificates,
        (SELECT count(*) FROM orders WHERE user_id = ${userId} AND paid_at IS NOT NULL) AS orders,
        (SELECT coalesce(sum(total_cents - refunded_cents), 0) FROM orders WHERE user_id = ${userId} AND paid_at IS NOT NULL) AS spent,
        (SELECT count(*) FROM resource_ownerships WHERE user_id = ${userId}) AS resources,
        (SELECT count(*) FROM bookings WHERE user_id = ${userId} AND status = 'confirmed' AND starts_at > ${nowIso}) AS upcoming`),
      db.all<{ id: number; code: string; title: string; issuedAt: string }>(sql`SELECT c.id, c.code, co.title, c.issued_at AS issuedAt
        FROM certificates c JOIN courses co ON co.id = c.course_id
        WHERE c.user_id = ${userId} AND c.revoked_at IS NULL ORDER BY c.issued_at DESC, c.id DESC LIMIT ${DASHBOARD_LIST}`),
      db.all<{ id: number; number: string; description: string; total: number; paidAt: string }>(sql`SELECT id, number, description, total_cents AS total, paid_at AS paidAt
        FROM orders WHERE user_id = ${userId} AND paid_at IS NOT NULL ORDER BY paid_at DESC, id DESC LIMIT ${DASHBOARD_LIST}`),
      db.all<{ id: number; number: string; title: string; startsAt: string; first: string | null; last: string | null; username: string }>(sql`SELECT b.id, b.number, b.title,
          b.starts_at AS startsAt, u.first_name AS first, u.last_name AS last, u.username
        FROM bookings b JOIN users u ON u.id = b.instructor_id
        WHERE b.user_id = ${userId} AND b.status = 'confirmed' AND b.starts_at > ${nowIso}
        ORDER BY b.starts_at, b.id LIMIT ${DASHBOARD_LIST}`),
      db.all<{ key: string; name: string; status: string; interval: string; periodEnd: string | null; cancel: number }>(sql`SELECT p.key, p.name, s.status, s.interval,
          s.current_period_end AS periodEnd, s.cancel_at_period_end AS cancel
        FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
        WHERE s.user_id = ${userId} AND s.ended_at IS NULL AND s.status IN ('trialing', 'active', 'past_due', 'unpaid', 'paused')
        ORDER BY s.created_at DESC, s.id DESC LIMIT 1`),
    ]),
  ]);
  const counts = batchCounts[0]!;
  const inProgress = enrolled.filter((e) => !e.completed);
  const plan = plans[0];
  return {
    courses: {
      enrolled: enrolled.length,
      in_progress: inProgress.length,
      completed: enrolled.length - inProgress.length,
      continue: inProgress.slice(0, DASHBOARD_LIST).map((e) => ({
        enrollment_id: e.id,
        course: { id: e.course.id, title: e.course.title },
        progress_percent: e.progress_percent,
        completed_lessons: e.completed_lessons,
        total_lessons: e.total_lessons,
        resume_lesson_id: e.resume_lesson_id,
      })),
    },
    certificates: {
      count: Number(counts.certificates),
      latest: certs.map((c) => ({ id: Number(c.id), code: c.code, course_title: c.title, issued_at: c.issuedAt })),
    },
    purchases: {
      orders: Number(counts.orders),
      resources: Number(counts.resources),
      spent_cents: Number(counts.spent),
      latest: orders.map((o) => ({ id: Number(o.id), number: o.number, description: o.description, total_cents: Number(o.total), paid_at: o.paidAt })),
    },
    bookings: {
      upcoming: Number(counts.upcoming),
      next: bookings.map((b) => ({
        id: Number(b.id),
        number: b.number,
        title: b.title,
        starts_at: b.startsAt,
        instructor: [b.first, b.last].filter((p) => p && p.trim()).join(' ') || b.username,
      })),
    },
    plan: plan
      ? {
          key: plan.key,
          name: plan.name,
          status: plan.status,
          interval: plan.interval,
          current_period_end: plan.periodEnd,
          cancel_at_period_end: Number(plan.cancel) === 1,
        }
      : null,
  };
}
