import type { PlanKeyName, SubscriptionStatus } from '../../db/schema/subscriptions.ts';

/** What the API answers and the site reads of worker/src/services/subscriptions/stats.ts (decision 0054). */

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
