import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  subscriptionInvoices,
  subscriptionPlans,
  subscriptions,
  type PlanKeyName,
  type SubscriptionInvoiceRow,
  type SubscriptionRow,
} from '../../db/schema/subscriptions.ts';
import type { Db } from '../../worker/src/platform/db.ts';

/**
 * Subscriptions and invoices written straight into the tables, for the tests that read them
 * (the admin's list and figures); the engine's own tests go through checkout and events.
 */

export async function planIdOf(db: Db, key: PlanKeyName): Promise<number> {
  const [row] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.key, key));
  if (!row) throw new Error(`No plan ${key}`);
  return row.id;
}

export interface SubscriptionRowOptions extends Partial<Omit<typeof subscriptions.$inferInsert, 'userId' | 'planId'>> {
  plan?: PlanKeyName;
}

const DAY = 86_400_000;

/** A subscription of the user on a plan (educator monthly, active, at the plan's price, a period from now by default). */
export async function insertSubscription(db: Db, userId: number, options: SubscriptionRowOptions = {}): Promise<SubscriptionRow> {
  const { plan = 'educator', ...rest } = options;
  const [planRow] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, plan));
  if (!planRow) throw new Error(`No plan ${plan}`);
  const interval = rest.interval ?? 'month';
  const now = Date.now();
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId: planRow.id,
      interval,
      status: 'active',
      priceCents: interval === 'year' ? planRow.yearlyPriceCents : planRow.monthlyPriceCents,
      currentPeriodStart: new Date(now - DAY).toISOString(),
      currentPeriodEnd: new Date(now + (interval === 'year' ? 364 : 29) * DAY).toISOString(),
      provider: 'test',
      providerSubscriptionId: `sub_test_${randomBytes(8).toString('hex')}`,
      ...rest,
    })
    .returning();
  return row!;
}

/** A paid invoice of a subscription (its price, paid now) unless told otherwise. */
export async function insertInvoice(
  db: Db,
  sub: SubscriptionRow,
  options: Partial<typeof subscriptionInvoices.$inferInsert> = {},
): Promise<SubscriptionInvoiceRow> {
  const [row] = await db
    .insert(subscriptionInvoices)
    .values({
      subscriptionId: sub.id,
      userId: sub.userId,
      providerInvoiceId: `in_test_${randomBytes(8).toString('hex')}`,
      number: `DRX-INV-${randomBytes(3).toString('hex').toUpperCase()}`,
      status: 'paid',
      billingReason: 'subscription_cycle',
      amountDueCents: sub.priceCents,
      amountPaidCents: sub.priceCents,
      lines: JSON.stringify([{ description: 'Subscription', amountCents: sub.priceCents }]),
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      paidAt: new Date().toISOString(),
      providerCreated: Math.floor(Date.now() / 1000),
      ...options,
    })
    .returning();
  return row!;
}
