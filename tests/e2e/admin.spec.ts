import type { APIRequestContext, Page } from '@playwright/test';
import { SIDEBAR_MENUS, type SidebarMenuKind } from '../../worker/src/domain/navigation.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test, uniqueName } from './fixtures.ts';

const DEACTIVATE_PROMPT = 'Deactivate this account? They will be signed out everywhere.';

async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Signs in for this page load only (unlike loginAs, which restores the token on every load). */
async function signInOnce(page: Page, request: APIRequestContext, username: string): Promise<string> {
  const token = await apiToken(request, username);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  return token;
}

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Admin sidebar' });
}

const MENU_NAMES: Record<SidebarMenuKind, string> = {
  admin: 'Admin menu',
  'curriculum-admin': 'Curriculum Admin menu',
  seller: 'Seller menu',
  instructor: 'Instructor menu',
};

test.describe('admin sidebar', () => {
  const cases: { account: string; kind: SidebarMenuKind }[] = [
    { account: ACCOUNTS.admin, kind: 'admin' },
    { account: ACCOUNTS.curriculumAdmin, kind: 'curriculum-admin' },
    { account: ACCOUNTS.instructorAdmin, kind: 'instructor' },
  ];
  for (const { account, kind } of cases) {
    test(`${account} sees the ${kind} menu on /admin/dashboard`, async ({ page, loginAs }) => {
      await loginAs(account);
      await page.goto('/admin/dashboard');
      const nav = sidebar(page).getByRole('navigation', { name: MENU_NAMES[kind], exact: true });
      await expect(nav).toBeVisible();
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(SIDEBAR_MENUS[kind].length);
      for (const [i, item] of SIDEBAR_MENUS[kind].entries()) {
        // An entry with a count (Feedback's waiting requests) is named with it: "Feedback, 1 waiting".
        await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`^${item.label}( ?, [\\d,]+ waiting)?$`));
        await expect(links.nth(i)).toHaveAttribute('href', item.href);
      }
      for (const other of Object.keys(MENU_NAMES) as SidebarMenuKind[]) {
        if (other !== kind) await expect(sidebar(page).getByRole('navigation', { name: MENU_NAMES[other], exact: true })).toHaveCount(0);
      }
      await expect(sidebar(page).getByRole('link', { name: 'Return to Website' })).toHaveAttribute('href', '/');
      await expect(sidebar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    });
  }

  test('highlights the current item, also on a user detail page', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/users');
    const nav = sidebar(page).getByRole('navigation', { name: 'Admin menu', exact: true });
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/admin/users/1');
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  test('collapses and expands, remembering the choice', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/dashboard');
    await hydrated(page);
    const toggle = sidebar(page).getByRole('button', { name: 'Toggle sidebar' });
    const usersLink = sidebar(page).getByRole('link', { name: 'Users' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const wide = (await sidebar(page).boundingBox())!.width;

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(wide / 2);
    await expect(usersLink).toBeVisible();

    await page.reload();
    await hydrated(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(wide / 2);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.reload();
    await hydrated(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeGreaterThan(wide - 2);
  });

  test('Return to Website goes to /', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/dashboard');
    // The menu comes in once the user is known and moves the link down: click it after that.
    await expect(sidebar(page).getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Return to Website' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Sign Out ends the session and goes to /', async ({ page, request }) => {
    const token = await signInOnce(page, request, ACCOUNTS.admin);
    await page.goto('/admin/dashboard');
    await hydrated(page);
    await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect((await request.get('/api/me', { headers: bearer(token) })).status()).toBe(401);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe('admin guard: anonymous visitors to /auth, non-admins to /', () => {
  test('/admin leads to /admin/dashboard', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('an anonymous visitor of /admin/users goes to /auth', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/auth/);
  });

  test('a student on /admin/users goes to /', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.student);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/$/);
  });

  // Any role containing ADMIN opens admin pages, a curriculum admin too; the permission table keeps people ADMIN's (decision 0013).
  test('a curriculum admin opens /admin/users but sees no user management', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.curriculumAdmin);
    await page.goto('/admin/users');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByLabel('Search users')).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await page.goto('/admin/dashboard');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Your areas' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sellers' })).toBeVisible();
  });
});

