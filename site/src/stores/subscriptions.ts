import { atom, computed } from 'nanostores';
import type { ChangePreview, PlanView, SubscriptionView } from '../../../shared/subscriptions/views.ts';
import { ApiError } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type KeyAnswer } from '../lib/api-client.ts';
import { currentSubscription, priceCents, type BillingInterval, type PlanCardData } from '../lib/subscription-plans.ts';
import { queryLayer } from './query-lazy.ts';
import type { Loadable } from './query.ts';

/**
 * Plans and the signed-in user's subscriptions (decision 0031), for the islands that
 * choose or change a plan: the /subscription page, the upgrade dialog, the upgrade pages and
 * Manage Subscription. Reads go through the query layer (decision 0018), loaded on the first read
 * so a guest's public page does not carry it. Islands useStore these atoms and call the actions.
 */

export type { ChangePreview, PlanView, SubscriptionView };

export const PLANS_KEY = keyOf(api.subscriptions.plans);
export const SUBSCRIPTIONS_KEY = keyOf(api.subscriptions.user);

/** The active plans, by level (GET /api/subscriptions/plans, public). */
export const $plans = atom<Loadable<PlanView[]>>({ status: 'idle' });
/** The signed-in user's subscriptions, newest first (GET /api/subscriptions/user; stale after 2 minutes). */
export const $subscriptions = atom<Loadable<SubscriptionView[]>>({ status: 'idle' });
/** The current subscription (active or trialing, not past its end), null when none or not read yet. */
export const $currentSubscription = computed($subscriptions, (s) => ('data' in s ? currentSubscription(s.data) : null));

const messageOf = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.message : 'Please check your connection and try again.');

/** Reads the plans (again when `force`, e.g. after a price changed under the visitor). */
export async function loadPlans(force = false): Promise<PlanView[]> {
  const q = await queryLayer();
  if (force) q.invalidate(PLANS_KEY);
  const answer = await q.bind<KeyAnswer<typeof PLANS_KEY>, Loadable<PlanView[]>>($plans, PLANS_KEY, (v) =>
    q.toLoad<KeyAnswer<typeof PLANS_KEY>, Loadable<PlanView[]>>(
      v,
      (data) => ({ status: 'ready', data: [...data].sort((a, b) => a.level - b.level) }),
      (err) => ({ status: 'error', message: messageOf(err) }),
      () => ({ status: 'loading' }),
    ),
  );
  if (!answer.ok) throw answer.error;
  return answer.data;
}

/** Reads the signed-in user's subscriptions (again when `force`: after a checkout or a change). */
export async function loadSubscriptions(force = false): Promise<SubscriptionView[]> {
  const q = await queryLayer();
  if (force) q.invalidate(SUBSCRIPTIONS_KEY);
  const answer = await q.bind<KeyAnswer<typeof SUBSCRIPTIONS_KEY>, Loadable<SubscriptionView[]>>(
    $subscriptions,
    SUBSCRIPTIONS_KEY,
    (v) =>
      q.toLoad<KeyAnswer<typeof SUBSCRIPTIONS_KEY>, Loadable<SubscriptionView[]>>(
        v,
        (data) => ({ status: 'ready', data }),
        (err) => ({ status: 'error', message: messageOf(err) }),
        () => ({ status: 'loading' }),
      ),
    q.SUBSCRIPTION_SETTINGS,
  );
  if (!answer.ok) throw answer.error;
  return answer.data;
}

/** A subscription or the account changed: every read of them (and /api/me's subscription fields) is stale. */
async function subscriptionChanged(): Promise<void> {
  const q = await queryLayer();
  q.invalidate((key: string) => key === SUBSCRIPTIONS_KEY || key === keyOf(api.me) || key.startsWith('/api/subscriptions/invoices') || key.startsWith('/api/features'));
}

export type CheckoutFailure =
  /** 409 with a price that is no longer the plan's: the plans are read again. */
  | { kind: 'price-changed'; message: string }
  /** 409: the account has a current subscription; the change flow is the way (decision 0031). */
  | { kind: 'subscribed'; message: string }
  | { kind: 'failed'; message: string };

const PRICE_CHANGED = /price/i;

/**
 * Starts a subscription checkout (decision 0031): GET /api/subscriptions/checkout with the
 * bearer token and `Accept: application/json`, which answers `{ checkoutUrl }`; the browser then
 * leaves for the payment page. Answers a failure to show (the plans are read again when a price
 * changed), or never returns while the page is left.
 */
export async function startCheckout(plan: PlanCardData, interval: BillingInterval, go: (url: string) => void = (url) => location.assign(url)): Promise<CheckoutFailure | null> {
  try {
    const query = { plan: plan.key, interval, price: String(priceCents(plan, interval) / 100) };
    const { checkoutUrl } = await call(api.subscriptions.checkout.$get({ query }, { headers: { accept: 'application/json' } }));
    go(checkoutUrl);
    return null;
  } catch (err) {
    const message = messageOf(err);
    if (err instanceof ApiError && err.status === 409) {
      if (PRICE_CHANGED.test(message)) {
        await loadPlans(true).catch(() => undefined);
        return { kind: 'price-changed', message };
      }
      return { kind: 'subscribed', message };
    }
    return { kind: 'failed', message };
  }
}

export const previewKey = (plan: string, interval: BillingInterval) => keyOf(api.subscriptions.change.preview, { query: { plan, interval } });

/** What changing to a plan and interval would do now: the proration, or the date it takes effect. */
export async function previewChange(plan: string, interval: BillingInterval): Promise<ChangePreview> {
  const q = await queryLayer();
  const key = previewKey(plan, interval);
  // The amounts move with time: read afresh each time the page asks.
  q.invalidate(key);
  return q.read<KeyAnswer<typeof key>>(key, { dedupeTime: 0 });
}

/**
 * POST /api/subscriptions/change: an upgrade now (prorated), a downgrade or a switch to monthly at
 * the period end. Answers the subscription and the change made (`{ subscription, change }`).
 */
export async function changePlan(plan: string, interval: BillingInterval): Promise<Answer<typeof api.subscriptions.change.$post>> {
  const sub = await call(api.subscriptions.change.$post({ json: { plan, interval } }));
  await subscriptionChanged();
  return sub;
}

/** After a checkout returned: the subscriptions and the account are read again. */
export async function refreshSubscriptions(): Promise<SubscriptionView[]> {
  await subscriptionChanged();
  return loadSubscriptions(true);
}
