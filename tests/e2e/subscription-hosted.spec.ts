import type { APIRequestContext, Page } from '@playwright/test';
import { PAYING_CARD, seriousViolations } from './commerce-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { bearer, freshAccount } from './plan-fixtures.ts';

/**
 * The test provider's hosted page for a plan's checkout (decision 0031): it says what the
 * subscription will charge — the 14-day trial then the yearly price for a first subscription, the
 * monthly price at once for an account that had its trial — and paying there creates the
 * subscription. At a phone's width and on desktop, without a serious axe finding.
 */

async function checkoutUrl(request: APIRequestContext, token: string, plan: string, interval: 'month' | 'year'): Promise<string> {
  const res = await request.get(`/api/subscriptions/checkout?plan=${plan}&interval=${interval}`, { headers: { ...bearer(token), accept: 'application/json' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { checkoutUrl: string }).checkoutUrl;
}

async function fillCard(page: Page, card: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Hana Sub');
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a plan checkout shows its terms on the hosted page and paying starts the subscription', async ({ page, request }) => {
  const { token } = await freshAccount(request, 'hosted', 'Hana', 'Sub');
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  await page.setViewportSize({ width: 390, height: 844 });

  // First subscription: the trial, nothing due today.
  await page.goto(await checkoutUrl(request, token, 'educator', 'year'));
  await expect(page.getByText('14-day free trial, then $290.00 per year')).toBeVisible();
  await expect(page.getByText('Due today: nothing.', { exact: false })).toBeVisible();
  await expect(page.getByText('Subscribe to DRX')).toBeVisible();
  await expect(page.getByText('4000 0000 0000 0341', { exact: false })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/.tmp/hosted-subscription-390.png', fullPage: true });
  await fillCard(page, PAYING_CARD);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL(/\/subscription\/success\?session_id=/);

  const subs = (await (await request.get('/api/subscriptions/user', { headers: bearer(token) })).json()) as { status: string; plan: { tier: string }; interval: string; id: number }[];
  expect(subs[0]).toMatchObject({ status: 'trialing', plan: { tier: 'educator' }, interval: 'year' });

  // After it ends, the account has had its trial: the next checkout charges at once.
  expect((await request.post('/api/subscriptions/test-clock', { headers: bearer(token), data: { subscriptionId: subs[0]!.id, days: 1 } })).ok()).toBeTruthy();
  expect((await request.post('/api/subscriptions/cancel', { headers: bearer(token) })).ok()).toBeTruthy();
  expect((await request.post('/api/subscriptions/test-clock', { headers: bearer(token), data: { subscriptionId: subs[0]!.id, days: 14 } })).ok()).toBeTruthy();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(await checkoutUrl(request, token, 'premium', 'month'));
  await expect(page.getByText('$79.00 per month', { exact: true })).toBeVisible();
  await expect(page.getByText('Due today: nothing.', { exact: false })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tests/.tmp/hosted-subscription-1280.png', fullPage: true });
  await fillCard(page, PAYING_CARD);
  await page.getByRole('button', { name: 'Subscribe and pay $79.00' }).click();
  await page.waitForURL(/\/subscription\/success\?session_id=/);
  const after = (await (await request.get('/api/subscriptions/user', { headers: bearer(token) })).json()) as { status: string; plan: { tier: string } }[];
  expect(after[0]).toMatchObject({ status: 'active', plan: { tier: 'premium' } });
});
