import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_STATUSES, type PlanKeyName, type SubscriptionStatus } from '../../../../db/schema/subscriptions.ts';
import type { Db } from '../../platform/db.ts';

/**
 * The subscription figures of the admin dashboard and /admin/subscriptions (issue 11 §4), all
 * from the database.
 *
 * Monthly recurring revenue (MRR) counts the subscriptions that pay: status `active` or
 * `past_due` (a failed renewal is still owed and retried) with a price above 0. Each adds the
 * price it pays (subscriptions.price_cents, which stays what the subscriber agreed to when the
 * plan's price later moves): a monthly one its price, a yearly one its price / 12 rounded to the
 * cent (half up), so the per-plan figures add up to the total. A subscription cancelled at the
 * period end still pays until then and counts; it is also counted in `canceling` with its share
 * in `canceling_mrr_cents`. Trials pay nothing yet: they are counted apart and not in MRR.
 */

export interface PlanStats {
  id: number;
  key: PlanKeyName;
  name: string;
  level: number;
  active_plan: boolean;
  /** Subscriptions that pay (active, past due, price above 0); trials apart. */
  paying: number;
  trialing: number;
  mrr_cents: number;
  /** Every subscription of the plan by status (every status appears, 0 when none). */
  by_status: Record<SubscriptionStatus, number>;
}

export interface SubscriptionStats {
  currency: string;
  mrr_cents: number;
  /** Paying subscriptions (active + past due, price above 0). */
  paying: number;
  trialing: number;
  past_due: number;
  /** Paying subscriptions cancelled at the period end, and their share of MRR. */
  canceling: number;
  canceling_mrr_cents: number;
  /** Every subscription ever started, by status. */
  total: number;
  by_status: Record<SubscriptionStatus, number>;
  plans: PlanStats[];
}

const emptyStatuses = (): Record<SubscriptionStatus, number> =>
  Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<SubscriptionStatus, number>;

/** One subscription's monthly share in cents: monthly as it is, yearly / 12 rounded half up. */
const monthlyShare = sql`CASE s.interval WHEN 'year' THEN (s.price_cents + 6) / 12 ELSE s.price_cents END`;
const pays = sql`s.status IN ('active', 'past_due') AND s.price_cents > 0`;

export async function subscriptionStats(db: Db): Promise<SubscriptionStats> {
  const [plans, rows] = await db.batch([
    db.all<{
      id: number;
      key: PlanKeyName;
      name: string;
      level: number;
      active: number;
    }>(sql`SELECT id, key, name, level, active FROM subscription_plans ORDER BY position, level`),
    db.all<{
      plan_id: number;
      status: SubscriptionStatus;
      n: number;
      paying: number;
      mrr: number;
      canceling: number;
      canceling_mrr: number;
    }>(sql`
      SELECT s.plan_id AS plan_id, s.status AS status, count(*) AS n,
        coalesce(sum(CASE WHEN ${pays} THEN 1 ELSE 0 END), 0) AS paying,
        coalesce(sum(CASE WHEN ${pays} THEN ${monthlyShare} ELSE 0 END), 0) AS mrr,
        coalesce(sum(CASE WHEN ${pays} AND s.cancel_at_period_end = 1 THEN 1 ELSE 0 END), 0) AS canceling,
        coalesce(sum(CASE WHEN ${pays} AND s.cancel_at_period_end = 1 THEN ${monthlyShare} ELSE 0 END), 0) AS canceling_mrr
      FROM subscriptions s GROUP BY s.plan_id, s.status`),
  ]);
  const byPlan = new Map<number, PlanStats>(
    plans.map((p) => [
      Number(p.id),
      {
        id: Number(p.id),
        key: p.key,
        name: p.name,
        level: Number(p.level),
        active_plan: Number(p.active) === 1,
        paying: 0,
        trialing: 0,
        mrr_cents: 0,
        by_status: emptyStatuses(),
      },
    ]),
  );
  const stats: SubscriptionStats = {
    currency: 'usd',
    mrr_cents: 0,
    paying: 0,
    trialing: 0,
    past_due: 0,
    canceling: 0,
    canceling_mrr_cents: 0,
    total: 0,
    by_status: emptyStatuses(),
    plans: [...byPlan.values()],
  };
  for (const row of rows) {
    const n = Number(row.n);
    const plan = byPlan.get(Number(row.plan_id));
    if (plan) {
      plan.by_status[row.status] = (plan.by_status[row.status] ?? 0) + n;
      plan.paying += Number(row.paying);
      plan.mrr_cents += Number(row.mrr);
      if (row.status === 'trialing') plan.trialing += n;
    }
    stats.by_status[row.status] = (stats.by_status[row.status] ?? 0) + n;
    stats.total += n;
    stats.paying += Number(row.paying);
    stats.mrr_cents += Number(row.mrr);
    stats.canceling += Number(row.canceling);
    stats.canceling_mrr_cents += Number(row.canceling_mrr);
  }
  stats.trialing = stats.by_status.trialing;
  stats.past_due = stats.by_status.past_due;
  return stats;
}
