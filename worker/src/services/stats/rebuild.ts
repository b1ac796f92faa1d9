import { or, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../../../db/schema/audit.ts';
import { courses } from '../../../../db/schema/courses.ts';
import { enrollments } from '../../../../db/schema/learning.ts';
import { resourceRevenue, statTotals } from '../../../../db/schema/stat-totals.ts';
import { resources } from '../../../../db/schema/store.ts';
import { users } from '../../../../db/schema/users.ts';
import type { Db } from '../../platform/db.ts';
import { auditSearch } from '../audit-log.ts';
import { searchRowsOfUsers, usersSearch } from '../people-search.ts';

/**
 * The running totals of `stat_totals` counted again from the source tables (decision 0039): the
 * same figures the triggers of migrations 0014, 0015, 0017 to 0019, 0022 and 0023 keep, for data written around them (a bulk import,
 * a restored copy) and to prove the triggers right (stats/rebuild.test.ts). One batch, so a reader
 * never sees the table half rebuilt.
 */

const PAID_STATUSES = sql`('paid', 'partially_refunded', 'refunded')`;
const day = (column: SQL) => sql`substr(${column}, 1, 10)`;

/**
 * Each paid order line's total less its share of the order's refunded cents, summed per kind and
 * paid day: the order's refunds are split over its lines in proportion to their totals, the cents
 * left by rounding down going to the largest remainders (ties to the earlier line), so the shares
 * add up to the refund exactly. The triggers split one order the same way.
 */
const orderRevenue = sql`
  SELECT 'revenue.' || kind AS metric, day, sum(net) AS value FROM (
    SELECT kind, day, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
      SELECT kind, day, t, r, base, fl,
        sum(fl) OVER (PARTITION BY order_id) AS sfl,
        row_number() OVER (PARTITION BY order_id ORDER BY rem DESC, id) AS rk
      FROM (
        SELECT oi.id, oi.order_id, oi.kind, oi.total_cents AS t, ${day(sql`o.paid_at`)} AS day,
          max(0, min(o.refunded_cents, o.total_cents)) AS r, b.base,
          CASE WHEN b.base > 0 THEN (max(0, min(o.refunded_cents, o.total_cents)) * max(0, oi.total_cents)) / b.base ELSE 0 END AS fl,
          CASE WHEN b.base > 0 THEN (max(0, min(o.refunded_cents, o.total_cents)) * max(0, oi.total_cents)) % b.base ELSE 0 END AS rem
        FROM orders o
        JOIN order_items oi ON oi.order_id = o.id
        JOIN (SELECT order_id, sum(max(0, total_cents)) AS base FROM order_items GROUP BY order_id) b ON b.order_id = o.id
        WHERE o.paid_at IS NOT NULL AND o.status IN ${PAID_STATUSES})))
  WHERE kind <> 'SUBSCRIPTION' GROUP BY kind, day`;

/** Ledger rows (alias `l`) of an order the provider paid to the seller directly: not the platform's to pay out. */
const paidDirectly = sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id
  AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END)`;
const money = sql`l.type IN ('sale', 'refund')`;

/** A resource the store lists: published, of an approved seller whose account is active. */
const listed = sql`r.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id
  WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)`;

/** The store's listed resources, in all and per facet value (migration 0022). */
export const recountStore = sql`
  SELECT m AS metric, '' AS day, count(*) AS value FROM (
    SELECT 'store.listed' AS m FROM resources r WHERE ${listed}
    UNION ALL SELECT 'store.style:' || r.dance_style FROM resources r WHERE ${listed}
    UNION ALL SELECT 'store.age:' || r.age_group FROM resources r WHERE ${listed}
    UNION ALL SELECT 'store.level:' || r.level FROM resources r WHERE ${listed}
    UNION ALL SELECT 'store.category:' || r.category_id FROM resources r WHERE ${listed} AND r.category_id IS NOT NULL
    UNION ALL SELECT CASE WHEN r.price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END FROM resources r WHERE ${listed})
  GROUP BY m`;

/** The sellers' figures from their ledger: all time per seller, and per day for the store's. */
export const recountLedger = sql`
  SELECT 'seller.sales:' || seller_id AS metric, '' AS day, count(*) AS value FROM seller_ledger l WHERE type = 'sale' GROUP BY seller_id
  UNION ALL SELECT 'seller.gross:' || seller_id, '', sum(gross_cents) FROM seller_ledger l WHERE ${money} GROUP BY seller_id
  UNION ALL SELECT 'seller.net:' || seller_id, '', sum(net_cents) FROM seller_ledger l WHERE ${money} GROUP BY seller_id
  UNION ALL SELECT 'seller.balance:' || seller_id, '', sum(net_cents) FROM seller_ledger l WHERE NOT ${paidDirectly} GROUP BY seller_id
  UNION ALL SELECT 'seller.entries:' || seller_id, '', count(*) FROM seller_ledger l GROUP BY seller_id
  UNION ALL SELECT 'seller.sale_gross:' || seller_id, '', sum(gross_cents) FROM seller_ledger l WHERE type = 'sale' GROUP BY seller_id
  UNION ALL SELECT 'seller.fees:' || seller_id, '', sum(fee_cents) FROM seller_ledger l WHERE ${money} GROUP BY seller_id
  UNION ALL SELECT 'seller.paid_out:' || seller_id, '', -sum(net_cents) FROM seller_ledger l WHERE type = 'payout' GROUP BY seller_id
  UNION ALL SELECT 'ledger.sales', ${day(sql`created_at`)}, count(*) FROM seller_ledger l WHERE type = 'sale' GROUP BY 2
  UNION ALL SELECT 'ledger.gross', ${day(sql`created_at`)}, sum(gross_cents) FROM seller_ledger l WHERE ${money} GROUP BY 2
  UNION ALL SELECT 'ledger.fees', ${day(sql`created_at`)}, sum(fee_cents) FROM seller_ledger l WHERE ${money} GROUP BY 2
  UNION ALL SELECT 'seller.day_sales:' || seller_id, ${day(sql`created_at`)}, count(*) FROM seller_ledger l WHERE type = 'sale' GROUP BY seller_id, 2
  UNION ALL SELECT 'seller.day_gross:' || seller_id, ${day(sql`created_at`)}, sum(gross_cents) FROM seller_ledger l WHERE ${money} GROUP BY seller_id, 2
  UNION ALL SELECT 'seller.day_net:' || seller_id, ${day(sql`created_at`)}, sum(net_cents) FROM seller_ledger l WHERE ${money} GROUP BY seller_id, 2`;

/** A seller's page views and downloads per day (migration 0027; their own downloads do not count). */
export const recountSellerTraffic = sql`
  SELECT 'seller.day_views:' || r.seller_id AS metric, v.day AS day, sum(v.views) AS value FROM resource_views v JOIN resources r ON r.id = v.resource_id GROUP BY r.seller_id, v.day
  UNION ALL SELECT 'seller.day_downloads:' || r.seller_id, ${day(sql`d.created_at`)}, count(*) FROM resource_downloads d JOIN resources r ON r.id = d.resource_id
    WHERE d.user_id IS NULL OR d.user_id <> r.seller_id GROUP BY r.seller_id, 2`;

/**
 * The instructor dashboard's figures (migration 0048, decision 0077): each instructor's distinct
 * learners, each course's completions and the lessons its enrolled learners completed.
 */
export const recountInstructorTotals = sql`
  SELECT 'instructor.learners:' || instructor_id AS metric, '' AS day, count(DISTINCT user_id) AS value FROM enrollments
    WHERE instructor_id IS NOT NULL GROUP BY instructor_id
  UNION ALL SELECT 'course.completions:' || course_id, '', count(*) FROM enrollments WHERE completed_at IS NOT NULL GROUP BY course_id
  UNION ALL SELECT 'course.lessons_done:' || e.course_id, '', count(*) FROM enrollments e
    JOIN lesson_progress lp ON lp.user_id = e.user_id AND lp.course_id = e.course_id GROUP BY e.course_id`;

/** Each enrolment's copy of its course's instructor (the outer `enrollments` named literally), where it differs. */
const courseInstructor = sql<number | null>`(SELECT c.instructor_id FROM courses c WHERE c.id = enrollments.course_id)`;

const pays = sql`(status IN ('active', 'past_due') AND price_cents > 0)`;
const monthlyShare = sql`(CASE interval WHEN 'year' THEN (price_cents + 6) / 12 ELSE price_cents END)`;
const subKey = sql`':' || plan_id || ':' || status`;

/** Every figure of stat_totals as the source tables give it now: (metric, day, value) rows. */
export const recountStatTotals = sql`
  SELECT 'users.total' AS metric, '' AS day, count(*) AS value FROM users
  UNION ALL SELECT 'users.active', '', count(*) FROM users WHERE is_active = 1
  UNION ALL SELECT 'users.new', ${day(sql`created_at`)}, count(*) FROM users GROUP BY 2
  UNION ALL SELECT 'role.' || r.name, '', count(*) FROM user_roles ur JOIN roles r ON r.id = ur.role_id GROUP BY r.id
  UNION ALL SELECT 'orders.pending', '', count(*) FROM orders WHERE status = 'pending'
  UNION ALL SELECT 'orders.paid', ${day(sql`paid_at`)}, count(*) FROM orders WHERE paid_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'orders.created', ${day(sql`created_at`)}, count(*) FROM orders GROUP BY 2
  UNION ALL SELECT 'orders.created:' || status, ${day(sql`created_at`)}, count(*) FROM orders GROUP BY status, 2
  UNION ALL SELECT * FROM (${orderRevenue})
  UNION ALL SELECT 'revenue.SUBSCRIPTION', ${day(sql`paid_at`)}, sum(amount_paid_cents - refunded_cents)
    FROM subscription_invoices WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'refunds.cents', ${day(sql`created_at`)}, sum(amount_cents) FROM refunds WHERE status = 'succeeded' GROUP BY 2
  UNION ALL SELECT 'audit.created', ${day(sql`created_at`)}, count(*) FROM audit_log GROUP BY 2
  UNION ALL SELECT 'audit.created:' || action, ${day(sql`created_at`)}, count(*) FROM audit_log GROUP BY action, 2
  UNION ALL SELECT 'bookings.total', '', count(*) FROM bookings
  UNION ALL SELECT 'bookings.confirmed_start', ${day(sql`starts_at`)}, count(*) FROM bookings WHERE status = 'confirmed' GROUP BY 2
  UNION ALL SELECT 'bookings.confirmed_end', ${day(sql`ends_at`)}, count(*) FROM bookings WHERE status = 'confirmed' GROUP BY 2
  UNION ALL SELECT 'bookings.cancelled', ${day(sql`cancelled_at`)}, count(*) FROM bookings
    WHERE status = 'cancelled' AND cancelled_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'sub.n' || ${subKey}, '', count(*) FROM subscriptions GROUP BY plan_id, status
  UNION ALL SELECT 'sub.paying' || ${subKey}, '', count(*) FROM subscriptions WHERE ${pays} GROUP BY plan_id, status
  UNION ALL SELECT 'sub.mrr' || ${subKey}, '', sum(${monthlyShare}) FROM subscriptions WHERE ${pays} GROUP BY plan_id, status
  UNION ALL SELECT 'sub.canceling' || ${subKey}, '', count(*) FROM subscriptions
    WHERE ${pays} AND cancel_at_period_end = 1 GROUP BY plan_id, status
  UNION ALL SELECT 'sub.canceling_mrr' || ${subKey}, '', sum(${monthlyShare}) FROM subscriptions
    WHERE ${pays} AND cancel_at_period_end = 1 GROUP BY plan_id, status
  UNION ALL SELECT 'feedback.' || status, '', count(*) FROM feedback_requests GROUP BY status
  UNION ALL SELECT 'feedback.' || status || ':' || course_id, '', count(*) FROM feedback_requests GROUP BY status, course_id
  UNION ALL SELECT * FROM (${recountInstructorTotals})
  UNION ALL SELECT * FROM (${recountLedger})
  UNION ALL SELECT * FROM (${recountSellerTraffic})
  UNION ALL SELECT * FROM (${recountStore})`;

/** Each resource's gross net of refunds from the ledger, for every resource that has sold. */
export const recountResourceRevenue = sql`SELECT resource_id, sum(gross_cents) AS revenue_cents FROM seller_ledger
  WHERE resource_id IS NOT NULL AND type IN ('sale', 'refund') GROUP BY resource_id`;

/**
 * Each resource's counters from their sources (the outer `resources` named literally): copies
 * sold (the quantity of every resource line ever fulfilled; a refund does not unsell), downloads,
 * and the count and average of its reviews. Each lookup goes through the source's index on the
 * resource.
 */
export const recountResourceCounters = {
  salesCount: sql<number>`coalesce((SELECT sum(oi.quantity) FROM order_items oi
    WHERE oi.kind = 'RESOURCE' AND oi.item_id = resources.id AND oi.fulfilled_at IS NOT NULL), 0)`,
  downloadCount: sql<number>`(SELECT count(*) FROM resource_downloads d WHERE d.resource_id = resources.id)`,
  ratingCount: sql<number>`(SELECT count(*) FROM resource_reviews rv WHERE rv.resource_id = resources.id)`,
  ratingAverage: sql<number>`coalesce((SELECT round(avg(rv.rating), 2) FROM resource_reviews rv WHERE rv.resource_id = resources.id), 0)`,
};

/** Each course's learners (the outer `courses` named literally: see courses.ts on correlated subqueries). */
const recountEnrollments = sql<number>`(SELECT count(*) FROM enrollments e WHERE e.course_id = courses.id)`;

/** Each course's rating from its shown reviews (decision 0066): their count and the sum of their stars. */
const recountCourseRatings = {
  ratingCount: sql<number>`(SELECT count(*) FROM course_reviews cr WHERE cr.course_id = courses.id AND cr.hidden_at IS NULL)`,
  ratingSum: sql<number>`coalesce((SELECT sum(cr.rating) FROM course_reviews cr WHERE cr.course_id = courses.id AND cr.hidden_at IS NULL), 0)`,
};
/** The average the review writes keep beside the count and the sum: two places, 0 without a review. */
const courseAverage = sql<number>`CASE WHEN ${courses.ratingCount} > 0 THEN round(${courses.ratingSum} * 1.0 / ${courses.ratingCount}, 2) ELSE 0 END`;


/**
 * Replaces every running total (stat_totals, resource_revenue), every enrolment's copy of its
 * course's instructor, every course's learner count and rating, every resource's sales, downloads and rating by its recount, the people search's index by the
 * accounts and the audit log's word index by its entries, in one transaction.
 */
export async function rebuildStatTotals(db: Db): Promise<number> {
  const [, , inserted] = await db.batch([
    // First, as its triggers move the totals the next two statements replace.
    db.update(enrollments).set({ instructorId: courseInstructor }).where(sql`${enrollments.instructorId} IS NOT ${courseInstructor}`),
    db.delete(statTotals),
    db.insert(statTotals).select(sql`SELECT metric, day, value FROM (${recountStatTotals}) WHERE value <> 0`),
    db.delete(resourceRevenue),
    db.insert(resourceRevenue).select(recountResourceRevenue),
    db.update(courses).set({ enrollmentCount: recountEnrollments }).where(sql`${courses.enrollmentCount} <> ${recountEnrollments}`),
    db
      .update(courses)
      .set(recountCourseRatings)
      .where(sql`${courses.ratingCount} <> ${recountCourseRatings.ratingCount} OR ${courses.ratingSum} <> ${recountCourseRatings.ratingSum}`),
    db.update(courses).set({ ratingAverage: courseAverage }).where(sql`${courses.ratingAverage} <> ${courseAverage}`),
    db
      .update(resources)
      .set(recountResourceCounters)
      .where(
        or(
          ...(Object.entries(recountResourceCounters) as [keyof typeof recountResourceCounters, SQL][]).map(([column, recount]) => sql`${resources[column]} IS NOT ${recount}`),
        ),
      ),
    // The people search's trigram index (migration 0025, decision 0046) filled again from `users`.
    db.insert(usersSearch).values({ command: 'delete-all' }),
    db.insert(usersSearch).select(db.select(searchRowsOfUsers).from(users)),
    // The audit log's word index (migration 0029, decision 0048) filled again from `audit_log`.
    db.insert(auditSearch).values({ command: 'delete-all' }),
    db.insert(auditSearch).select(db.select({ rowid: auditLog.id, summary: auditLog.summary, command: sql<string | null>`NULL`.as('audit_search') }).from(auditLog)),
  ]);
  return inserted.rowsAffected;
}
