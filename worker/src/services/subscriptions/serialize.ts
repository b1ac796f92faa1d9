import { desc, eq } from 'drizzle-orm';
import { subscriptionInvoices, subscriptions, type SubscriptionInvoiceRow, type SubscriptionPlanRow, type SubscriptionRow } from '../../../../db/schema/subscriptions.ts';
import { subscriptionIsActive } from '../../domain/subscriptions.ts';
import type { Db } from '../../platform/db.ts';
import { planRef, plansById } from './plans.ts';
import type { InvoiceLineView, InvoiceView, SubscriptionView } from '../../../../shared/subscriptions/views.ts';

/** Rows as the answer shapes of views.ts. */

/** The date a subscription stops giving access when it will not renew (as the user's column). */
export function expiresAtOf(row: Pick<SubscriptionRow, 'endedAt' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>): string | null {
  return row.endedAt ?? (row.cancelAtPeriodEnd ? row.currentPeriodEnd : null);
}

export function toSubscriptionView(row: SubscriptionRow, plans: Map<number, SubscriptionPlanRow>, now = Date.now()): SubscriptionView {
  const plan = plans.get(row.planId);
  const scheduledPlan = row.scheduledPlanId ? plans.get(row.scheduledPlanId) : undefined;
  return {
    id: row.id,
    is_active: row.endedAt === null && subscriptionIsActive({ subscription_status: row.status, subscription_expires_at: expiresAtOf(row) }, now),
    status: row.status,
    plan: plan ? planRef(plan) : { id: row.planId, name: 'Unknown plan', tier: 'free', level: 0 },
    interval: row.interval,
    price_cents: row.priceCents,
    currency: row.currency,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    trial_start: row.trialStart,
    trial_end: row.trialEnd,
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    canceled_at: row.canceledAt,
    ended_at: row.endedAt,
    scheduled_change: scheduledPlan && row.scheduledInterval ? { plan: planRef(scheduledPlan), interval: row.scheduledInterval, effective_at: row.currentPeriodEnd } : null,
    provider: row.provider,
    created_at: row.createdAt,
  };
}

export async function subscriptionViews(db: Db, rows: SubscriptionRow[]): Promise<SubscriptionView[]> {
  const plans = await plansById(
    db,
    rows.flatMap((r) => (r.scheduledPlanId ? [r.planId, r.scheduledPlanId] : [r.planId])),
  );
  return rows.map((r) => toSubscriptionView(r, plans));
}

/** A user's subscriptions, newest first. */
export async function userSubscriptionRows(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

function linesOf(json: string): InvoiceLineView[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.map((l: { description?: unknown; amountCents?: unknown }) => ({ description: String(l.description ?? ''), amount_cents: Number(l.amountCents ?? 0) }));
  } catch {
    return [];
  }
}

export function toInvoiceView(row: SubscriptionInvoiceRow): InvoiceView {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    number: row.number,
    status: row.status,
    billing_reason: row.billingReason,
    amount_due_cents: row.amountDueCents,
    amount_paid_cents: row.amountPaidCents,
    refunded_cents: row.refundedCents,
    currency: row.currency,
    lines: linesOf(row.lines),
    period_start: row.periodStart,
    period_end: row.periodEnd,
    paid_at: row.paidAt,
    failure_reason: row.failureReason,
    created_at: row.createdAt,
    receipt_url: `/profile/manage/invoices/${row.id}`,
    hosted_invoice_url: row.hostedInvoiceUrl,
  };
}

export async function userInvoiceRows(db: Db, userId: number): Promise<SubscriptionInvoiceRow[]> {
  return db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.userId, userId))
    .orderBy(desc(subscriptionInvoices.providerCreated), desc(subscriptionInvoices.id));
}
