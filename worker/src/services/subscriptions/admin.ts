import { and, asc, desc, eq, gte, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { statTotals } from '../../../../db/schema/stat-totals.ts';
import {
  subscriptionInvoices,
  subscriptionPlans,
  subscriptions,
  type SubscriptionInvoiceRow,
  type SubscriptionPlanRow,
  type SubscriptionRow,
} from '../../../../db/schema/subscriptions.ts';
import { users } from '../../../../db/schema/users.ts';
import { formatUsd } from '../../domain/orders.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { NOTHING_TO_CHANGE, planProblems } from '../../domain/plan-rules.ts';
import type { AdminSubscriptionsQuery, PlanChanges } from '../../schemas/subscriptions-admin.ts';
import { after, orderOf, readKeysetPage, type ListOrder, type Position } from '../keyset.ts';
import { escapeLike, indexable, personMatches } from '../people-search.ts';
import { audited, auditedAround, type AuditActor } from '../audit.ts';
import { providerNameOf } from '../payments/provider.ts';
import { ALREADY_ENDED, cancelSubscription, INVOICE_NOT_FOUND, INVOICE_NOT_REFUNDABLE, refundInvoice, SUBSCRIPTION_NOT_FOUND } from './manage.ts';
import { plansById, toPlanView } from './plans.ts';
import { toInvoiceView, toSubscriptionView } from './serialize.ts';
import type { AdminPlanView } from '../../../../shared/subscriptions/views.ts';
import type { AdminSubscriber, AdminSubscriptionDetail, AdminSubscriptionPage, AdminSubscriptionRow } from '../../../../shared/subscriptions/admin.ts';
import { fieldWords } from '../../domain/audit.ts';

/**
 * The administration of plans and subscriptions (decision 0031): every plan
 * with its subscriber count, a plan's edit, the paged list of every subscription and one with its
 * invoices. A subscription's state is never written here: cancelling and refunding are the
 * engine's (manage.ts), whose provider calls come back as verified events.
 */

export const PLAN_NOT_FOUND = 'Plan not found';
export { ALREADY_ENDED, INVOICE_NOT_FOUND, INVOICE_NOT_REFUNDABLE, SUBSCRIPTION_NOT_FOUND };

/** Statuses of a live subscription: it holds (or is about to lose) its plan. */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due'] as const;

const liveCount = sql<number>`(SELECT count(*) FROM subscriptions s WHERE s.plan_id = "subscription_plans"."id" AND s.status IN ('trialing', 'active', 'past_due'))`;

function adminPlanView(row: SubscriptionPlanRow, subscribers: number): AdminPlanView {
  return {
    ...toPlanView(row),
    stripe_product_id: row.stripeProductId,
    stripe_monthly_price_id: row.stripeMonthlyPriceId,
    stripe_yearly_price_id: row.stripeYearlyPriceId,
    subscriber_count: Number(subscribers),
    updated_at: row.updatedAt,
  };
}

/** Every plan, inactive ones too, in their order, with their live subscriptions. */
export async function listAdminPlans(db: Db): Promise<AdminPlanView[]> {
  const rows = await db
    .select({ plan: subscriptionPlans, subscribers: liveCount })
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.level));
  return rows.map((r) => adminPlanView(r.plan, r.subscribers));
}

export async function getAdminPlan(db: Db, id: number): Promise<AdminPlanView> {
  const [row] = await db.select({ plan: subscriptionPlans, subscribers: liveCount }).from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  if (!row) throw notFound(PLAN_NOT_FOUND);
  return adminPlanView(row.plan, row.subscribers);
}

export interface PlanUpdate {
  before: SubscriptionPlanRow;
  after: SubscriptionPlanRow;
  /** A price moved: with Stripe keys the plan needs new Stripe prices (they are immutable). */
  pricesChanged: boolean;
}

/**
 * Writes an admin's change of a plan after checking the rules that span fields on the merged
 * plan (schemas/subscriptions-admin.ts). The `plans` content version moves by trigger, so the
 * public plans answer and /subscription show the change at once. Running subscriptions keep the
 * price they pay (subscriptions.price_cents).
 */
