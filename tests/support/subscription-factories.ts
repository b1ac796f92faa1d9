import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { subscriptionInvoices, subscriptionPlans, subscriptions, users, type BillingInterval, type SubscriptionRow, type SubscriptionStatus } from '../../db/schema/index.ts';
import { PLAN_NAMES, type PlanKey } from '../../worker/src/domain/subscriptions.ts';
import type { Db } from '../../worker/src/platform/db.ts';

/**
 * Plans for test users (decision 0031): a test-provider subscription row, its first invoice when it
 * was paid, and the user's subscription columns (tier, status, expiry) as the webhooks would leave them — written in one batch, so a
 * test's user holds a plan the way a subscriber does.
 */

const DAY = 24 * 60 * 60 * 1000;

export interface PlanOptions {
  /** active by default; trialing, past_due, canceled… as the provider says. */
  status?: SubscriptionStatus;
  interval?: BillingInterval;
  /** Cancelled at the period end: access until then (subscription_expires_at = the period end). */
  cancelAtPeriodEnd?: boolean;
  /** The current period's end (ISO); 30 days from now by default (a year for yearly). */
  periodEnd?: string;
  /** The user's subscription_tier, when it is an older tier name (NOBILITY, basic_seller…) rather than the plan key. */
  tier?: string;
}

export interface GivenPlan {
  subscription: SubscriptionRow;
  tier: string;
  status: SubscriptionStatus;
  expiresAt: string | null;
}

/** Gives the user a plan: `givePlan(db, user.id, 'educator')` makes them an active Educator subscriber. */
export async function givePlan(db: Db, userId: number, plan: PlanKey, options: PlanOptions = {}): Promise<GivenPlan> {
  const [planRow] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, plan));
  if (!planRow) throw new Error(`No plan ${plan}`);
  const status = options.status ?? 'active';
  const interval = options.interval ?? 'month';
  const now = Date.now();
  const periodEnd = options.periodEnd ?? new Date(now + (interval === 'year' ? 365 : 30) * DAY).toISOString();
  const periodStart = new Date(Date.parse(periodEnd) - (interval === 'year' ? 365 : 30) * DAY).toISOString();
  const ended = status === 'canceled' || status === 'incomplete_expired';
  const priceCents = interval === 'year' ? planRow.yearlyPriceCents : planRow.monthlyPriceCents;
  const expiresAt = ended ? periodEnd : options.cancelAtPeriodEnd ? periodEnd : null;
  const tier = options.tier ?? plan;
  const id = randomBytes(6).toString('hex');
  const [[subscription]] = await db.batch([
    db
      .insert(subscriptions)
      .values({
        userId,
        planId: planRow.id,
        interval,
        status,
        priceCents,
        cancelAtPeriodEnd: options.cancelAtPeriodEnd ?? false,
        trialStart: status === 'trialing' ? periodStart : null,
        trialEnd: status === 'trialing' ? periodEnd : null,
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        canceledAt: ended || options.cancelAtPeriodEnd ? new Date(now).toISOString() : null,
        endedAt: ended ? periodEnd : null,
        provider: 'test',
        providerSubscriptionId: `sub_test_factory_${id}`,
        providerCustomerId: `cus_test_factory_${userId}`,
        providerUpdated: Math.floor(now / 1000),
      })
      .returning(),
    db
      .update(users)
      .set({ subscriptionTier: tier, subscriptionPlan: `${plan}_${interval === 'year' ? 'yearly' : 'monthly'}`, subscriptionStatus: status, subscriptionExpiresAt: expiresAt })
      .where(eq(users.id, userId)),
  ]);
  if (status !== 'trialing' && status !== 'incomplete' && priceCents > 0) {
    await db.insert(subscriptionInvoices).values({
      subscriptionId: subscription!.id,
      userId,
      providerInvoiceId: `in_test_factory_${id}`,
      number: `DRX-INV-F${id.toUpperCase()}`,
      status: status === 'past_due' || status === 'unpaid' ? 'open' : 'paid',
      billingReason: 'subscription_create',
      amountDueCents: priceCents,
      amountPaidCents: status === 'past_due' || status === 'unpaid' ? 0 : priceCents,
      lines: JSON.stringify([{ description: `${PLAN_NAMES[plan]} (${interval}ly)`, amountCents: priceCents }]),
      periodStart,
      periodEnd,
      paidAt: status === 'past_due' || status === 'unpaid' ? null : periodStart,
      providerCreated: Math.floor(Date.parse(periodStart) / 1000),
    });
  }
  return { subscription: subscription!, tier, status, expiresAt };
}

/** Sets only the user's subscription columns (an imported or older tier with no subscription row). */
export async function setTierColumns(db: Db, userId: number, columns: { tier: string; status?: string | null; expiresAt?: string | null; plan?: string | null }) {
  await db
    .update(users)
    .set({ subscriptionTier: columns.tier, subscriptionStatus: columns.status ?? null, subscriptionExpiresAt: columns.expiresAt ?? null, subscriptionPlan: columns.plan ?? null })
    .where(eq(users.id, userId));
}
