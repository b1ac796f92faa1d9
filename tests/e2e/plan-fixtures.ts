import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A plan for an account a journey creates (decision 0031): selling and writing courses as a
 * non-admin instructor need Educator or higher. Bought as a user does, through the API: the
 * checkout at the plan's current price, then the test provider's payment (a first subscription
 * starts its 14-day trial, which counts as current).
 */
export async function subscribeToPlan(request: APIRequestContext, token: string, plan = 'educator', interval: 'month' | 'year' = 'month'): Promise<void> {
  const bearer = { authorization: `Bearer ${token}` };
  const answer = (await (await request.get('/api/subscriptions/plans')).json()) as PlanPrices[] | { data: PlanPrices[] };
  const row = (Array.isArray(answer) ? answer : answer.data).find((p) => p.key === plan);
  expect(row, `plan ${plan}`).toBeTruthy();
  const price = (interval === 'year' ? row!.yearly_price_cents : row!.monthly_price_cents) / 100;
  const checkout = await request.get(`/api/subscriptions/checkout?plan=${plan}&interval=${interval}&price=${price}`, { headers: { ...bearer, accept: 'application/json' } });
  expect(checkout.ok(), await checkout.text()).toBeTruthy();
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const session = new URL(checkoutUrl, 'http://localhost').searchParams.get('session');
  expect(session, 'the test provider names its session').toBeTruthy();
  const paid = await request.post(`/api/payments/test-checkout/${encodeURIComponent(session!)}/pay`, {
    headers: bearer,
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Plan Holder' },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await expect
    .poll(async () => ((await (await request.get('/api/me', { headers: bearer })).json()) as { subscription_tier: string }).subscription_tier)
    .toBe(plan);
}

interface PlanPrices {
  key: string;
  monthly_price_cents: number;
  yearly_price_cents: number;
}