export async function updatePlan(db: Db, actor: AuditActor, id: number, changes: PlanChanges): Promise<PlanUpdate> {
  const [before] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  if (!before) throw notFound(PLAN_NOT_FOUND);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as PlanChanges;
  if (Object.keys(set).length === 0) throw new AppError(400, NOTHING_TO_CHANGE);
  const merged = {
    key: before.key,
    monthlyPriceCents: set.monthlyPriceCents ?? before.monthlyPriceCents,
    yearlyPriceCents: set.yearlyPriceCents ?? before.yearlyPriceCents,
    active: set.active ?? before.active,
  };
  const problems = planProblems(merged);
  const first = Object.values(problems)[0]?.[0];
  if (first) throw new AppError(400, first, { validationErrors: problems });

  const summary = `Changed the ${before.name} plan (${fieldWords(Object.keys(set))}).`;
  const [, updatedRows] = await db.batch(
    audited(db, actor, { action: 'subscription_plan.update', table: subscriptionPlans, id, summary }, [
      db
        .update(subscriptionPlans)
        .set({
          ...(set.name !== undefined && { name: set.name }),
          ...(set.description !== undefined && { description: set.description }),
          ...(set.monthlyPriceCents !== undefined && { monthlyPriceCents: set.monthlyPriceCents }),
          ...(set.yearlyPriceCents !== undefined && { yearlyPriceCents: set.yearlyPriceCents }),
          ...(set.features !== undefined && {
            features: JSON.stringify(set.features.map(({ text, included }) => ({ text, included }))),
          }),
          ...(set.active !== undefined && { active: set.active }),
          updatedAt: sqlNow,
        })
        .where(eq(subscriptionPlans.id, id))
        .returning(),
    ]),
  );
  const [after] = updatedRows as SubscriptionPlanRow[];
  if (!after) throw notFound(PLAN_NOT_FOUND);
  return {
    before,
    after,
    pricesChanged: after.monthlyPriceCents !== before.monthlyPriceCents || after.yearlyPriceCents !== before.yearlyPriceCents,
  };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions list

const subscriberColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email };

function subscriberOf(row: { id: number; username: string; firstName: string; lastName: string; email: string | null }): AdminSubscriber {
  return { id: row.id, username: row.username, name: `${row.firstName} ${row.lastName}`.trim() || row.username, email: row.email };
}

function whereOf(query: Omit<AdminSubscriptionsQuery, 'page' | 'pageSize' | 'after' | 'before'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.plan) conditions.push(eq(subscriptionPlans.key, query.plan));
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  if (query.interval) conditions.push(eq(subscriptions.interval, query.interval));
  if (query.q?.startsWith('sub_')) {
    // The provider's subscription id, or its beginning: a range of its unique index.
    conditions.push(and(gte(subscriptions.providerSubscriptionId, query.q), lt(subscriptions.providerSubscriptionId, `${query.q}~`)));
  } else if (query.q && indexable(query.q)) {
    // The subscriber, through the people search's index (decision 0046).
    conditions.push(personMatches(subscriptions.userId, query.q));
  } else if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const like = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      or(
        like(users.username),
        like(users.email),
        like(users.firstName),
        like(users.lastName),
        like(sql`${users.firstName} || ' ' || ${users.lastName}`),
        like(subscriptions.providerSubscriptionId),
      ),
    );
  }
  return and(...conditions);
}

async function adminRows(db: Db, rows: { sub: SubscriptionRow; user: Parameters<typeof subscriberOf>[0] }[]): Promise<AdminSubscriptionRow[]> {
  const plans = await plansById(
    db,
    rows.flatMap(({ sub }) => (sub.scheduledPlanId ? [sub.planId, sub.scheduledPlanId] : [sub.planId])),
  );
  const now = Date.now();
  return rows.map(({ sub, user }) => ({
    ...toSubscriptionView(sub, plans, now),
    user: subscriberOf(user),
    provider_subscription_id: sub.providerSubscriptionId,
  }));
}

const ORDER: ListOrder = { key: subscriptions.createdAt, id: subscriptions.id, direction: 'desc' };

/**
 * Every subscription, newest first, filtered by plan, status, interval and a search of the
 * subscriber; a page by number or next to one already shown (decision 0045).
 */
