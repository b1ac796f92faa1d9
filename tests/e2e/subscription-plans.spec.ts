import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PAYING_CARD, seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, test } from './fixtures.ts';
import { apiToken, bearer, currentSubscription, freshAccount, payForPlan, planList, subscriptionsOf } from './plan-fixtures.ts';

/**
 * The plans page (decision 0031): /subscription compared and toggled by a visitor, `?tier=`
 * highlighting a plan (NOBILITY → Educator, …), each card's button for a free account and a subscriber, a
 * checkout started from the page and the success page, the upgrade page's prorated preview and its
 * confirmation, and an admin's price change shown on /subscription without a rebuild.
 */

const TRIAL_LINE = 'All plans include 14-day free trial • Cancel anytime • Secure payment with a card payment provider';
const SHOTS = 'tests/.tmp/screenshots';

interface Plan {
  id: number;
  key: string;
  monthly_price_cents: number;
  yearly_price_cents: number;
}

interface Subscription {
  id: number;
  status: string;
  plan: { tier: string };
}

async function freshUser(request: APIRequestContext): Promise<{ username: string; password: string; token: string }> {
  return freshAccount(request, 'plans', 'Pia', 'Plans');
}

const plans = (request: APIRequestContext) => planList<Plan>(request);

/** A subscription bought through the API and paid on the test provider's session. */
async function subscribe(request: APIRequestContext, token: string, key: string, interval: 'month' | 'year'): Promise<Subscription> {
  await payForPlan(request, token, key, interval, { cardName: 'Pia Plans' });
  return currentSubscription<Subscription>(request, token);
}

