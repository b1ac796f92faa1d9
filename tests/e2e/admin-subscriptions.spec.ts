import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { bearer, currentSubscription, freshAccount, payForPlan, planList } from './plan-fixtures.ts';

/**
 * Plans and subscriptions, the admin's side (decision 0031): an admin changes Educator's monthly price and a feature
 * at /admin/subscription-plans and the public plans answer shows them (put back at the end); the
 * subscriptions list filters by plan and status, opens a subscription with its invoices, refunds
 * part of one and cancels it at the period end. Each step checked with axe; screenshots at 390 and
 * 1280 px go to the test's output folder (or SCREENSHOT_DIR).
 */

interface PublicPlan {
  id: number;
  key: string;
  name: string;
  description: string;
  monthly_price_cents: number;
  yearly_price_cents: number;
  features: { text: string; included: boolean }[];
  active: boolean;
}

const publicPlans = (request: APIRequestContext) => planList<PublicPlan>(request);

/** A fresh account that subscribes through checkout and pays on the test provider (a trial starts). */
async function subscriber(
  request: APIRequestContext,
  plan: string,
  interval: 'month' | 'year',
): Promise<{ username: string; token: string; subscriptionId: number }> {
  const { username, token } = await freshAccount(request, 'subadm', 'Sub', (name) => `Scriber ${name}`);
  await payForPlan(request, token, plan, interval, { cardName: 'Sub Scriber' });
  const { id: subscriptionId } = await currentSubscription<{ id: number }>(request, token);
  return { username, token, subscriptionId };
}

