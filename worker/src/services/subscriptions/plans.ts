import { asc, eq, inArray } from 'drizzle-orm';
import { subscriptionPlans, type BillingInterval, type PlanFeature, type SubscriptionPlanRow } from '../../../../db/schema/subscriptions.ts';
import { dollars } from '../../domain/orders.ts';
import { yearlySavingPercent } from '../../domain/subscriptions.ts';
import type { Db } from '../../platform/db.ts';
import type { PlanView, SubscriptionPlanRef } from '../../../../shared/subscriptions/views.ts';

/** The plans (decision 0031): reading them and their answer shape. */

function featuresOf(json: string): PlanFeature[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((f): f is { text: unknown; included: unknown } => !!f && typeof f === 'object')
      .map((f) => ({ text: String(f.text ?? ''), included: f.included === true }))
      .filter((f) => f.text !== '');
  } catch {
    return [];
  }
}

export function toPlanView(row: SubscriptionPlanRow): PlanView {
  return {
    id: row.id,
    key: row.key,
    tier: row.key,
    name: row.name,
    level: row.level,
    description: row.description,
    price: dollars(row.monthlyPriceCents),
    monthlyPrice: dollars(row.monthlyPriceCents),
    yearlyPrice: dollars(row.yearlyPriceCents),
    monthly_price_cents: row.monthlyPriceCents,
    yearly_price_cents: row.yearlyPriceCents,
    yearly_saving_percent: yearlySavingPercent(row.monthlyPriceCents, row.yearlyPriceCents),
    features: featuresOf(row.features),
    active: row.active,
    position: row.position,
  };
}

export const planRef = (row: Pick<SubscriptionPlanRow, 'id' | 'name' | 'key' | 'level'>): SubscriptionPlanRef => ({ id: row.id, name: row.name, tier: row.key, level: row.level });

/** A plan's price for an interval, in cents. */
export const planPriceCents = (plan: Pick<SubscriptionPlanRow, 'monthlyPriceCents' | 'yearlyPriceCents'>, interval: BillingInterval) =>
  interval === 'year' ? plan.yearlyPriceCents : plan.monthlyPriceCents;

/** The active plans in their order (GET /api/subscriptions/plans). */
export async function listActivePlans(db: Db): Promise<PlanView[]> {
  const rows = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.active, true)).orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.level));
  return rows.map(toPlanView);
}

export async function planByKey(db: Db, key: string): Promise<SubscriptionPlanRow | null> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, key as SubscriptionPlanRow['key'])).limit(1);
  return row ?? null;
}

/** Plans by id (the subscriptions' current and scheduled plans). */
export async function plansById(db: Db, ids: number[]): Promise<Map<number, SubscriptionPlanRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function allPlans(db: Db): Promise<SubscriptionPlanRow[]> {
  return db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.position));
}
