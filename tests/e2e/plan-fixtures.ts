import type { APIRequestContext } from '@playwright/test';
import { PAYING_CARD } from './commerce-fixtures.ts';
import { DEMO_PASSWORD, expect, uniqueName } from './fixtures.ts';

/**
 * The plans journeys' API setup (decision 0031): fresh accounts, and plans bought as a user buys
 * them — the checkout at the plan's current price (in dollars, as the page sends it), then the test
 * provider's payment (a first subscription starts its 14-day trial, which counts as current).
 */

/** The password of the accounts these helpers register. */
export const FRESH_PASSWORD = 'correct-horse-42';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A fresh account on the free plan, signed in through the API. */
export async function freshAccount(
  request: APIRequestContext,
  prefix: string,
  firstName: string,
  lastName: string | ((username: string) => string),
): Promise<{ username: string; password: string; token: string; id: number }> {
  const username = uniqueName(prefix);
  const password = FRESH_PASSWORD;
  const res = await request.post('/api/register', {
    data: { username, password, first_name: firstName, last_name: typeof lastName === 'function' ? lastName(username) : lastName },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: { id: number } };
  return { username, password, token: await apiToken(request, username, password), id: user.id };
}

/** The plans answer (GET /api/subscriptions/plans), as a list. */
export async function planList<T extends PlanPrices = PlanPrices>(request: APIRequestContext): Promise<T[]> {
  const res = await request.get('/api/subscriptions/plans');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as T[] | { data: T[] };
  return Array.isArray(body) ? body : body.data;
}

/** Starts the plan's checkout at its current price and pays it on the test provider's session. */
export async function payForPlan(
  request: APIRequestContext,
  token: string,
  plan: string,
  interval: 'month' | 'year',
  { card = PAYING_CARD, cardName = 'Plan Holder' }: { card?: string; cardName?: string } = {},
): Promise<void> {
  const row = (await planList(request)).find((p) => p.key === plan);
  expect(row, `plan ${plan}`).toBeTruthy();
  const price = (interval === 'year' ? row!.yearly_price_cents : row!.monthly_price_cents) / 100;
  const checkout = await request.get(`/api/subscriptions/checkout?plan=${plan}&interval=${interval}&price=${price}`, {
    headers: { ...bearer(token), accept: 'application/json' },
  });
  expect(checkout.ok(), await checkout.text()).toBeTruthy();
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const session = new URL(checkoutUrl, 'http://localhost').searchParams.get('session');
  expect(session, 'the test provider names its session').toBeTruthy();
  const paid = await request.post(`/api/payments/test-checkout/${encodeURIComponent(session!)}/pay`, {
    headers: bearer(token),
    data: { cardNumber: card, expiry: '12/34', cvc: '123', name: cardName },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
}

/** A plan for an account a journey creates: paid, then waits until /api/me shows its tier. */
export async function subscribeToPlan(request: APIRequestContext, token: string, plan = 'educator', interval: 'month' | 'year' = 'month'): Promise<void> {
  await payForPlan(request, token, plan, interval);
  await expect
    .poll(async () => ((await (await request.get('/api/me', { headers: bearer(token) })).json()) as { subscription_tier: string }).subscription_tier)
    .toBe(plan);
}

/** The account's subscriptions (GET /api/subscriptions/user), newest first. */
export async function subscriptionsOf<T>(request: APIRequestContext, token: string): Promise<T[]> {
  const res = await request.get('/api/subscriptions/user', { headers: bearer(token) });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as T[] | { data: T[] };
  return Array.isArray(body) ? body : body.data;
}

/** The account's newest subscription, once the payment's event has recorded it. */
export async function currentSubscription<T>(request: APIRequestContext, token: string): Promise<T> {
  await expect.poll(async () => (await subscriptionsOf<T>(request, token)).length, { message: 'the subscription is recorded' }).toBeGreaterThan(0);
  return (await subscriptionsOf<T>(request, token))[0]!;
}

interface PlanPrices {
  key: string;
  monthly_price_cents: number;
  yearly_price_cents: number;
}
