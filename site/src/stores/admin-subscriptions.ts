import { atom, computed } from 'nanostores';
import {
  FREE_PLAN_ACTIVE,
  MONTHLY_PRICE_MAX_CENTS,
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_TEXT_MAX,
  PLAN_FEATURES_MAX,
  PLAN_FEATURES_MIN,
  PLAN_NAME_MAX,
  planProblems,
  YEARLY_PRICE_MAX_CENTS,
} from '../../../worker/src/domain/plan-rules.ts';
import { PLAN_NAMES } from '../../../worker/src/domain/subscriptions.ts';
import type {
  AdminInvoice,
  AdminSubscriptionDetail,
  AdminSubscriptionPage,
  AdminSubscriptionRow,
} from '../../../shared/subscriptions/admin.ts';
import type { SubscriptionStats } from '../../../shared/subscriptions/stats.ts';
import type { AdminPlanView } from '../../../shared/subscriptions/views.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { parseAmount } from '../lib/currency.ts';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo, type PageToken } from '../lib/keyset-pages.ts';
import { exportHref } from './csv-export.ts';
import { bindLoadable, debounced, EVERY_TIME_SETTINGS, invalidate, loaded, setCached, startingWith, unbind, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The admin's plans and subscriptions (decision 0031): the plans' edit
 * (/admin/subscription-plans), every subscription with its filters, one with its invoices and the
 * cancel and refund actions (/admin/subscriptions), and the figures of the dashboard.
 */

export type { AdminInvoice, AdminPlanView, AdminSubscriptionDetail, AdminSubscriptionPage, AdminSubscriptionRow, SubscriptionStats };

function errorState(error: unknown): { message: string; notFound: boolean } {
  const { title, message } = describeError(error);
  return { message: title === message ? title : `${title}. ${message}`, notFound: error instanceof ApiError && error.status === 404 };
}

/** The API's own message for a refusal, else the generic one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  return describeError(error).title;
}

// ---------------------------------------------------------------------------------------------
// Labels

/** Subscription statuses as the provider names them (db/schema/subscriptions.ts; repeated so the page does not load the schema). */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PLAN_KEYS = ['free', 'educator', 'premium', 'royalty'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Cancelled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired checkout',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

export const statusLabel = (status: string) => STATUS_LABELS[status as SubscriptionStatus] ?? status;

export function statusBadgeClass(status: string): string {
  if (status === 'active') return 'badge badge-success';
  if (status === 'trialing') return 'badge badge-primary';
  if (status === 'past_due' || status === 'incomplete' || status === 'unpaid' || status === 'paused') return 'badge badge-warning';
  return 'badge badge-danger';
}

export const planLabel = (key: string) => PLAN_NAMES[key as PlanKey] ?? key;
export const intervalLabel = (interval: string) => (interval === 'year' ? 'Yearly' : 'Monthly');

const isStatus = (value: string): value is SubscriptionStatus => (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
const isPlan = (value: string): value is PlanKey => (PLAN_KEYS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// Plans

const PLANS_KEY = keyOf(api.admin['subscription-plans']);

export const $adminPlans = atom<Loadable<AdminPlanView[]>>({ status: 'idle' });

export async function loadAdminPlans(): Promise<void> {
  await bindLoadable($adminPlans, PLANS_KEY, { failed: errorState });
}

export interface PlanFeatureRow {
  /** Stable key for the list while lines move. */
  key: number;
  text: string;
  included: boolean;
}

export interface PlanForm {
  name: string;
  description: string;
  /** Dollars as typed. */
  monthly: string;
  yearly: string;
  features: PlanFeatureRow[];
  active: boolean;
}

export type PlanFormErrors = Partial<Record<'name' | 'description' | 'monthly' | 'yearly' | 'features' | 'active', string>> & {
  featureLines?: Record<number, string>;
};

let featureKey = 0;
export const newFeature = (text = '', included = true): PlanFeatureRow => ({ key: ++featureKey, text, included });

const dollarsText = (cents: number) => (cents / 100).toFixed(2);

export function formOfPlan(plan: AdminPlanView): PlanForm {
  return {
    name: plan.name,
    description: plan.description,
    monthly: dollarsText(plan.monthly_price_cents),
    yearly: dollarsText(plan.yearly_price_cents),
    features: plan.features.map((f) => newFeature(f.text, f.included)),
    active: plan.active,
  };
}

/** Cents from a dollar amount as typed ('29', '$29.00', '1,990'); null when it is not an amount of $0 or more with at most two decimals. */
export function centsOfDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const amount = parseAmount(trimmed);
  return amount === null ? null : Math.round(amount * 100);
}

/** The PATCH body of the form, or the problems found before sending it (the server checks again). */
export function planBodyOf(plan: AdminPlanView, form: PlanForm): { body: Record<string, unknown> } | { errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > PLAN_NAME_MAX) errors.name = `Name must be at most ${PLAN_NAME_MAX} characters`;
  if (form.description.trim().length > PLAN_DESCRIPTION_MAX) errors.description = `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`;
  const monthlyPriceCents = centsOfDollars(form.monthly);
  const yearlyPriceCents = centsOfDollars(form.yearly);
  if (monthlyPriceCents === null) errors.monthly = 'Enter a price in dollars, like 29 or 29.00.';
  else if (monthlyPriceCents > MONTHLY_PRICE_MAX_CENTS) errors.monthly = 'Monthly price must be at most $10,000.00';
  if (yearlyPriceCents === null) errors.yearly = 'Enter a price in dollars, like 290 or 290.00.';
  else if (yearlyPriceCents > YEARLY_PRICE_MAX_CENTS) errors.yearly = 'Yearly price must be at most $120,000.00';
  const features = form.features.map((f) => ({ text: f.text.trim(), included: f.included }));
  if (features.length < PLAN_FEATURES_MIN) errors.features = 'A plan needs at least one feature';
  if (features.length > PLAN_FEATURES_MAX) errors.features = `A plan has at most ${PLAN_FEATURES_MAX} features`;
  const lines: Record<number, string> = {};
  features.forEach((f, i) => {
    if (!f.text) lines[i] = 'A feature needs its text';
    else if (f.text.length > PLAN_FEATURE_TEXT_MAX) lines[i] = `A feature must be at most ${PLAN_FEATURE_TEXT_MAX} characters`;
  });
  if (Object.keys(lines).length > 0) errors.featureLines = lines;
  if (monthlyPriceCents !== null && yearlyPriceCents !== null && !errors.monthly && !errors.yearly) {
    const problems = planProblems({ key: plan.key, monthlyPriceCents, yearlyPriceCents, active: form.active });
    if (problems.monthlyPriceCents) errors.monthly = problems.monthlyPriceCents[0];
    if (problems.yearlyPriceCents) errors.yearly = problems.yearlyPriceCents[0];
    if (problems.active) errors.active = problems.active[0];
  } else if (plan.key === 'free' && !form.active) {
    errors.active = FREE_PLAN_ACTIVE;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name, description: form.description.trim(), monthlyPriceCents, yearlyPriceCents, features, active: form.active } };
}

/** Server field names → form field names, for its validation messages. */
function formErrorsOf(validationErrors: Record<string, string[]> | undefined): PlanFormErrors {
  const errors: PlanFormErrors = {};
  for (const [field, messages] of Object.entries(validationErrors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const [head, index] = field.split('.');
    if (head === 'monthlyPriceCents') errors.monthly = message;
    else if (head === 'yearlyPriceCents') errors.yearly = message;
    else if (head === 'features' && index !== undefined) errors.featureLines = { ...errors.featureLines, [Number(index)]: message };
    else if (head === 'name' || head === 'description' || head === 'features' || head === 'active') errors[head] = message;
  }
  return errors;
}

export type SavePlanResult = { ok: true; plan: AdminPlanView; warning: string | null } | { ok: false; message: string; errors: PlanFormErrors };

export async function savePlan(plan: AdminPlanView, form: PlanForm): Promise<SavePlanResult> {
  const checked = planBodyOf(plan, form);
  if ('errors' in checked) return { ok: false, message: 'Please correct the highlighted fields.', errors: checked.errors };
  try {
    const saved = await call(api.admin['subscription-plans'][':id'].$patch({ param: { id: String(plan.id) }, json: checked.body }));
    const { stripe_sync_error: warning, ...view } = saved;
    // the plans shown take the saved one (the write's answer); the other plan reads are stale
    const changed = startingWith(PLANS_KEY, '/api/subscriptions/plans', '/api/admin/subscription-stats');
    const current = loaded($adminPlans.get());
    invalidate(current ? (key) => key !== PLANS_KEY && changed(key) : changed);
    if (current) setCached(PLANS_KEY, current.map((p) => (p.id === view.id ? view : p)));
    toast({
      title: 'Plan saved',
      description: `${view.name}: ${dollarsText(view.monthly_price_cents)} a month, ${dollarsText(view.yearly_price_cents)} a year.`,
      variant: 'default',
    });
    return { ok: true, plan: view, warning };
  } catch (error) {
    return { ok: false, message: failureMessage(error), errors: error instanceof ApiError ? formErrorsOf(error.validationErrors) : {} };
  }
}

export { PLAN_FEATURES_MAX, PLAN_FEATURE_TEXT_MAX, PLAN_NAME_MAX, PLAN_DESCRIPTION_MAX };

// ---------------------------------------------------------------------------------------------
// Subscriptions list

export const SUBSCRIPTIONS_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

export interface SubscriptionsQuery {
  q: string;
  plan: PlanKey | '';
  status: SubscriptionStatus | '';
  page: number;
}

const EMPTY_QUERY: SubscriptionsQuery = { q: '', plan: '', status: '', page: 1 };

export const $subscriptionsQuery = atom<SubscriptionsQuery>(EMPTY_QUERY);
export const $subscriptionsList = atom<Loadable<AdminSubscriptionPage>>({ status: 'idle' });
export const $subscriptionsPageCount = computed($subscriptionsList, (s) =>
  s.status === 'ready' ? Math.max(1, Math.ceil(s.data.total / (s.data.pageSize || SUBSCRIPTIONS_PAGE_SIZE))) : 1,
);
/** The CSV export of the subscriptions the filters select (every page). */
export const $subscriptionsExportHref = computed($subscriptionsQuery, ({ q, plan, status }) =>
  exportHref('/api/admin/subscriptions/export.csv', { q, plan, status }),
);

/** The token of the page asked for, when it is next to the one shown (lib/keyset-pages.ts). */
let pageToken: PageToken | undefined;
const search = debounced(SEARCH_DEBOUNCE_MS);

async function fetchSubscriptions(): Promise<void> {
  const query = $subscriptionsQuery.get();
  const key = keyOf(api.admin.subscriptions, {
    query: {
      q: query.q.trim() || undefined,
      plan: query.plan || undefined,
      status: query.status || undefined,
      ...pageParams(query.page, pageToken),
      pageSize: String(SUBSCRIPTIONS_PAGE_SIZE),
    },
  });
  await bindLoadable($subscriptionsList, key, { failed: errorState });
}

function writeUrl(): void {
  const { q, plan, status, page } = $subscriptionsQuery.get();
  const url = new URL(location.href);
  for (const [key, value] of Object.entries({ q: q.trim(), plan, status, page, ...tokenInAddress(page, pageToken) })) {
    if (value === '' || value === undefined || (key === 'page' && value === 1)) url.searchParams.delete(key);
    else url.searchParams.set(key, String(value));
  }
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Starts the list from the address (?q=, ?plan=, ?status=, ?page=). */
export function initSubscriptionsList(): void {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page'));
  const plan = params.get('plan') ?? '';
  const status = params.get('status') ?? '';
  $subscriptionsQuery.set({
    q: params.get('q') ?? '',
    plan: isPlan(plan) ? plan : '',
    status: isStatus(status) ? status : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  });
  pageToken = tokenFromAddress(params, $subscriptionsQuery.get().page);
  void fetchSubscriptions();
}

export function setSubscriptionsSearch(q: string): void {
  $subscriptionsQuery.set({ ...$subscriptionsQuery.get(), q, page: 1 });
  search.run(() => {
    writeUrl();
    void fetchSubscriptions();
  });
}

export function setSubscriptionsFilter(change: Partial<Pick<SubscriptionsQuery, 'plan' | 'status'>>): void {
  search.cancel();
  $subscriptionsQuery.set({ ...$subscriptionsQuery.get(), ...change, page: 1 });
  writeUrl();
  void fetchSubscriptions();
}

export function setSubscriptionsPage(page: number): void {
  pageToken = tokenTo(page, loaded($subscriptionsList.get()));
  $subscriptionsQuery.set({ ...$subscriptionsQuery.get(), page });
  writeUrl();
  void fetchSubscriptions();
}

export function clearSubscriptionsFilters(): void {
  search.cancel();
  $subscriptionsQuery.set(EMPTY_QUERY);
  writeUrl();
  void fetchSubscriptions();
}

export function reloadSubscriptions(): void {
  void fetchSubscriptions();
}

// ---------------------------------------------------------------------------------------------
// One subscription

export const $subscriptionDetail = atom<Loadable<AdminSubscriptionDetail>>({ status: 'idle' });
export const $subscriptionActionPending = atom(false);

/** The id in /admin/subscriptions/{id}, or 0. */
export function subscriptionIdFromPath(pathname: string): number {
  const match = /^\/admin\/subscriptions\/(\d{1,15})\/?$/.exec(pathname);
  return match ? Number(match[1]) : 0;
}

/** One subscription is read each time it is asked for (its provider's state moves on its own). */
export async function loadSubscriptionDetail(id: number): Promise<void> {
  if (!id) {
    unbind($subscriptionDetail);
    $subscriptionDetail.set({ status: 'error', message: 'Subscription not found', notFound: true });
    return;
  }
  await bindLoadable($subscriptionDetail, keyOf(api.admin.subscriptions[':id'], { param: { id: String(id) } }), { failed: errorState, settings: EVERY_TIME_SETTINGS });
}

async function act(
  send: (param: { id: string }) => Promise<AdminSubscriptionDetail>,
  success: { title: string; description: string },
  failureTitle: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const current = loaded($subscriptionDetail.get());
  if (!current) return { ok: false, message: 'The subscription is not loaded.' };
  $subscriptionActionPending.set(true);
  try {
    const param = { id: String(current.id) };
    const detail = await send(param);
    // the subscription shown is the action's answer; the lists and figures are stale
    const detailKey = keyOf(api.admin.subscriptions[':id'], { param });
    const changed = startingWith('/api/admin/subscriptions', '/api/admin/subscription-stats', '/api/admin/subscription-plans');
    invalidate((key) => key !== detailKey && changed(key));
    setCached(detailKey, detail);
    toast({ ...success, variant: 'default' });
    return { ok: true };
  } catch (error) {
    const message = failureMessage(error);
    toast({ title: failureTitle, description: message, variant: 'destructive' });
    return { ok: false, message };
  } finally {
    $subscriptionActionPending.set(false);
  }
}

export function cancelSubscriptionAsAdmin(atPeriodEnd: boolean) {
  return act(
    (param) => call(api.admin.subscriptions[':id'].cancel.$post({ param, json: { atPeriodEnd } })),
    atPeriodEnd
      ? { title: 'Subscription set to cancel', description: 'It ends at the end of its period; access is kept until then.' }
      : { title: 'Subscription cancelled', description: 'It has ended and its plan’s access is gone.' },
    'Cancellation Failed',
  );
}

export function refundSubscriptionAsAdmin(input: { invoiceId: number; amountCents: number; cancel: boolean }) {
  return act(
    (param) => call(api.admin.subscriptions[':id'].refund.$post({ param, json: input })),
    { title: 'Refund sent', description: input.cancel ? 'The invoice was refunded and the subscription cancelled.' : 'The invoice was refunded.' },
    'Refund failed',
  );
}

// ---------------------------------------------------------------------------------------------
// Figures (dashboard and the subscriptions page)

export const $subscriptionStats = atom<Loadable<SubscriptionStats>>({ status: 'idle' });

export async function loadSubscriptionStats(): Promise<void> {
  await bindLoadable($subscriptionStats, keyOf(api.admin['subscription-stats']), { failed: errorState });
}