async function setPlanPrices(request: APIRequestContext, key: string, monthlyPriceCents: number, yearlyPriceCents: number): Promise<void> {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const plan = (await plans(request)).find((p) => p.key === key)!;
  const res = await request.patch(`/api/admin/subscription-plans/${plan.id}`, { headers: bearer(admin), data: { monthlyPriceCents, yearlyPriceCents } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const card = (page: Page, name: string): Locator => page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openPlans(page: Page, path = '/subscription'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-plans][data-ready]')).toHaveCount(1);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(widths[0], 'the page does not scroll sideways').toBeLessThanOrEqual(widths[1]!);
}

test.describe('/subscription for a visitor', () => {
  test('compares the four plans, toggles yearly (Save 25% and the real yearly prices), reads the comparison and the FAQ', async ({ page }) => {
    await openPlans(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans & Pricing' })).toBeVisible();
    for (const [name, price] of [
      ['Free', '$0'],
      ['Educator', '$29'],
      ['Premium', '$79'],
      ['Royalty', '$199'],
    ] as const) {
      await expect(card(page, name).getByText(price, { exact: true }).filter({ visible: true })).toHaveCount(1);
      await expect(card(page, name).getByText('/month')).toBeVisible();
    }
    await expect(page.getByText(TRIAL_LINE)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Yearly Save 25%' })).toBeVisible();
    // Guests start a trial by signing in first, back to the plan's checkout.
    await expect(card(page, 'Premium').getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent('/subscription?tier=premium&interval=month&checkout=1')}`,
    );
    await expect(card(page, 'Free').getByRole('link', { name: 'Get started free' })).toHaveAttribute('href', '/register');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/subscription-1280-monthly.png`, fullPage: true });

    await page.getByRole('radio', { name: /^Yearly/ }).check();
    for (const [name, price, saving] of [
      ['Educator', '$290', 'Save $58 a year (17%)'],
      ['Premium', '$790', 'Save $158 a year (17%)'],
      ['Royalty', '$1,990', 'Save $398 a year (17%)'],
    ] as const) {
      await expect(card(page, name).getByText(price, { exact: true }).filter({ visible: true })).toHaveCount(1);
      await expect(card(page, name).getByText('/year')).toBeVisible();
      await expect(card(page, name).getByText(saving)).toBeVisible();
      await expect(card(page, name).getByText('/month')).toBeHidden();
    }
    await expect(card(page, 'Royalty').getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent('/subscription?tier=royalty&interval=year&checkout=1')}`,
    );

    // The comparison table: a row per feature, a column per plan.
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Free', 'Educator', 'Premium', 'Royalty']);
    const masterclasses = table.getByRole('row', { name: /Royalty masterclasses/ });
    await expect(masterclasses.getByRole('cell')).toHaveText([/Not included/, /Not included/, /Not included/, /^✓Included$/]);

    // The FAQ answers.
    await page.getByText('What happens when I cancel?').click();
    await expect(page.getByText(/keeps working until the end of the period you paid for/)).toBeVisible();
    await expect(page.getByText('Can I have more than one free trial?')).toBeVisible();
    await expect(page.getByText('How are upgrades charged?')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/subscription-1280-yearly.png`, fullPage: true });
  });

  test('on a 390 px phone the page does not scroll sideways; the comparison scrolls in its box', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlans(page, '/subscription?tier=premium');
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/subscription-390.png`, fullPage: true });
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await noSidewaysScroll(page);
  });

  test('/pricing leads to /subscription; ?tier= highlights its plan, ?interval=year opens on yearly', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/subscription$/);

    await openPlans(page, '/subscription?tier=premium');
    await expect(card(page, 'Premium')).toHaveAttribute('data-highlighted', '');
    await expect(card(page, 'Premium').getByText('Selected plan')).toBeVisible();
    for (const other of ['Free', 'Educator', 'Royalty']) await expect(card(page, other)).not.toHaveAttribute('data-highlighted', '');

    await openPlans(page, '/subscription?tier=NOBILITY&interval=year');
    await expect(card(page, 'Educator')).toHaveAttribute('data-highlighted', '');
    await expect(card(page, 'Educator').getByText('Selected plan')).toBeVisible();
    await expect(card(page, 'Premium')).not.toHaveAttribute('data-highlighted', '');
    await expect(page.getByRole('radio', { name: /^Yearly/ })).toBeChecked();
    await expect(card(page, 'Educator').getByText('$290', { exact: true })).toBeVisible();
  });
});

test.describe('/subscription for a signed-in user', () => {
  test('a free account starts a trial from the page, pays on the test provider, and the success page shows the plan and the trial end', async ({ page, request }) => {
    test.setTimeout(60_000);
    const me = await freshUser(request);
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), me.token);
    await openPlans(page);
    await expect(card(page, 'Free').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await card(page, 'Educator').getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
    // A trial: nothing is due today, the card is kept for the first charge.
    const form = page.getByRole('form', { name: 'Card details' });
    await form.getByLabel('Card number').fill(PAYING_CARD);
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByLabel('Name on card').fill('Pia Plans');
    await form.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/subscription\/success/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Educator!' })).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText('Your free trial of Educator has started.')).toBeVisible();
    await expect(page.getByText('Free trial ends')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/subscription-success-390.png`, fullPage: true });
  });

  test('a guest who chose a plan signs in and lands in that plan’s checkout', async ({ page, request }) => {
    const me = await freshUser(request);
    await openPlans(page);
    await card(page, 'Premium').getByRole('link', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(me.username);
    await form.getByLabel('Password').fill(me.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/checkout\/stripe\?session=/, { timeout: 15_000 });
    await expect(page.getByText(/Premium plan \(monthly\)/).first()).toBeVisible();
  });

  test('a subscriber sees Current plan and lower plans disabled, upgrades with a prorated amount and confirms', async ({ page, request }) => {
    test.setTimeout(90_000);
    const me = await freshUser(request);
    const sub = await subscribe(request, me.token, 'premium', 'month');
    // Past the trial and into the first paid month: an upgrade now is prorated.
    const clock = await request.post('/api/subscriptions/test-clock', { headers: bearer(me.token), data: { subscriptionId: sub.id, days: 20 } });
    expect(clock.ok(), await clock.text()).toBeTruthy();

    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), me.token);
    await openPlans(page);
    await expect(card(page, 'Premium').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(card(page, 'Free').getByRole('button')).toBeDisabled();
    await expect(card(page, 'Educator').getByRole('button')).toBeDisabled();
    const upgrade = card(page, 'Royalty').getByRole('link', { name: 'Upgrade' });
    await expect(upgrade).toHaveAttribute('href', '/subscription/upgrade?plan=royalty&interval=month');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/subscription-390-subscriber.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    await upgrade.click();
    await expect(page).toHaveURL(/\/subscription\/upgrade\?plan=royalty&interval=month/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Royalty' })).toBeVisible();
    await expect(page.getByText('Premium, monthly ($79.00 per month)')).toBeVisible();
    await expect(page.getByText('Royalty, monthly ($199.00 per month)')).toBeVisible();
    const due = page.locator('dl.plan-change-summary dd').last();
    await expect(page.getByText('Credit for unused time')).toBeVisible();
    await expect(page.getByText('Due now')).toBeVisible();
    const dueText = (await due.textContent()) ?? '';
    const dueCents = Math.round(Number(dueText.replace(/[^0-9.]/g, '')) * 100);
    expect(dueCents, `a prorated amount (${dueText}) between nothing and a full month of the difference`).toBeGreaterThan(0);
    expect(dueCents).toBeLessThan(19900 - 7900);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/subscription-upgrade-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    await expect(page).toHaveURL(/\/subscription\/upgrade\/success/);
    await expect(page.getByText('You are now on Royalty.')).toBeVisible();
    await expect.poll(async () => (await subscriptionsOf<Subscription>(request, me.token))[0]?.plan.tier).toBe('royalty');

    // Back on the plans: Royalty is now the current plan, everything else below it.
    await openPlans(page);
    await expect(card(page, 'Royalty').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(card(page, 'Premium').getByRole('button')).toBeDisabled();
  });

  test('Cancel on the upgrade page changes nothing', async ({ page, request }) => {
    const me = await freshUser(request);
    await subscribe(request, me.token, 'educator', 'month');
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), me.token);
    await page.goto('/subscription/upgrade?plan=premium&interval=month');
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Premium' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/subscription\/upgrade\/cancel$/);
    await expect(page.getByText('Nothing was changed.')).toBeVisible();
    await expect(page.getByText('You are still on Educator.')).toBeVisible();
    expect((await subscriptionsOf<Subscription>(request, me.token))[0]!.plan.tier).toBe('educator');
  });
});

