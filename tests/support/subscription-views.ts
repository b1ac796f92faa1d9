import type { PlanView, SubscriptionView } from '../../shared/subscriptions/views.ts';

/**
 * The API's plan and subscription answers (shared/subscriptions/views.ts) as the site's
 * unit tests feed them to the plans page, the stores and /profile/manage; each test overrides what
 * it is about.
 */

/** A plan as GET /api/subscriptions/plans shows it: its name from its key, no features unless given. */
export function planView(key: PlanView['key'], level: number, monthlyCents: number, yearlyCents: number, over: Partial<PlanView> = {}): PlanView {
  return {
    id: level + 1,
    key,
    tier: key,
    name: key[0]!.toUpperCase() + key.slice(1),
    level,
    description: '',
    price: monthlyCents / 100,
    monthlyPrice: monthlyCents / 100,
    yearlyPrice: yearlyCents / 100,
    monthly_price_cents: monthlyCents,
    yearly_price_cents: yearlyCents,
    yearly_saving_percent: 0,
    features: [],
    active: true,
    position: level,
    ...over,
  };
}

/** A subscription as GET /api/subscriptions/user shows it: Educator yearly, active, from November 1, 2026 to November 1, 2027. */
export function subscriptionView(over: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 1,
    is_active: true,
    status: 'active',
    plan: { id: 2, name: 'Educator', tier: 'educator', level: 10 },
    interval: 'year',
    price_cents: 29000,
    currency: 'usd',
    cancel_at_period_end: false,
    trial_start: null,
    trial_end: null,
    current_period_start: '2026-11-01T00:00:00.000Z',
    current_period_end: '2027-11-01T00:00:00.000Z',
    canceled_at: null,
    ended_at: null,
    scheduled_change: null,
    provider: 'test',
    created_at: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

/** A monthly subscription at $29 on the plan of that tier and level (its plan named by the tier). */
export function monthlySubscriptionOn(tier: PlanView['key'], level: number, over: Partial<SubscriptionView> = {}): SubscriptionView {
  return subscriptionView({ plan: { id: level + 1, name: tier, tier, level }, interval: 'month', price_cents: 2900, ...over });
}
