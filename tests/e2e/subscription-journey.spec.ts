import type { APIRequestContext, Page } from '@playwright/test';
import { PAYING_CARD, seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { apiToken, bearer, currentSubscription, freshAccount, payForPlan } from './plan-fixtures.ts';

/**
 * The plans' main journey (decision 0031): a free instructor meets the Course Administration gate,
 * upgrades to Educator yearly through the upgrade dialog, pays on the test provider's page and the
 * gate opens; cancels in /profile/manage and keeps access until the period end, which a test clock
 * then passes, and the gate is back. Beside it: resume, the destructive Cancellation Failed toast, the
 * invoices with their printable receipt, the interval switch and a failed renewal — each on a
 * fresh account, so runs never share a subscription.
 */

/** Pays at checkout, then every renewal fails (decision 0031). */
const FAILING_RENEWAL_CARD = '4000 0000 0000 0341';

interface SubscriptionRow {
  id: number;
  status: string;
  interval: string;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  trial_end: string | null;
  ended_at: string | null;
}

/** A date as /profile/manage writes it: "November 23, 2026" (UTC). */
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A fresh account with the INSTRUCTOR role (granted by the demo admin) on the free plan; returns its token. */
async function freshInstructor(request: APIRequestContext): Promise<{ username: string; token: string; id: number }> {
  const { username, token, id } = await freshAccount(request, 'instr', 'Ines', 'Tap');
  const admin = await apiToken(request, ACCOUNTS.admin);
  const granted = await request.post(`/api/users/${id}/roles`, { headers: bearer(admin), data: { role: 'INSTRUCTOR' } });
  expect(granted.ok(), 'the admin grants INSTRUCTOR').toBeTruthy();
  return { username, token, id };
}

/** Signs the page in with a token, as the app stores it. */
async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
}

/** A subscription bought through the API and paid on the test provider's session (setup for the side journeys). */
async function subscribe(request: APIRequestContext, token: string, plan: string, interval: 'month' | 'year', card = PAYING_CARD): Promise<SubscriptionRow> {
  await payForPlan(request, token, plan, interval, { card, cardName: 'Ines Tap' });
  return current(request, token);
}

async function current(request: APIRequestContext, token: string): Promise<SubscriptionRow> {
  return currentSubscription<SubscriptionRow>(request, token);
}

