import { atom, computed } from 'nanostores';
import type { BillingInterval } from '../../../db/schema/subscriptions.ts';
import type { ChangePreview, InvoiceView, SubscriptionView } from '../../../shared/subscriptions/views.ts';
import { CANCELLATION_FAILED, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { billingDate, managedSubscription } from '../lib/subscription-status.ts';
import { loadUser } from './auth.ts';
import { bind, invalidate, startingWith, toLoadable, type Loadable } from './query.ts';
import { $subscriptions, changePlan, loadSubscriptions, previewChange as readChangePreview } from './subscriptions.ts';
import { toast } from './toasts.ts';

/**
 * Billing management of the signed-in user (/profile/manage and its receipts, decision 0031): the
 * subscription, its invoices, and the actions on it — cancel and resume, a switch of interval with
 * its preview, keeping the current plan over a scheduled change, and Stripe's billing portal.
 */

export type { ChangePreview, InvoiceView, SubscriptionView };

export const BILLING_KEYS = {
  subscriptions: keyOf(api.subscriptions.user),
  invoices: keyOf(api.subscriptions.invoices),
  invoice: (id: number) => keyOf(api.subscriptions.invoices[':id'], { param: { id: String(id) } }),
} as const;

const listOf = <T>(raw: { data: T[] } | T[]): T[] => (Array.isArray(raw) ? raw : raw.data);

const INVOICES_LOAD_FAILED = 'Your invoices could not be loaded. Please try again.';

// ---------- the subscription ----------

/**
 * My subscriptions are read by the plans' store (GET /api/subscriptions/user, one query for the
 * upgrade dialog and this page); the one /profile/manage shows is a running subscription, else the
 * last that ended, else none (free).
 */
export const $mySubscriptions = $subscriptions;
export const $managedSubscription = computed($subscriptions, (state) => ('data' in state && state.data ? managedSubscription(state.data) : null));

export async function loadMySubscriptions(force = false): Promise<void> {
  await loadSubscriptions(force).catch(() => undefined);
}

// ---------- invoices ----------

/** GET /api/subscriptions/invoices: my invoices, newest first. */
export const $myInvoices = atom<Loadable<InvoiceView[]>>({ status: 'idle' });

export async function loadMyInvoices(): Promise<void> {
  await bind<KeyAnswer<typeof BILLING_KEYS.invoices>, Loadable<InvoiceView[]>>($myInvoices, BILLING_KEYS.invoices, (v) =>
    toLoadable(v, listOf, () => INVOICES_LOAD_FAILED),
  );
}

export type InvoiceLoad = { status: 'loading' } | { status: 'ready'; data: InvoiceView } | { status: 'not-found' } | { status: 'error'; message: string };

/** One invoice of mine, for its printable receipt. */
export const $invoice = atom<InvoiceLoad>({ status: 'loading' });

/** The invoice id of /profile/manage/invoices/{id}. */
export function invoiceIdOf(path: string): number | null {
  const m = /^\/profile\/manage\/invoices\/(\d+)\/?$/.exec(path);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /api/subscriptions/invoices/:id (mine; anyone else's answers 404). */
export async function loadInvoice(id: number | null): Promise<void> {
  if (id === null) {
    $invoice.set({ status: 'not-found' });
    return;
  }
  $invoice.set({ status: 'loading' });
  try {
    $invoice.set({ status: 'ready', data: await call(api.subscriptions.invoices[':id'].$get({ param: { id: String(id) } })) });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 403)) $invoice.set({ status: 'not-found' });
    else $invoice.set({ status: 'error', message: 'This receipt could not be loaded. Please try again.' });
  }
}

// ---------- actions ----------

export type BillingAction = 'cancel' | 'resume' | 'change' | 'keep' | 'portal' | 'preview';

/** The action under way (its buttons are disabled meanwhile). */
export const $billingBusy = atom<BillingAction | null>(null);

async function busy<T>(action: BillingAction, run: () => Promise<T>): Promise<T> {
  $billingBusy.set(action);
  try {
    return await run();
  } finally {
    $billingBusy.set(null);
  }
}

/**
 * After a change: the subscription, its invoices and the user's plan on /api/me (which opens or
 * closes the gates) are read again.
 */
async function refreshBilling(): Promise<void> {
  invalidate(startingWith('/api/subscriptions'));
  await Promise.all([loadMySubscriptions(true), loadMyInvoices(), loadUser(true).catch(() => null)]);
}

function failureToast(err: unknown): void {
  const { title, message } = describeError(err);
  toast({ title, description: message, variant: 'destructive' });
}

/** POST /api/subscriptions/cancel: cancels at the period end. On failure the destructive error toast. */
export async function cancelSubscription(): Promise<boolean> {
  return busy('cancel', async () => {
    try {
      const sub = await call(api.subscriptions.cancel.$post());
      const until = billingDate(sub.current_period_end);
      toast({
        title: 'Subscription cancelled',
        description: until ? `You keep access until ${until}.` : 'You keep access until the end of the billing period.',
      });
      await refreshBilling();
      return true;
    } catch {
      toast({ title: CANCELLATION_FAILED.title, description: CANCELLATION_FAILED.message, variant: 'destructive' });
      return false;
    }
  });
}

/** POST /api/subscriptions/resume: a subscription cancelled at the period end renews again. */
export async function resumeSubscription(): Promise<boolean> {
  return busy('resume', async () => {
    try {
      await call(api.subscriptions.resume.$post());
      toast({ title: 'Subscription resumed', description: 'Your subscription will renew as before.' });
      await refreshBilling();
      return true;
    } catch (err) {
      failureToast(err);
      return false;
    }
  });
}

/** The preview of a change being considered (shown before it is confirmed). */
export const $changePreview = atom<Loadable<ChangePreview>>({ status: 'idle' });

/** GET /api/subscriptions/change/preview?plan=&interval=: what a change would cost and when. */
export async function previewChange(plan: PlanKey, interval: BillingInterval): Promise<void> {
  $changePreview.set({ status: 'loading' });
  try {
    $changePreview.set({ status: 'ready', data: await readChangePreview(plan, interval) });
  } catch (err) {
    $changePreview.set({ status: 'error', message: err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : describeError(err).title });
  }
}

export function clearChangePreview(): void {
  $changePreview.set({ status: 'idle' });
}

/**
 * POST /api/subscriptions/change: an upgrade or monthly → yearly applies at once (prorated), a
 * downgrade or yearly → monthly at the period end.
 */
export async function changeSubscription(plan: PlanKey, interval: BillingInterval, effective: ChangePreview['effective']): Promise<boolean> {
  return busy('change', async () => {
    try {
      await changePlan(plan, interval);
      toast({
        title: effective === 'now' ? 'Subscription changed' : 'Change scheduled',
        description: effective === 'now' ? 'Your new billing applies from today.' : 'It takes effect at the end of the current billing period.',
      });
      clearChangePreview();
      await refreshBilling();
      return true;
    } catch (err) {
      failureToast(err);
      return false;
    }
  });
}

/** POST /api/subscriptions/change/cancel-scheduled: "Keep current plan" over a scheduled change. */
export async function keepCurrentPlan(): Promise<boolean> {
  return busy('keep', async () => {
    try {
      await call(api.subscriptions.change['cancel-scheduled'].$post());
      toast({ title: 'Scheduled change cancelled', description: 'You keep your current plan.' });
      await refreshBilling();
      return true;
    } catch (err) {
      failureToast(err);
      return false;
    }
  });
}

/** POST /api/subscriptions/portal (Stripe only): leaves for Stripe's billing portal. */
export async function openBillingPortal(): Promise<void> {
  await busy('portal', async () => {
    try {
      const res = await call(api.subscriptions.portal.$post());
      location.assign(res.url);
    } catch (err) {
      failureToast(err);
    }
  });
}