export async function listAdminSubscriptions(db: Db, query: AdminSubscriptionsQuery): Promise<AdminSubscriptionPage> {
  const where = whereOf(query);
  const page = await readKeysetPage(query, {
    order: ORDER,
    read: ({ bound, reversed, limit, offset }) =>
      db
        .select({ sub: subscriptions, user: subscriberColumns })
        .from(subscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(and(where, bound))
        .orderBy(...orderOf(ORDER, reversed))
        .limit(limit)
        .offset(offset),
    positionOf: (row) => [row.sub.createdAt, row.sub.id],
    total: async () => Number((await totalOf(db, query, where))[0]?.n ?? 0),
  });
  return { data: await adminRows(db, page.rows), total: page.total, page: page.page, pageSize: query.pageSize, next: page.next, prev: page.prev };
}

/**
 * How many subscriptions match: by plan and status, the running totals per plan and status
 * (`sub.n:{plan}:{status}` in stat_totals, decision 0039) answer in a few rows; an interval or a
 * search counts what it matches.
 */
function totalOf(db: Db, query: Omit<AdminSubscriptionsQuery, 'page' | 'pageSize' | 'after' | 'before'>, where: SQL | undefined) {
  if (query.interval || query.q) {
    return db
      .select({ n: sql<number>`count(*)` })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where);
  }
  return db
    .select({ n: sql<number>`coalesce(sum(${statTotals.value}), 0)` })
    .from(statTotals)
    .where(
      and(
        eq(statTotals.day, ''),
        gte(statTotals.metric, 'sub.n:'),
        lt(statTotals.metric, 'sub.n;'),
        query.plan ? sql`${statTotals.metric} LIKE 'sub.n:' || (SELECT ${subscriptionPlans.id} FROM ${subscriptionPlans} WHERE ${subscriptionPlans.key} = ${query.plan}) || ':%'` : undefined,
        query.status ? sql`${statTotals.metric} LIKE ${`sub.n:%:${query.status}`}` : undefined,
      ),
    );
}

/** How many subscriptions the list's filters select (the export checks it before reading any row). */
export async function countAdminSubscriptions(db: Db, filters: Omit<AdminSubscriptionsQuery, 'page' | 'pageSize' | 'after' | 'before'>): Promise<number> {
  const [row] = await totalOf(db, filters, whereOf(filters));
  return Number(row?.n ?? 0);
}

/** Up to `limit` subscriptions the list's filters select after `position`, in the list's order: a page of the CSV export. */
export async function adminSubscriptionsAfter(
  db: Db,
  filters: Omit<AdminSubscriptionsQuery, 'page' | 'pageSize' | 'after' | 'before'>,
  position: Position | undefined,
  limit: number,
): Promise<AdminSubscriptionRow[]> {
  const rows = await db
    .select({ sub: subscriptions, user: subscriberColumns })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(whereOf(filters), after(subscriptions.createdAt, subscriptions.id, position)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit);
  return adminRows(db, rows);
}

// ---------------------------------------------------------------------------------------------
// One subscription: its detail with the invoices, and the admin's cancel and refund

export const ALREADY_CANCELING = 'This subscription is already set to cancel at the end of its period.';
export const NOT_RENEWING = 'Only a trialing, active or past-due subscription can be set to cancel at the end of its period; cancel it now instead.';
export const NOTHING_TO_REFUND = 'This subscription has no paid invoice left to refund.';
export const PROVIDER_NOT_IN_USE = 'This subscription was made with another payment provider than the one in use; manage it there.';
export const refundTooLarge = (cents: number) => `At most ${formatUsd(cents)} can be refunded on this invoice.`;

export const refundableOf = (inv: Pick<SubscriptionInvoiceRow, 'status' | 'amountPaidCents' | 'refundedCents'>) =>
  inv.status === 'paid' ? Math.max(0, inv.amountPaidCents - inv.refundedCents) : 0;

async function invoicesOf(db: Db, subscriptionId: number): Promise<SubscriptionInvoiceRow[]> {
  return db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionInvoices.providerCreated), desc(subscriptionInvoices.id));
}

async function subscriptionRow(db: Db, id: number) {
  const [row] = await db
    .select({ sub: subscriptions, user: subscriberColumns })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.id, id));
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return row;
}