/** Moves the subscription's time forward on the test provider (owner's token), emitting what happens. */
async function moveClock(request: APIRequestContext, token: string, subscriptionId: number, days: number): Promise<SubscriptionRow> {
  const res = await request.post('/api/subscriptions/test-clock', { headers: bearer(token), data: { subscriptionId, days } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as SubscriptionRow;
}

/** Fills the test provider's card form of a plan's checkout and starts the trial (nothing is due today). */
async function startTrialWithCard(page: Page, card: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(page.getByText('Due today: nothing.', { exact: false })).toBeVisible();
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Ines Tap');
  await form.getByRole('button', { name: 'Start free trial' }).click();
}

/** The page's own stored session token. */
const pageToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('access_token')!);

const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Subscription' });
const invoicesCard = (page: Page) => page.getByRole('region', { name: 'Invoices' });
const toastWith = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

async function openManage(page: Page): Promise<void> {
  await page.goto('/profile/manage');
  await hydrated(page);
  await expect(subscriptionCard(page).getByText('Loading your subscription...')).toHaveCount(0);
}

test.describe('plans and subscriptions: the main journey', () => {
  test('a free instructor upgrades to Educator yearly at the gate, pays, gets in; cancels, keeps access, and loses it after the period end', async ({ page, request }) => {
    test.setTimeout(120_000);
    const me = await freshInstructor(request);
    await signIn(page, me.token);

    // The Course Administration feature gate.
    await page.goto('/instructor/courses');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Course Administration' })).toBeVisible();
    await expect(page.getByText('Upgrade to Educator or higher to access course administration features.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Courses' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Upgrade Subscription' }).click();
    // The upgrade dialog opens in place (decision 0063): Educator yearly, paid in the dialog.
    const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(upgrade.getByText('Course Administration.', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(upgrade.getByText('All plans include 14-day free trial • Cancel anytime • Secure payment with a card payment provider')).toBeVisible();
    await upgrade.getByRole('radio', { name: /^Yearly/ }).check();
    const educator = upgrade.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Educator' }) });
    await expect(educator.getByText('$290', { exact: true })).toBeVisible();
    await educator.getByRole('button', { name: 'Start free trial: Educator' }).click();

    // The test provider's card form, in the dialog.
    await startTrialWithCard(page, PAYING_CARD);
    await expect(upgrade.getByText('Your free trial of Educator has started.')).toBeVisible({ timeout: 15_000 });

    // The gate is open.
    await page.goto('/instructor/courses');
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'All Courses' })).toBeVisible();

    // Cancel in /profile/manage: access stays until the period end.
    const sub = await current(request, me.token);
    expect(sub).toMatchObject({ status: 'trialing', interval: 'year' });
    const until = longDate(sub.current_period_end!);
    await openManage(page);
    const card = subscriptionCard(page);
    await expect(card.locator('.billing-plan-name')).toHaveText('Educator');
    await expect(card.getByText(`Your trial ends on ${longDate(sub.trial_end ?? sub.current_period_end!)}.`)).toBeVisible();
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await expect(confirm).toContainText(`until ${until}`);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(card.getByText(`Cancelled — you keep access until ${until}.`)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Resume subscription' })).toBeVisible();

    await page.goto('/instructor/courses');
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'All Courses' })).toBeVisible();

    // The period ends (the test clock, with the page's own token): the gate is back.
    const ended = await moveClock(request, await pageToken(page), sub.id, 15);
    expect(ended.status).toBe('canceled');
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Course Administration' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade Subscription' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Courses' })).toHaveCount(0);

    await openManage(page);
    await expect(subscriptionCard(page).getByText(`Your Educator subscription ended on ${longDate(ended.ended_at!)}.`)).toBeVisible();
    await expect(subscriptionCard(page).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
  });
});

test.describe('billing management in /profile/manage', () => {
  test('resume before the end; the trial invoice, then the yearly invoice after the trial, and its printable receipt', async ({ page, request }, info) => {
    test.setTimeout(90_000);
    const me = await freshInstructor(request);
    const sub = await subscribe(request, me.token, 'educator', 'year');
    await signIn(page, me.token);
    await openManage(page);
    const card = subscriptionCard(page);
    await expect(card.getByText('Trialing', { exact: true }).first()).toBeVisible();
    // Stripe's billing portal is for Stripe subscriptions only; this one is the test provider's.
    await expect(card.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Manage billing in Stripe' })).toHaveCount(0);

    // The trial's invoice: nothing due today.
    const invoices = invoicesCard(page);
    await expect(invoices.getByRole('row')).toHaveCount(2);
    await expect(invoices.getByRole('row').nth(1)).toContainText('$0.00');

    // Change plan opens the upgrade dialog: only the plans above the current one (decision 0063).
    await card.getByRole('button', { name: 'Change plan' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(upgrade.getByRole('button', { name: 'Upgrade: Premium' })).toBeEnabled();
    await expect(upgrade.getByRole('button', { name: 'Upgrade: Royalty' })).toBeEnabled();
    await expect(upgrade.locator('[data-plan="educator"], [data-plan="free"]')).toHaveCount(0);
    await upgrade.getByRole('button', { name: 'Close' }).click();
    await expect(upgrade).toBeHidden();

    // Cancel, then resume before the end.
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(card.getByText(/^Cancelled — you keep access until /)).toBeVisible();
    await card.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(toastWith(page, 'Subscription resumed')).toBeVisible();
    await expect(card.getByText(/^Your trial ends on /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    expect((await current(request, me.token)).cancel_at_period_end).toBe(false);

    // The trial ends: the first yearly charge.
    await moveClock(request, me.token, sub.id, 15);
    await page.reload();
    await hydrated(page);
    const renewed = await current(request, me.token);
    expect(renewed.status).toBe('active');
    await expect(card.getByText(`Renews on ${longDate(renewed.current_period_end!)}.`)).toBeVisible();
    const yearly = invoices.getByRole('row').filter({ hasText: '$290.00' });
    await expect(yearly).toHaveCount(1);
    await expect(yearly).toContainText('Paid');
    expect(await seriousViolations(page)).toEqual([]);

    await yearly.getByRole('link', { name: /^Receipt of invoice/ }).click();
    await expect(page).toHaveURL(/\/profile\/manage\/invoices\/\d+$/);
    await hydrated(page);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt.getByRole('row', { name: /Total \(USD\)/ })).toContainText('$290.00');
    await expect(receipt.getByRole('row', { name: /Amount paid/ })).toContainText('$290.00');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: info.outputPath('invoice-receipt-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    // Printed: the amount stays, the buttons go.
    await page.emulateMedia({ media: 'print' });
    await expect(receipt.getByRole('row', { name: /Total \(USD\)/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // An invoice that is not mine (or none) is not found.
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const other = await freshInstructor(request);
    expect((await request.get(`/api/subscriptions/invoices/${id}`, { headers: bearer(other.token) })).status()).toBe(404);
    await page.goto('/profile/manage/invoices/999999999');
    await expect(page.getByText('This invoice was not found in your account.')).toBeVisible();
  });

  test('a failed cancellation shows the destructive error toast and changes nothing', async ({ page, request }) => {
    const me = await freshInstructor(request);
    await subscribe(request, me.token, 'educator', 'month');
    await signIn(page, me.token);
    await openManage(page);
    await page.route('**/api/subscriptions/cancel', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal error' }) }));
    const card = subscriptionCard(page);
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    const failed = toastWith(page, 'Cancellation Failed');
    await expect(failed).toBeVisible();
    await expect(failed.locator('.toast-title')).toHaveText('Cancellation Failed');
    await expect(failed.locator('.toast-description')).toHaveText('Failed to cancel subscription. Please try again.');
    await expect(card.getByText(/^Your trial ends on /)).toBeVisible();
    expect((await current(request, me.token)).cancel_at_period_end).toBe(false);
  });

  test('monthly to yearly shows the prorated preview and applies at once; yearly to monthly and a downgrade wait for the period end and can be kept', async ({ page, request }, info) => {
    test.setTimeout(90_000);
    const me = await freshInstructor(request);
    const sub = await subscribe(request, me.token, 'premium', 'month');
    // Past the trial, so the switch is prorated.
    await moveClock(request, me.token, sub.id, 15);
    await signIn(page, me.token);
    await openManage(page);
    const card = subscriptionCard(page);
    await expect(card.getByText(/^Renews on /)).toBeVisible();

    await card.getByRole('button', { name: 'Switch to yearly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to yearly billing' });
    await expect(dialog.getByRole('definition').filter({ hasText: '/year' })).toHaveText('$790.00/year');
    // The preview is the server's: the amount due today is its proration.
    const quote = (await (await request.get('/api/subscriptions/change/preview?plan=premium&interval=year', { headers: bearer(me.token) })).json()) as { due_cents: number };
    expect(quote.due_cents).toBeGreaterThan(0);
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    // The last line of the preview: Due today.
    await expect(dialog.getByRole('term').last()).toHaveText('Due today');
    await expect(dialog.getByRole('definition').last()).toHaveText(usd.format(quote.due_cents / 100));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('switch-to-yearly-1280.png') });
    await dialog.getByRole('button', { name: 'Switch to yearly' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText('Yearly · $790.00/year')).toBeVisible();
    // The card reads the subscription again after the change: a click while it re-renders lands
    // on a button about to be replaced, and Playwright's retry then opened the dialog twice over.
    await expect(card).not.toHaveAttribute('aria-busy', 'true');

    await card.getByRole('button', { name: 'Switch to monthly' }).click();
    const back = page.getByRole('dialog', { name: 'Switch to monthly billing' });
    await expect(back.getByText(/you pay \$79\.00\/month for Premium/)).toBeVisible();
    await back.getByRole('button', { name: 'Switch to monthly' }).click();
    const scheduled = card.getByRole('status').filter({ hasText: 'Scheduled change' });
    await expect(scheduled).toContainText('changes to Premium, monthly');
    await scheduled.getByRole('button', { name: 'Keep current plan' }).click();
    await expect(scheduled).toHaveCount(0);
    await expect(card.getByText('Yearly · $790.00/year')).toBeVisible();

    // A downgrade (the upgrade dialog only goes up) waits for the period end too.
    await card.getByRole('button', { name: 'Downgrade to Educator' }).click();
    const down = page.getByRole('dialog', { name: 'Downgrade to Educator' });
    await expect(down.getByText(/you pay \$290\.00\/year for Educator/)).toBeVisible();
    await down.getByRole('button', { name: 'Downgrade to Educator' }).click();
    await expect(scheduled).toContainText('changes to Educator, yearly');
    await expect(card.locator('.billing-plan-name')).toHaveText('Premium');
    await scheduled.getByRole('button', { name: 'Keep current plan' }).click();
    await expect(scheduled).toHaveCount(0);
  });
});

test.describe('/profile/manage at a phone and a desktop width', () => {
  const widths = [390, 1280];

  async function shoot(page: Page, state: string, path: (name: string) => string): Promise<void> {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(subscriptionCard(page)).toBeVisible();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways, `${state} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path(`profile-manage-${state}-${width}.png`), fullPage: true });
    }
  }

  test('free, trialing and cancelled', async ({ page, request }, info) => {
    test.setTimeout(120_000);
    const out = (name: string) => info.outputPath(name);

    const free = await freshInstructor(request);
    await signIn(page, free.token);
    await openManage(page);
    await expect(subscriptionCard(page).getByRole('link', { name: 'See plans' })).toBeVisible();
    await shoot(page, 'free', out);

    await subscribe(request, free.token, 'educator', 'year');
    await openManage(page);
    await expect(subscriptionCard(page).getByText(/^Your trial ends on /)).toBeVisible();
    await shoot(page, 'trialing', out);

    await subscriptionCard(page).getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(subscriptionCard(page).getByText(/^Cancelled — you keep access until /)).toBeVisible();
    await shoot(page, 'cancelled', out);
  });

  test('past due', async ({ page, request }, info) => {
    test.setTimeout(90_000);
    const out = (name: string) => info.outputPath(name);
    // A card that pays at checkout and fails every renewal: past due once the trial ends.
    const failing = await freshInstructor(request);
    const sub = await subscribe(request, failing.token, 'premium', 'month', FAILING_RENEWAL_CARD);
    await moveClock(request, failing.token, sub.id, 15);
    await signIn(page, failing.token);
    await openManage(page);
    await expect(subscriptionCard(page).getByText('Payment failed — update your card.')).toBeVisible();
    await expect(invoicesCard(page).getByText('Payment failed')).toBeVisible();
    await shoot(page, 'past-due', out);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
