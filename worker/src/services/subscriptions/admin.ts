import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { subscriptionPlans, subscriptions, type SubscriptionPlanRow, type SubscriptionRow } from '../../../../db/schema/subscriptions.ts';
import { users } from '../../../../db/schema/users.ts';
import { subscriptionIsActive } from '../../domain/subscriptions.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { NOTHING_TO_CHANGE, planProblems, type AdminSubscriptionsQuery, type PlanChanges } from '../../schemas/subscriptions-admin.ts';
import { planRef, toPlanView } from './plans.ts';
import type { AdminPlanView, SubscriptionPlanRef } from './views.ts';

/**
 * The administration of plans and subscriptions (issue 11 §1 and §4, decision 0031): every plan
 * with its subscriber count, a plan's edit, and the paged list of every subscription. The
 * subscriptions' state is never written here: cancelling and refunding go through the engine.
 */

export const PLAN_NOT_FOUND = 'Plan not found';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

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
export async function updatePlan(db: Db, id: number, changes: PlanChanges): Promise<PlanUpdate> {
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

  const [after] = await db
    .update(subscriptionPlans)
    .set({
      ...(set.name !== undefined && { name: set.name }),
      ...(set.description !== undefined && { description: set.description }),
      ...(set.monthlyPriceCents !== undefined && { monthlyPriceCents: set.monthlyPriceCents }),
      ...(set.yearlyPriceCents !== undefined && { yearlyPriceCents: set.yearlyPriceCents }),
      ...(set.features !== undefined && { features: JSON.stringify(set.features.map(({ text, included }) => ({ text, included }))) }),
      ...(set.active !== undefined && { active: set.active }),
      updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    })
    .where(eq(subscriptionPlans.id, id))
    .returning();
  if (!after) throw notFound(PLAN_NOT_FOUND);
  return {
    before,
    after,
    pricesChanged: after.monthlyPriceCents !== before.monthlyPriceCents || after.yearlyPriceCents !== before.yearlyPriceCents,
  };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions list

export interface AdminSubscriber {
  id: number;
  username: string;
  name: string;
  email: string | null;
}

export interface AdminSubscriptionRow {
  id: number;
  user: AdminSubscriber;
  plan: SubscriptionPlanRef;
  interval: SubscriptionRow['interval'];
  status: SubscriptionRow['status'];
  /** §4: active or trialing, and not past the end of a cancelled period. */
  is_active: boolean;
  price_cents: number;
  currency: string;
  cancel_at_period_end: boolean;
  trial_end: string | null;
  current_period_end: string | null;
  ended_at: string | null;
  provider: SubscriptionRow['provider'];
  provider_subscription_id: string;
  created_at: string;
}

export interface AdminSubscriptionPage {
  data: AdminSubscriptionRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const subscriberColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email };

export function subscriberOf(row: { id: number; username: string; firstName: string; lastName: string; email: string | null }): AdminSubscriber {
  return { id: row.id, username: row.username, name: `${row.firstName} ${row.lastName}`.trim() || row.username, email: row.email };
}

/** The moment a subscription stops giving access when it will not renew (as the user's columns read it). */
export function endsAtOf(row: Pick<SubscriptionRow, 'endedAt' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>): string | null {
  if (row.endedAt) return row.endedAt;
  return row.cancelAtPeriodEnd ? row.currentPeriodEnd : null;
}

export function isActiveRow(row: SubscriptionRow, now = Date.now()): boolean {
  return subscriptionIsActive({ subscription_status: row.status, subscription_expires_at: endsAtOf(row) }, now);
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function whereOf(query: Omit<AdminSubscriptionsQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.plan) conditions.push(eq(subscriptionPlans.key, query.plan));
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  if (query.interval) conditions.push(eq(subscriptions.interval, query.interval));
  if (query.q) {
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

export function adminSubscriptionRow(sub: SubscriptionRow, plan: SubscriptionPlanRow, user: Parameters<typeof subscriberOf>[0], now = Date.now()): AdminSubscriptionRow {
  return {
    id: sub.id,
    user: subscriberOf(user),
    plan: planRef(plan),
    interval: sub.interval,
    status: sub.status,
    is_active: isActiveRow(sub, now),
    price_cents: sub.priceCents,
    currency: sub.currency,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    trial_end: sub.trialEnd,
    current_period_end: sub.currentPeriodEnd,
    ended_at: sub.endedAt,
    provider: sub.provider,
    provider_subscription_id: sub.providerSubscriptionId,
    created_at: sub.createdAt,
  };
}

/** Every subscription, newest first, filtered by plan, status, interval and a search of the subscriber. */
export async function listAdminSubscriptions(db: Db, query: AdminSubscriptionsQuery): Promise<AdminSubscriptionPage> {
  const where = whereOf(query);
  const [rows, [totalRow]] = await db.batch([
    db
      .select({ sub: subscriptions, plan: subscriptionPlans, user: subscriberColumns })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)` })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where),
  ]);
  const now = Date.now();
  return {
    data: rows.map((r) => adminSubscriptionRow(r.sub, r.plan, r.user, now)),
    total: Number(totalRow?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A subscription's row with its plan and subscriber, or 404. */
export async function subscriptionForAdmin(db: Db, id: number) {
  const [row] = await db
    .select({ sub: subscriptions, plan: subscriptionPlans, user: subscriberColumns })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.id, id));
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return row;
}
