import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Running totals for the dashboards (decision 0039): one row per metric and UTC day ('YYYY-MM-DD'),
 * or per metric with day '' for a figure over all time. Database triggers (migrations 0014 to 0019) keep
 * them in the same transaction as every write to the tables they sum, whoever writes; a dashboard
 * reads a few hundred of these rows instead of counting a million. `npm run db:rebuild-derived`
 * recounts them from the source tables.
 *
 * Metrics by day: `users.new`, `orders.paid` (orders by the day they were paid), `orders.created`
 * and `orders.created:{status}` (orders by the day they were made, all and per status now),
 * `audit.created` and `audit.created:{action}` (audit entries by day, all and per action),
 * `revenue.{KIND}`
 * (an order line's total less its share of the order's refunds, on the order's paid day; a
 * subscription invoice's amount paid less its refunds, on its paid day), `refunds.cents`
 * (succeeded refunds by the day they were asked for), `bookings.confirmed_start` and
 * `bookings.confirmed_end` (confirmed sessions by the day they start and end),
 * `bookings.cancelled` (by the day of cancellation).
 * Metrics over all time: `users.total`, `users.active`, `orders.pending`, `bookings.total`, `role.{NAME}` (holders
 * of a role), `sub.{n|paying|mrr|canceling|canceling_mrr}:{plan id}:{status}` (the subscription
 * figures of services/subscriptions/stats.ts per plan and status), `instructor.learners:{id}`,
 * `course.completions:{id}` and `course.lessons_done:{id}` (the instructor dashboard's, decision 0077).
 */
export const statTotals = sqliteTable(
  'stat_totals',
  {
    metric: text('metric').notNull(),
    day: text('day').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day] })],
);

export type StatTotalRow = typeof statTotals.$inferSelect;

/**
 * Each resource's gross from sales net of refunds, all time (the store's top resources), kept by
 * the seller ledger's triggers (migration 0017); a row once a resource has sold. Its index gives
 * the order of the top list.
 */
export const resourceRevenue = sqliteTable(
  'resource_revenue',
  {
    resourceId: integer('resource_id').primaryKey(),
    revenueCents: integer('revenue_cents').notNull().default(0),
  },
  (t) => [index('resource_revenue_order_idx').on(t.revenueCents)],
);