test.describe('moving down and the upgrade dialog', () => {
  test('a subscriber moves to a lower plan at the period end from /subscription', async ({ page, request }) => {
    const me = await freshUser(request);
    await subscribe(request, me.token, 'premium', 'month');
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), me.token);
    await openPlans(page);
    await expect(card(page, 'Educator').getByRole('button', { name: 'Included in your plan' })).toBeDisabled();
    await expect(card(page, 'Free').getByRole('link', { name: 'Downgrade at period end' })).toHaveCount(0);
    await card(page, 'Educator').getByRole('link', { name: 'Downgrade at period end' }).click();
    await expect(page).toHaveURL(/\/subscription\/upgrade\?plan=educator&interval=month/);
    await expect(page.getByRole('heading', { level: 1, name: 'Move to Educator' })).toBeVisible();
    await expect(page.getByText(/^Your change takes effect on .+\. Until then you keep your current plan; nothing is charged now\.$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/subscription-downgrade-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await expect(page).toHaveURL(/\/subscription\/upgrade\/success/);
    await expect(page.getByText(/^Educator starts on /)).toBeVisible();
    // Premium until then.
    expect((await subscriptionsOf<Subscription>(request, me.token))[0]!.plan.tier).toBe('premium');
  });

  test('the upgrade dialog from Manage Subscription: only higher plans, and a higher one is confirmed in the dialog', async ({ page, request }) => {
    const me = await freshUser(request);
    await subscribe(request, me.token, 'premium', 'month');
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), me.token);
    await page.goto('/profile/manage');
    await page.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(dialog.getByText(TRIAL_LINE)).toBeVisible();
    // The dialog offers only plans above the current one (the plans page lists them all).
    for (const name of ['Premium', 'Educator', 'Free']) {
      await expect(dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) }), name).toHaveCount(0);
    }
    await expect(dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Royalty', exact: true }) })).toHaveCount(1);
    await dialog.getByRole('radio', { name: 'Yearly Save 25%' }).check();
    const royalty = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Royalty' }) });
    await expect(royalty.getByText('$1,990', { exact: true })).toBeVisible();
    await expect(royalty.getByText('Save $398 a year (17%)')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/upgrade-dialog-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/upgrade-dialog-1280.png` });
    await royalty.getByRole('button', { name: 'Upgrade: Royalty' }).click();
    // A subscriber's upgrade is confirmed in the dialog, with its prorated preview (decision 0063).
    await expect(dialog.getByRole('heading', { name: 'Upgrade to Royalty' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm upgrade' })).toBeEnabled();
    await expect(page).toHaveURL(/\/profile\/manage$/);
  });
});

test.describe('/subscription follows the plans in the database', () => {
  test('an admin’s price change shows without a rebuild, and a checkout at the old price is refused with the new prices shown', async ({ page, request }) => {
    const before = (await plans(request)).find((p) => p.key === 'premium')!;
    const me = await freshUser(request);
    await page.addInitScript((t) => window.localStorage.setItem('access_token', t), me.token);
    await openPlans(page);
    await expect(card(page, 'Premium').getByText('$79', { exact: true })).toBeVisible();
    try {
      await setPlanPrices(request, 'premium', 8900, 89000);
      // The page open at the old price: the checkout is refused (409) and the card shows the new price.
      await card(page, 'Premium').getByRole('button', { name: 'Start free trial' }).click();
      await expect(page.getByRole('alert')).toContainText('The price of this plan has changed');
      await expect(card(page, 'Premium').getByText('$89', { exact: true })).toBeVisible();

      // A fresh visit: the page rendered from the new plans.
      const res = await page.goto('/subscription');
      expect(res?.headers()['x-catalog-source']).toBe('rendered');
      await expect(card(page, 'Premium').getByText('$89', { exact: true })).toBeVisible();
      await page.getByRole('radio', { name: /^Yearly/ }).check();
      await expect(card(page, 'Premium').getByText('$890', { exact: true })).toBeVisible();
    } finally {
      await setPlanPrices(request, 'premium', before.monthly_price_cents, before.yearly_price_cents);
    }
    const back = await page.goto('/subscription');
    expect(back?.headers()['x-catalog-source']).toBe('static');
    await expect(card(page, 'Premium').getByText('$79', { exact: true })).toBeVisible();
  });
});

test.describe('/subscription stays light and still', () => {
  /** Gzipped JavaScript loaded until idle (scripts and inline code), as decision 0023 measures it; and the layout shift meanwhile. */
  async function weigh(page: Page, path: string): Promise<{ bytes: number; shift: number }> {
    const bodies: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script' && !/javascript/.test(res.headers()['content-type'] ?? '')) return;
      bodies.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(page.locator('[data-plans][data-ready]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .map((s) => s.textContent ?? '')
        .filter((t) => t.trim() !== '' && !/^\s*\{/.test(t)),
    );
    const files = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    return { bytes: files + inline.reduce((n, code) => n + gzipSync(code, { level: 9 }).length, 0), shift };
  }

  test('a guest loads at most 15 KB of gzipped JavaScript before interaction; nothing shifts for a guest or a subscriber', async ({ browser, request }) => {
    const me = await freshUser(request);
    await subscribe(request, me.token, 'educator', 'month');
    for (const token of [null, me.token]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      if (token) await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
      const { bytes, shift } = await weigh(page, '/subscription');
      console.log(`/subscription ${token ? 'subscriber' : 'guest'}: ${(bytes / 1024).toFixed(1)} KB of JavaScript, shift ${shift}`);
      // The budget is a guest's (decision 0023); a session loads the account menu and the query layer on every page.
      if (!token) expect(bytes).toBeLessThanOrEqual(15 * 1024);
      // The subscriber's buttons take the guest's places (a slot of fixed height): nothing moves. One run in
      // eight saw 0.0012 (one pixel of an 844 px screen) from outside the plans; a button or card moving would be more.
      expect(shift).toBeLessThan(0.002);
      await context.close();
    }
  });
});