test.describe('admin pages', () => {
  test('the dashboard shows the counts the API reports', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/stats' && r.ok());
    await page.goto('/admin/dashboard');
    const stats = (await (await answer).json()) as {
      users: number;
      active_users: number;
      admins: number;
      new_users_7d: number;
      messages: number;
      unread_messages: number;
      active_sessions: number;
      roles: Record<string, number>;
    };
    expect(stats.users).toBeGreaterThanOrEqual(7);
    const glance = page.getByRole('region', { name: 'At a glance' });
    const card = (label: string) => glance.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    const fmt = (n: number) => n.toLocaleString('en-US');
    await expect(card('Users').getByText(fmt(stats.users), { exact: true })).toBeVisible();
    await expect(card('Users')).toContainText(`${fmt(stats.active_users)} active`);
    await expect(card('Admins').getByText(fmt(stats.admins), { exact: true })).toBeVisible();
    await expect(card('New users (7 days)').getByText(fmt(stats.new_users_7d), { exact: true })).toBeVisible();
    await expect(card('Messages').getByText(fmt(stats.messages), { exact: true })).toBeVisible();
    await expect(card('Messages')).toContainText(`${fmt(stats.unread_messages)} unread`);
    await expect(card('Active sessions').getByText(fmt(stats.active_sessions), { exact: true })).toBeVisible();

    const byRole = page.getByRole('table');
    // Roles in words (shared/roles.ts), not their enums.
    await expect(byRole.getByRole('row', { name: /^Admin\b/ }).getByRole('cell')).toHaveText(fmt(stats.roles.ADMIN!));
    await expect(byRole.getByText('ADMIN', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Manage users' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/?$/);
  });

  test('searches users, opens one, grants and revokes a role', async ({ page, loginAs, request }) => {
    const target = await registerUser(page, 'admsearch');
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('table')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(target.username);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${target.username}`));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2); // header + the one match
    await expect(rows.nth(1)).toContainText(target.username);
    await expect(rows.nth(1)).toContainText('Active');

    // The search survives a reload (it lives in ?q=).
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(target.username);
    await expect(rows).toHaveCount(2);

    await page.getByRole('link', { name: `View ${target.username}` }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByText(`@${target.username}`)).toBeVisible();

    const roles = page.getByRole('list', { name: 'Current roles' });
    await expect(roles.getByText('Seller', { exact: true })).toHaveCount(0);
    await page.getByLabel('Role to grant').selectOption('SELLER');
    await page.getByRole('button', { name: 'Grant Role' }).click();
    await expect(roles.getByText('Seller', { exact: true })).toBeVisible();
    await expect(page.getByText('Role granted')).toBeVisible();

    const adminToken = await apiToken(request, ACCOUNTS.admin);
    const read = async () => ((await (await request.get(`/api/users/${id}`, { headers: bearer(adminToken) })).json()) as { role: string[] }).role;
    expect(await read()).toContain('SELLER');

    // Revoking asks first; Cancel keeps the role.
    await page.getByRole('button', { name: 'Revoke Seller' }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Revoke Seller from/ });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(await read()).toContain('SELLER');
    await page.getByRole('button', { name: 'Revoke Seller' }).click();
    await confirm.getByRole('button', { name: 'Revoke role' }).click();
    await expect(roles.getByText('Seller', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Role revoked')).toBeVisible();
    expect(await read()).not.toContain('SELLER');

    // The last role cannot go: the button is disabled and says why; the server refuses it too.
    await expect(page.getByRole('button', { name: 'Revoke Student' })).toBeDisabled();
    await expect(page.getByText('A user must keep at least one role: grant another role before removing this one.')).toBeVisible();
    const refused = await request.delete(`/api/users/${id}/roles/STUDENT`, { headers: bearer(adminToken) });
    expect(refused.status()).toBe(409);
    expect(await read()).toEqual(['STUDENT']);
  });

  test("an admin cannot revoke their own ADMIN role or deactivate themselves: the controls say why", async ({ page, loginAs, request }) => {
    const adminToken = await apiToken(request, ACCOUNTS.admin);
    const me = (await (await request.get('/api/me', { headers: bearer(adminToken) })).json()) as { id: number };
    await loginAs(ACCOUNTS.admin);
    await page.goto(`/admin/users/${me.id}`);
    await expect(page.getByRole('button', { name: 'Revoke Admin' })).toBeDisabled();
    await expect(page.getByText('You cannot remove your own Admin role.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Account active' })).toBeDisabled();
    await expect(page.getByText('You cannot deactivate your own account.')).toBeVisible();
  });

  test('deactivates (signing the user out) and reactivates an account', async ({ page, loginAs, request }) => {
    const target = await registerUser(page, 'admdeact');
    const userToken = await apiToken(request, target.username, target.password);
    const me = (await (await request.get('/api/me', { headers: bearer(userToken) })).json()) as { id: number };

    await loginAs(ACCOUNTS.admin);
    await page.goto(`/admin/users/${me.id}`);
    const active = page.getByRole('switch', { name: 'Account active' });
    await expect(active).toBeChecked();

    // Cancel first: nothing changes.
    await active.click();
    const dialog = page.getByRole('alertdialog', { name: DEACTIVATE_PROMPT });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(active).toBeChecked();

    await active.click();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog).toBeHidden();
    await expect(active).not.toBeChecked();
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
    expect((await request.get('/api/me', { headers: bearer(userToken) })).status()).toBe(401);

    await active.click();
    await expect(active).toBeChecked();
    await expect(page.getByText('Account reactivated')).toBeVisible();
    await apiToken(request, target.username, target.password);
  });

  test('an admin cannot deactivate their own account', async ({ page, loginAs, request }) => {
    const token = await loginAs(ACCOUNTS.admin);
    const me = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as { id: number };
    await page.goto(`/admin/users/${me.id}`);
    await expect(page.getByRole('switch', { name: 'Account active' })).toBeDisabled();
    await expect(page.getByText('You cannot deactivate your own account.')).toBeVisible();
  });

  test('an unknown or malformed id shows User not found', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    for (const id of ['abc', '987654321']) {
      await page.goto(`/admin/users/${id}`);
      await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/admin/users');
    }
  });

  test('the roles page lists every role with its user count', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/roles' && r.ok());
    await page.goto('/admin/roles');
    const { data } = (await (await answer).json()) as { data: { name: string; user_count: number }[] };
    expect(data.length).toBeGreaterThanOrEqual(15);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(data.length + 1);
    const admin = data.find((r) => r.name === 'ADMIN')!;
    await expect(page.getByRole('row', { name: /^Admin\b/ }).getByRole('cell').last()).toHaveText(String(admin.user_count));

    // A count opens the users who hold that role.
    await page.getByRole('link', { name: `${admin.user_count} ${admin.user_count === 1 ? 'user' : 'users'} with Admin` }).click();
    await expect(page).toHaveURL(/\/admin\/users\?role=ADMIN$/);
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('ADMIN');
    await expect(page.getByText(admin.user_count === 1 ? '1 user' : `${admin.user_count} users`, { exact: true })).toBeVisible();
    const userRows = page.getByRole('table').getByRole('row');
    await expect(userRows).toHaveCount(Math.min(admin.user_count, 20) + 1);
    await page.getByLabel('Role', { exact: true }).selectOption('');
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test('reads a message sent through the contact form and marks it read', async ({ page, loginAs, request }) => {
    const subject = `Studio question ${uniqueName('msg')}`;
    const sent = await request.post('/api/contact', {
      data: { name: 'Ada Lovelace', email: 'ada@example.com', subject, message: 'Do you offer group pricing for a studio of twelve teachers?' },
    });
    expect(sent.status()).toBe(201);

    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/messages');
    const message = page.getByRole('article', { name: subject });
    await expect(message).toBeVisible();
    await expect(message.getByText('New', { exact: true })).toBeVisible();
    await expect(message).toContainText('Do you offer group pricing for a studio of twelve teachers?');
    await expect(message).toContainText('Ada Lovelace');

    // Unread filter shows it; marking it read takes it out of that list.
    await page.getByRole('button', { name: 'Unread' }).click();
    await expect(page.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    await expect(message).toBeVisible();
    await message.getByRole('button', { name: 'Mark as read' }).click();
    await expect(message).toHaveCount(0);

    await page.getByRole('button', { name: 'All' }).click();
    await expect(message.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
    await expect(message.getByText('New', { exact: true })).toHaveCount(0);

    const token = await apiToken(request, ACCOUNTS.admin);
    const list = (await (await request.get('/api/contact-messages?status=all&pageSize=100', { headers: bearer(token) })).json()) as {
      data: { subject: string; read_at: string | null }[];
    };
    expect(list.data.find((m) => m.subject === subject)?.read_at).toBeTruthy();

    await message.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(message).toHaveCount(0);
  });
});
