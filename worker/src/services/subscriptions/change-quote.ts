import type { BillingInterval, SubscriptionPlanRow, SubscriptionRow } from '../../../../db/schema/subscriptions.ts';
import { prorationCents } from '../../domain/subscriptions.ts';
import { planPriceCents } from './plans.ts';

/**
 * What a change of plan or interval costs now (decision 0031). Within the same interval Stripe
 * prorates by time (`prorationCents`: credit for the unused old price, the rest of the period at
 * the new price). Monthly → yearly starts a new yearly period now: the unused part of the month is
 * credited against the full yearly price. Inside a trial nothing is charged and the trial goes on.
 */

export const DAY_MS = 86_400_000;

/**
 * The same day of the next month or year (UTC), as Stripe's billing cycle moves: a day the target
 * month does not have is its last day (31 January → 28 or 29 February; 29 February → 28 February).
 */
export function addInterval(ms: number, interval: BillingInterval, count = 1): number {
  const d = new Date(ms);
  const months = interval === 'year' ? 12 * count : count;
  const target = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

export interface ChangeQuote {
  trialing: boolean;
  creditCents: number;
  chargeCents: number;
  dueCents: number;
  newPriceCents: number;
  /** The period after the change (a new one for monthly → yearly outside a trial). */
  periodStart: number;
  periodEnd: number;
}

type QuotedSubscription = Pick<SubscriptionRow, 'status' | 'priceCents' | 'interval' | 'currentPeriodStart' | 'currentPeriodEnd'>;

export function changeQuote(sub: QuotedSubscription, plan: Pick<SubscriptionPlanRow, 'monthlyPriceCents' | 'yearlyPriceCents'>, interval: BillingInterval, now: number): ChangeQuote {
  const trialing = sub.status === 'trialing';
  const periodStart = sub.currentPeriodStart ? Date.parse(sub.currentPeriodStart) : now;
  const periodEnd = sub.currentPeriodEnd ? Date.parse(sub.currentPeriodEnd) : addInterval(now, sub.interval);
  const newPriceCents = planPriceCents(plan, interval);
  if (trialing) return { trialing, creditCents: 0, chargeCents: 0, dueCents: 0, newPriceCents, periodStart, periodEnd };
  if (interval === sub.interval) {
    const p = prorationCents({ oldPriceCents: sub.priceCents, newPriceCents, periodStart, periodEnd, now });
    return { trialing, ...p, newPriceCents, periodStart, periodEnd };
  }
  const unused = prorationCents({ oldPriceCents: sub.priceCents, newPriceCents: 0, periodStart, periodEnd, now });
  return {
    trialing,
    creditCents: unused.creditCents,
    chargeCents: newPriceCents,
    dueCents: Math.max(0, newPriceCents - unused.creditCents),
    newPriceCents,
    periodStart: now,
    periodEnd: addInterval(now, interval),
  };
}
