import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './commerce.ts';
import { users } from './users.ts';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Plans and subscriptions (decision 0031). The four plans are rows (seeded by
 * migration 0009, edited at /admin/subscription-plans); a subscription is the provider's
 * subscription as its verified events last described it; an invoice is one charge of it.
 */

/** The four plans, by key: their level is free 0, educator 10, premium 20, royalty 30. */
export const PLAN_KEYS = ['free', 'educator', 'premium', 'royalty'] as const;
export const BILLING_INTERVALS = ['month', 'year'] as const;
/**
 * Stripe's subscription statuses, kept as the provider sends them. ACTIVE and TRIALING count as
 * the current subscription; `canceled` and `incomplete_expired` are ended.
 */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;

/** One feature line of a plan card: its text and whether the plan includes it. */
export interface PlanFeature {
  text: string;
  included: boolean;
}

export const subscriptionPlans = sqliteTable(
  'subscription_plans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key', { enum: PLAN_KEYS }).notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    description: text('description').notNull().default(''),
    monthlyPriceCents: integer('monthly_price_cents').notNull().default(0),
    yearlyPriceCents: integer('yearly_price_cents').notNull().default(0),
    /** JSON array of PlanFeature. */
    features: text('features').notNull().default('[]'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Stripe's product and prices once synced (keys set); a price change makes new prices. */
    stripeProductId: text('stripe_product_id'),
    stripeMonthlyPriceId: text('stripe_monthly_price_id'),
    stripeYearlyPriceId: text('stripe_yearly_price_id'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('subscription_plans_key_unique').on(t.key),
    check('subscription_plans_prices_check', sql`${t.monthlyPriceCents} >= 0 AND ${t.yearlyPriceCents} >= 0`),
  ],
);

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    /** Price per interval when the subscription last changed (cents); the plan's own may move later. */
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    trialStart: text('trial_start'),
    trialEnd: text('trial_end'),
    currentPeriodStart: text('current_period_start'),
    currentPeriodEnd: text('current_period_end'),
    canceledAt: text('canceled_at'),
    endedAt: text('ended_at'),
    /** A downgrade or a switch to monthly waits for the period end (decision 0031). */
    scheduledPlanId: integer('scheduled_plan_id').references(() => subscriptionPlans.id),
    scheduledInterval: text('scheduled_interval', { enum: BILLING_INTERVALS }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    /** The checkout order that started it (a pending payment of type subscription until paid). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The `created` (seconds) of the newest provider event applied: an older one changes nothing. */
    providerUpdated: integer('provider_updated').notNull().default(0),
    /** Test provider only: the card's last four digits (4000…0341 pays once, then every renewal fails). */
    testCardLast4: text('test_card_last4'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_unique').on(t.providerSubscriptionId),
    // A user's subscriptions, newest first.
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_status_idx').on(t.status),
    // The admin's list, newest first: all, by status, by plan.
    index('subscriptions_created_idx').on(t.createdAt),
    index('subscriptions_status_created_idx').on(t.status, t.createdAt),
    index('subscriptions_plan_created_idx').on(t.planId, t.createdAt),
  ],
);

export const subscriptionInvoices = sqliteTable(
  'subscription_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    /** Invoice number shown on the receipt (DRX-INV-… for the test provider, Stripe's own otherwise). */
    number: text('number'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    /** subscription_create, subscription_cycle, subscription_update, manual. */
    billingReason: text('billing_reason'),
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** JSON array of { description, amountCents } (a proration has a credit line and a charge line). */
    lines: text('lines').notNull().default('[]'),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    providerPaymentIntentId: text('provider_payment_intent_id'),
    providerChargeId: text('provider_charge_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    paidAt: text('paid_at'),
    failureReason: text('failure_reason'),
    providerCreated: integer('provider_created').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('subscription_invoices_provider_unique').on(t.providerInvoiceId),
    index('subscription_invoices_subscription_idx').on(t.subscriptionId),
    index('subscription_invoices_user_idx').on(t.userId),
  ],
);

export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInvoiceRow = typeof subscriptionInvoices.$inferSelect;
export type PlanKeyName = (typeof PLAN_KEYS)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The public plans answer and /subscription show the plans (decision 0031). */
export const subscriptionsVersionTriggers = versionTriggers({ table: subscriptionPlans, scopes: ['plans'], events: ALL_WRITES });
