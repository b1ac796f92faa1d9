import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test } from './fixtures.ts';

// Decision 0029: without Stripe keys, an approved seller's payout setup is the app's
// own simulated onboarding page, marked test mode; completing it enables payouts.

test('an approved seller completes the simulated payout onboarding and payouts are enabled', async ({ page, loginAs, request }) => {
  const { username, password } = await registerUser(page, 'connect');
  const login = async (name: string, pass: string) => {
    const res = await request.post('/api/login', { data: { username: name, password: pass } });
    return ((await res.json()) as { access_token: string; user: { id: number } });
  };
  const seller = await login(username, password);
  const storeName = `Onboarding Studio ${Date.now().toString(36)}`;
  const applied = await request.post('/api/sellers/apply', {
    headers: { authorization: `Bearer ${seller.access_token}` },
    data: { store_name: storeName, bio: 'Ballet lesson plans for young children, tested in class.' },
  });
  expect(applied.status()).toBe(201);
  const admin = await login(ACCOUNTS.curriculumAdmin, DEMO_PASSWORD);
  expect((await request.post(`/api/admin/sellers/${seller.user.id}/approve`, { headers: { authorization: `Bearer ${admin.access_token}` } })).status()).toBe(200);

  // The payments page's "set up payouts" call answers the simulated page in test mode.
  const started = await request.post('/api/stripe-connect', { headers: { authorization: `Bearer ${seller.access_token}` } });
  expect(await started.json()).toMatchObject({ url: '/seller/payments/onboarding', test_mode: true });

  await loginAs(username, password);
  await page.goto('/seller/payments/onboarding');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('note')).toContainText('TEST MODE');
  await expect(main.getByRole('note')).toContainText('no money moves');
  await expect(main.getByText(storeName)).toBeVisible();
  await expect(main.getByText('Not enabled yet')).toBeVisible();
  expect(await seriousViolations(page), 'axe on the onboarding page').toEqual([]);

  await main.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/seller\/payments\?connect=return$/);
  const status = await request.get('/api/stripe-connect/account-status', { headers: { authorization: `Bearer ${seller.access_token}` } });
  expect(await status.json()).toMatchObject({ payouts_enabled: true, test_mode: true });
});

test('the onboarding page fits a phone without sideways scrolling', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(ACCOUNTS.seller);
  await page.goto('/seller/payments/onboarding');
  await hydrated(page);
  // The demo seller's page loads (the account is made on arrival, or a reason is shown).
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Set up payouts' })).toBeVisible();
  await expect(page.getByText('Loading payout setup...')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
