import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { statTotals } from '../../../../db/schema/stat-totals.ts';
import { SUBSCRIPTION_STATUSES, subscriptionPlans, type SubscriptionStatus } from '../../../../db/schema/subscriptions.ts';
import type { Db } from '../../platform/db.ts';
import type { PlanStats, SubscriptionStats } from '../../../../shared/subscriptions/stats.ts';

/**
 * The subscription figures of the admin dashboard and /admin/subscriptions, all from the
 * database.
 *
 * Monthly recurring revenue (MRR) counts the subscriptions that pay: status `active` or
 * `past_due` (a failed renewal is still owed and retried) with a price above 0. Each adds the
 * price it pays (subscriptions.price_cents, which stays what the subscriber agreed to when the
 * plan's price later moves): a monthly one its price, a yearly one its price / 12 rounded to the
 * cent (half up), so the per-plan figures add up to the total. A subscription cancelled at the
 * period end still pays until then and counts; it is also counted in `canceling` with its share
 * in `canceling_mrr_cents`. Trials pay nothing yet: they are counted apart and not in MRR.
 */

const emptyStatuses = (): Record<SubscriptionStatus, number> =>
  Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<SubscriptionStatus, number>;

type SubMetric = 'n' | 'paying' | 'mrr' | 'canceling' | 'canceling_mrr';
type SubRow = { plan_id: number; status: SubscriptionStatus } & Record<SubMetric, number>;

/**
 * The figures per plan and status come from the running totals the database keeps as
 * subscriptions change (`sub.{figure}:{plan id}:{status}` in stat_totals, decision 0039): a few
 * rows whatever the number of subscriptions.
 */
export async function subscriptionStats(db: Db): Promise<SubscriptionStats> {
  const [plans, totals] = await db.batch([
    db
      .select({ id: subscriptionPlans.id, key: subscriptionPlans.key, name: subscriptionPlans.name, level: subscriptionPlans.level, active: subscriptionPlans.active })
      .from(subscriptionPlans)
      .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.level)),
    db
      .select({ metric: statTotals.metric, value: statTotals.value })
      .from(statTotals)
      .where(and(eq(statTotals.day, ''), gte(statTotals.metric, 'sub.'), lt(statTotals.metric, 'sub/'))),
  ]);
  const rowsByKey = new Map<string, SubRow>();
  for (const { metric, value } of totals) {
    const [figure, planId, status] = metric.slice('sub.'.length).split(':') as [SubMetric, string, SubscriptionStatus];
    const key = `${planId}:${status}`;
    const row = rowsByKey.get(key) ?? { plan_id: Number(planId), status, n: 0, paying: 0, mrr: 0, canceling: 0, canceling_mrr: 0 };
    row[figure] = Number(value);
    rowsByKey.set(key, row);
  }
  const rows = [...rowsByKey.values()];
  const byPlan = new Map<number, PlanStats>(
    plans.map((p) => [
      Number(p.id),
      {
        id: Number(p.id),
        key: p.key,
        name: p.name,
        level: Number(p.level),
        active_plan: p.active,
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