/** What reaches past the right edge: the innermost elements (what to fix) and the first one's ancestors with their boxes. */
function overflow() {
  const limit = document.documentElement.clientWidth;
  const over = Array.from(document.body.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > limit + 0.5);
  const innermost = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
  const chain: string[] = [];
  for (let el = innermost[0]?.parentElement ?? null; el && el !== document.body; el = el.parentElement) {
    const r = el.getBoundingClientRect();
    chain.push(`${el.tagName.toLowerCase()}.${String(el.className).replace(/\s+/g, '.')}[${Math.round(r.left)}+${Math.round(r.width)}]`);
  }
  return {
    scroll: document.documentElement.scrollWidth,
    culprits: [...innermost.slice(0, 6).map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`), ...chain],
  };
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // No sideways scroll on the page itself, once the layout has settled after the resize (the sidebar animates).
    await expect
      .poll(async () => (await page.evaluate(overflow)).scroll)
      .toBeLessThanOrEqual(width)
      .catch(() => undefined);
    const wide = await page.evaluate(overflow);
    expect(wide.scroll, `${name} at ${width} px: ${wide.culprits.join(', ')}`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? test.info().outputPath()}/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? test.info().outputPath()}/${name}-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin changes Educator’s monthly price and a feature; the plans answer shows them', async ({ page, loginAs, request }) => {
  const adminToken = await loginAs(ACCOUNTS.admin);
  const original = (await publicPlans(request)).find((p) => p.key === 'educator')!;
  const main = page.getByRole('main');
  const newFeature = `Course administration for your studio ${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/dashboard');
    await hydrated(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Subscription Plans' }).click();
    await expect(page).toHaveURL(/\/admin\/subscription-plans$/);
    await hydrated(page);
    const editor = main.getByRole('form', { name: 'Edit the Educator plan' });
    await expect(editor.getByLabel('Monthly price (USD)')).toHaveValue((original.monthly_price_cents / 100).toFixed(2));

    // A yearly price above twelve months is refused inline before anything is sent.
    await editor.getByLabel('Monthly price (USD)').fill('20');
    await editor.getByRole('button', { name: 'Save Educator' }).click();
    await expect(editor.getByText('The yearly price cannot be more than 12 monthly payments.')).toBeVisible();
    expect((await publicPlans(request)).find((p) => p.key === 'educator')!.monthly_price_cents).toBe(original.monthly_price_cents);

    const monthly = original.monthly_price_cents + 200;
    await editor.getByLabel('Monthly price (USD)').fill((monthly / 100).toFixed(2));
    await editor.getByLabel('Feature 4 text').fill(newFeature);
    // Move it up one line and add one more, unticked.
    await editor.getByRole('button', { name: 'Move feature 4 up' }).click();
    await expect(editor.getByLabel('Feature 3 text')).toHaveValue(newFeature);
    await editor.getByRole('button', { name: 'Add feature' }).click();
    const last = original.features.length + 1;
    await editor.getByLabel(`Feature ${last} text`).fill('Priority support');
    await editor.getByRole('checkbox', { name: `Feature ${last} Included` }).uncheck();
    expect(await seriousViolations(page), 'axe on /admin/subscription-plans').toEqual([]);
    await editor.getByRole('button', { name: 'Save Educator' }).click();
    await expect(editor.getByText('Saved. The plans page shows the change now.')).toBeVisible();

    const saved = (await publicPlans(request)).find((p) => p.key === 'educator')!;
    expect(saved.monthly_price_cents).toBe(monthly);
    expect(saved.features[2]).toEqual({ text: newFeature, included: true });
    expect(saved.features.at(-1)).toEqual({ text: 'Priority support', included: false });
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await shoot(page, 'subscription-plans');

    // The page read again shows what was saved.
    await page.reload();
    await hydrated(page);
    await expect(main.getByRole('form', { name: 'Edit the Educator plan' }).getByLabel('Monthly price (USD)')).toHaveValue((monthly / 100).toFixed(2));
  } finally {
    // Put the plan back for the other tests.
    const restored = await request.patch(`/api/admin/subscription-plans/${original.id}`, {
      headers: bearer(adminToken),
      data: {
        name: original.name,
        description: original.description,
        monthlyPriceCents: original.monthly_price_cents,
        yearlyPriceCents: original.yearly_price_cents,
        features: original.features,
        active: original.active,
      },
    });
    expect(restored.ok(), await restored.text()).toBeTruthy();
  }
  expect((await publicPlans(request)).find((p) => p.key === 'educator')).toMatchObject({
    monthly_price_cents: original.monthly_price_cents,
    features: original.features,
  });
});

test('the subscriptions list filters by plan and status and opens one to refund part of an invoice and cancel it at the period end', async ({
  page,
  loginAs,
  request,
}) => {
  test.slow();
  const trial = await subscriber(request, 'premium', 'month');
  const paying = await subscriber(request, 'educator', 'month');
  const adminToken = await loginAs(ACCOUNTS.admin);
  // Past the trial: the first invoice is charged and the subscription is active.
  const moved = await request.post('/api/subscriptions/test-clock', { headers: bearer(adminToken), data: { subscriptionId: paying.subscriptionId, days: 15 } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const main = page.getByRole('main');

  await page.goto('/admin/dashboard');
  await hydrated(page);
  const figures = main.getByRole('region', { name: 'Subscriptions', exact: true });
  await expect(figures.getByText('Monthly recurring revenue')).toBeVisible();
  await figures.getByRole('link', { name: 'All subscriptions' }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await hydrated(page);

  // Premium + Trialing finds the trial, not the paying Educator subscriber.
  await main.getByLabel('Plan').selectOption('premium');
  await main.getByLabel('Status').selectOption('trialing');
  await expect(page).toHaveURL(/plan=premium/);
  await expect(page).toHaveURL(/status=trialing/);
  await main.getByLabel('Search subscribers').fill(trial.username);
  const trialRow = main.getByRole('row').filter({ hasText: trial.username });
  await expect(trialRow).toHaveCount(1);
  await expect(trialRow).toContainText('Premium');
  await expect(trialRow).toContainText('Trialing');
  await main.getByLabel('Search subscribers').fill(paying.username);
  await expect(main.getByText('No subscriptions match these filters.')).toBeVisible();

  // Educator + Active finds the paying one.
  await main.getByLabel('Plan').selectOption('educator');
  await main.getByLabel('Status').selectOption('active');
  const payingRow = main.getByRole('row').filter({ hasText: paying.username });
  await expect(payingRow).toContainText('Active');
  expect(await seriousViolations(page), 'axe on /admin/subscriptions').toEqual([]);
  await shoot(page, 'subscriptions');

  // The detail: its invoice, a partial refund, then cancel at the period end.
  await payingRow.getByRole('link', { name: /View the subscription of/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/subscriptions/${paying.subscriptionId}$`));
  await hydrated(page);
  const invoices = main.getByRole('region', { name: 'Invoices', exact: true });
  await expect(invoices.getByRole('row')).not.toHaveCount(0);
  await expect(invoices).toContainText('Paid');
  const refund = main.getByRole('region', { name: 'Refund', exact: true });
  await refund.getByLabel('Amount to refund (USD)').fill('5');
  await refund.getByRole('button', { name: 'Refund' }).click();
  const confirmRefund = page.getByRole('alertdialog');
  await expect(confirmRefund).toContainText('Refund $5.00 to');
  expect(await seriousViolations(page), 'axe on the refund confirmation').toEqual([]);
  await confirmRefund.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Refund sent' })).toBeVisible();
  await expect(invoices).toContainText('$5.00');

  await main.getByRole('button', { name: 'Cancel at period end' }).click();
  const confirmCancel = page.getByRole('alertdialog');
  await expect(confirmCancel).toContainText('keeps Educator until');
  await confirmCancel.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Subscription set to cancel' })).toBeVisible();
  await expect(main.getByText('Set to cancel at the end of its period')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Cancel at period end' })).toHaveCount(0);
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  // The toasts are dismissed, so axe checks the page alone (one may leave by itself meanwhile).
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(dismiss).toHaveCount(0);
  expect(await seriousViolations(page), 'axe on /admin/subscriptions/{id}').toEqual([]);
  await shoot(page, 'subscription-detail');

  // The subscriber's own view agrees: still active, set to cancel.
  const own = (await (await request.get('/api/subscriptions/user', { headers: bearer(paying.token) })).json()) as {
    status: string;
    cancel_at_period_end: boolean;
    is_active: boolean;
  }[];
  expect(own[0]).toMatchObject({ status: 'active', cancel_at_period_end: true, is_active: true });
});