export async function getAdminSubscription(platform: Platform, id: number): Promise<AdminSubscriptionDetail> {
  const row = await subscriptionRow(platform.db, id);
  const [[view], invoices] = await Promise.all([adminRows(platform.db, [row]), invoicesOf(platform.db, id)]);
  return {
    ...view!,
    provider_customer_id: row.sub.providerCustomerId,
    manageable: row.sub.provider === providerNameOf(platform.env),
    invoices: invoices.map((inv) => ({ ...toInvoiceView(inv), refundable_cents: refundableOf(inv), provider_invoice_id: inv.providerInvoiceId })),
  };
}

const hasEnded = (sub: SubscriptionRow) => sub.endedAt !== null || sub.status === 'canceled' || sub.status === 'incomplete_expired';

/** The subscription, if the provider in use can act on it and it has not ended. */
async function manageableSubscription(platform: Platform, id: number): Promise<SubscriptionRow> {
  const { sub } = await subscriptionRow(platform.db, id);
  if (sub.provider !== providerNameOf(platform.env)) throw conflict(PROVIDER_NOT_IN_USE);
  return sub;
}

/**
 * Cancels a subscription for its subscriber, through the engine: at the period end (access kept
 * until then) or now. Refused (409) when it has ended, is already set to cancel, or cannot
 * renew (an unpaid checkout is cancelled now).
 */
export async function adminCancelSubscription(platform: Platform, actor: AuditActor, id: number, atPeriodEnd: boolean): Promise<AdminSubscriptionDetail> {
  const sub = await manageableSubscription(platform, id);
  if (hasEnded(sub)) throw conflict(ALREADY_ENDED);
  if (atPeriodEnd && !(LIVE_STATUSES as readonly string[]).includes(sub.status)) throw conflict(NOT_RENEWING);
  if (atPeriodEnd && sub.cancelAtPeriodEnd) throw conflict(ALREADY_CANCELING);
  const summary = `Cancelled subscription #${id} of user #${sub.userId} ${atPeriodEnd ? 'at the end of its period' : 'now'}.`;
  await auditedAround(platform.db, actor, { action: 'subscription.cancel', table: subscriptions, id, summary }, () => cancelSubscription(platform, id, { atPeriodEnd }));
  return getAdminSubscription(platform, id);
}

/**
 * Refunds a paid invoice of the subscription through the engine (by default its newest with
 * something left; all that is left unless an amount is given), and with `cancel` then ends the
 * subscription at once. The invoice's refunded amount follows the provider's event.
 */
export async function adminRefundSubscription(
  platform: Platform,
  actor: AuditActor,
  id: number,
  input: { invoiceId?: number; amountCents?: number; cancel?: boolean },
): Promise<AdminSubscriptionDetail> {
  const sub = await manageableSubscription(platform, id);
  const invoices = await invoicesOf(platform.db, id);
  let invoice: SubscriptionInvoiceRow | undefined;
  if (input.invoiceId !== undefined) {
    invoice = invoices.find((i) => i.id === input.invoiceId);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (refundableOf(invoice) <= 0) throw conflict(INVOICE_NOT_REFUNDABLE);
  } else {
    invoice = invoices.find((i) => refundableOf(i) > 0);
    if (!invoice) throw conflict(NOTHING_TO_REFUND);
  }
  const refundable = refundableOf(invoice);
  if (input.amountCents !== undefined && input.amountCents > refundable) {
    throw badRequest(refundTooLarge(refundable), { amountCents: [refundTooLarge(refundable)] });
  }
  if (input.cancel && hasEnded(sub)) throw conflict(ALREADY_ENDED);
  const amount = input.amountCents ?? refundable;
  const summary = `Refunded ${formatUsd(amount)} of invoice #${invoice.id} of subscription #${id}${input.cancel ? ' and cancelled it now' : ''}.`;
  await auditedAround(platform.db, actor, { action: 'subscription.refund', table: subscriptions, id, summary }, async () => {
    await refundInvoice(platform, invoice.id, input.amountCents ?? null);
    if (input.cancel) await cancelSubscription(platform, id, { atPeriodEnd: false });
  });
  return getAdminSubscription(platform, id);
}
