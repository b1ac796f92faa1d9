import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { SubscriptionView } from '../../shared/subscriptions/views.ts';
import type { TestApp } from './test-app.ts';

/** Subscriptions through the API as a user makes them (test provider): checkout, then the hosted page's payment. */

export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const FAILING_RENEWAL_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' };

const auth = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, accept: 'application/json', ...extra });

/** GET /api/subscriptions/checkout as the island calls it. */
export function checkout(t: TestApp, token: string, plan: string, interval: string, price?: string) {
  const q = new URLSearchParams({ plan, interval, ...(price !== undefined ? { price } : {}) });
  return t.request(`/api/subscriptions/checkout?${q.toString()}`, { headers: auth(token) });
}

/** Checkout and pay on the test provider's hosted page; answers the user's newest subscription. */
export async function subscribe(t: TestApp, token: string, plan = 'educator', interval = 'month', card = TEST_CARD): Promise<SubscriptionView> {
  const res = await checkout(t, token, plan, interval);
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const { sessionId } = (await res.json()) as { sessionId: string };
  const paid = await t.json('POST', `/api/payments/test-checkout/${encodeURIComponent(sessionId)}/pay`, card, token);
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${await paid.text()}`);
  const list = (await (await t.json('GET', '/api/subscriptions/user', undefined, token)).json()) as SubscriptionView[];
  return list[0]!;
}

/** POST /api/subscriptions/test-clock. */
export function advance(t: TestApp, token: string, body: { subscriptionId?: number; days?: number; to?: string }) {
  return t.json('POST', '/api/subscriptions/test-clock', body, token);
}

export async function userColumns(t: TestApp, userId: number) {
  const [row] = await t.db
    .select({ tier: users.subscriptionTier, plan: users.subscriptionPlan, status: users.subscriptionStatus, expiresAt: users.subscriptionExpiresAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

export async function subscriptionRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}
