import { sql } from 'drizzle-orm';
import { dashboardAreaKeys, type AreaKey } from '../../domain/dashboard-areas.ts';
import type { Db } from '../../platform/db.ts';
import { balanceSql } from '../store/seller-money.ts';
import { windowOf } from '../../../../shared/dashboards/window.ts';
import type { AreaSummary, AreaFigure } from '../../../../shared/dashboards/areas.ts';

const count = (label: string, value: unknown): AreaFigure => ({ label, value: Number(value ?? 0), unit: 'count' });
const cents = (label: string, value: unknown): AreaFigure => ({ label, value: Number(value ?? 0), unit: 'cents' });

export async function areaSummaries(db: Db, user: { id: number; roles: readonly string[] }, now = new Date()): Promise<{ areas: AreaSummary[] }> {
  const keys = dashboardAreaKeys(user.roles);
  const nowIso = now.toISOString();
  // The last 30 days, today included, as the admin dashboard counts them.
  const since30 = windowOf(30, now).from;
  const id = user.id;
  const [row] = await db.all<Record<string, number>>(sql`SELECT
    (SELECT count(*) FROM enrollments WHERE user_id = ${id} AND completed_at IS NULL) AS learning,
    (SELECT count(*) FROM bookings WHERE user_id = ${id} AND status = 'confirmed' AND starts_at > ${nowIso}) AS booked,
    (SELECT count(*) FROM courses WHERE instructor_id = ${id}) AS courses,
    (SELECT coalesce(sum(enrollment_count), 0) FROM courses WHERE instructor_id = ${id}) AS students,
    (SELECT count(*) FROM bookings WHERE instructor_id = ${id} AND status = 'confirmed' AND starts_at > ${nowIso}) AS teaching,
    (SELECT count(*) FROM resources WHERE seller_id = ${id} AND status = 'published') AS published,
    ${keys.includes('seller') || keys.includes('bookings') ? balanceSql(id) : sql`0`} AS balance,
    (SELECT count(*) FROM resources WHERE status = 'submitted') AS awaiting,
    (SELECT coalesce(sum(value), 0) FROM stat_totals WHERE metric = 'users.total' AND day = '') AS users,
    (SELECT coalesce(sum(value), 0) FROM stat_totals WHERE metric = 'orders.paid' AND day >= ${since30}) AS orders30`);
  const r = row ?? {};
  const figures: Record<AreaKey, AreaFigure[]> = {
    learner: [count('Courses in progress', r.learning), count('Upcoming bookings', r.booked)],
    instructor: [count('Courses', r.courses), count('Enrolments', r.students)],
    bookings: [count('Upcoming sessions', r.teaching), cents('Balance', r.balance)],
    seller: [count('Published resources', r.published), cents('Balance', r.balance)],
    curriculum: [count('Resources awaiting review', r.awaiting)],
    admin: [count('Users', r.users), count('Orders paid (30 days)', r.orders30)],
  };
  return { areas: keys.map((key) => ({ key, figures: figures[key] })) };
}
