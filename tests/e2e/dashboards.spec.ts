import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from '@playwright/test';
import type { AdminDashboard } from '../../shared/dashboards/admin.ts';
import type { AreaSummary } from '../../shared/dashboards/areas.ts';
import type { InstructorStats } from '../../shared/dashboards/instructor-stats.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { freshAccount } from './plan-fixtures.ts';

// The dashboards show the database's figures (as the API answers them), charts with
// their tables, and empty states. Screenshots at 390 and 1280 px land in test-results/dashboards/
// for review (not committed).

const SHOTS = process.env.DASHBOARD_SHOTS ?? fileURLToPath(new URL('../../test-results/dashboards/', import.meta.url));
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const count = (n: number) => n.toLocaleString('en-US');

const answerOf = (page: Page, path: string, search = '') =>
  page.waitForResponse((r: Response) => {
    const url = new URL(r.url());
    return url.pathname === path && (search === '' || url.search === search) && r.ok();
  });

/** Neither the document nor the body is wider than the screen; a full-page screenshot at each width. */
async function fitsAndShoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0], `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(widths[1]!);
    await page.screenshot({ path: `${SHOTS.replace(/\/?$/, '/')}${name}-${width}.png`, fullPage: true });
  }
}

test('the admin dashboard shows the period’s figures, charts with their tables, and recent activity', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.admin);
  const first = answerOf(page, '/api/admin/dashboard', '?days=30');
  await page.goto('/admin/dashboard');
  const month = (await (await first).json()) as AdminDashboard;
  await hydrated(page);
  const main = page.getByRole('main');
  const figures = main.getByRole('list', { name: 'Figures of the period' });
  const stat = (label: string) => figures.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
  await expect(main.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
  await expect(stat('Revenue')).toContainText(money(month.revenue.total_cents));
  await expect(stat('New users')).toContainText(count(month.users.new_in_period));
  await expect(stat('Orders paid')).toContainText(`${count(month.orders.pending)} awaiting payment`);
  await expect(stat('Monthly recurring revenue')).toContainText(money(month.subscriptions.mrr_cents));
  await expect(stat('Upcoming bookings')).toContainText(count(month.bookings.upcoming));
  await expect(stat('Awaiting review')).toContainText(count(month.review.resources_awaiting));

  // A year: the demo store's sales and the demo subscriptions' invoices fall in it.
  const yearAnswer = answerOf(page, '/api/admin/dashboard', '?days=365');
  await main.getByRole('button', { name: 'Last 12 months' }).click();
  const year = (await (await yearAnswer).json()) as AdminDashboard;
  await expect(page).toHaveURL(/\?days=365$/);
  await expect(main.getByRole('heading', { name: 'Last 12 months' })).toBeVisible();
  expect(year.revenue.total_cents).toBeGreaterThan(0);
  await expect(stat('Revenue')).toContainText(money(year.revenue.total_cents));

  const chart = main.getByRole('img', { name: /^Revenue by kind per month/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(new RegExp(`Revenue: ${money(year.revenue.total_cents).replace(/[$.]/g, '\\$&')} in total`));
  const revenue = main.getByRole('region', { name: 'Revenue by kind' });
  await revenue.getByText('Revenue by kind per month as a table').click();
  const table = revenue.getByRole('table', { name: 'Revenue by kind per month' });
  await expect(table).toBeVisible();
  const months = await table.getByRole('row').count();
  expect(months - 1).toBeGreaterThanOrEqual(12);
  const lastRow = table.getByRole('row').last();
  const lastMonth = year.revenue.series.filter((d) => d.day.slice(0, 7) === year.to.slice(0, 7));
  const lastTotal = lastMonth.reduce((n, d) => n + d.COURSE + d.RESOURCE + d.SUBSCRIPTION + d.BOOKING + d.PACKAGE, 0);
  await expect(lastRow.getByRole('cell').last()).toHaveText(money(lastTotal));
  const kinds = revenue.getByRole('figure', { name: 'Revenue by kind, the whole period' });
  await expect(kinds.getByRole('listitem').filter({ hasText: 'Resources' })).toContainText(money(year.revenue.by_kind.RESOURCE));
  await expect(kinds.getByRole('listitem').filter({ hasText: 'Subscriptions' })).toContainText(money(year.revenue.by_kind.SUBSCRIPTION));

  const plans = main.getByRole('region', { name: 'Subscriptions', exact: true });
  const paying = year.subscriptions.plans.filter((p) => p.paying > 0);
  expect(paying.length).toBeGreaterThan(0);
  const mrr = plans.getByRole('figure', { name: 'Monthly recurring revenue per plan' });
  for (const plan of paying) await expect(mrr.getByRole('listitem').filter({ hasText: plan.name })).toContainText(money(plan.mrr_cents));

  const activity = main.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByRole('listitem')).toHaveCount(year.recent_activity.length);
  await expect(activity.getByRole('listitem').first()).toContainText(year.recent_activity[0]!.text);

  expect(await seriousViolations(page)).toEqual([]);
  await fitsAndShoot(page, 'admin-dashboard');
});

test('a new learner sees their dashboard’s empty states, each with a way on', async ({ page, request, loginAs }) => {
  const fresh = await freshAccount(request, 'dashfresh', 'Nova', 'Learner');
  await loginAs(fresh.username, fresh.password);
  const answer = answerOf(page, '/api/me/dashboard');
  await page.goto('/dashboard/user');
  expect(((await (await answer).json()) as { courses: { enrolled: number } }).courses.enrolled).toBe(0);
  await hydrated(page);
  const main = page.getByRole('main');
  const figures = main.getByRole('list', { name: 'Your figures' });
  for (const label of ['Courses in progress', 'Certificates', 'Purchases', 'Upcoming bookings']) {
    await expect(figures.getByRole('link', { name: new RegExp(`^0 ${label}`) })).toBeVisible();
  }
  await expect(main.getByText('You are not taking a course yet.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  await expect(main.getByText('No sessions booked.')).toBeVisible();
  await expect(main.getByText('No certificates yet. Finish a course to earn one.')).toBeVisible();
  await expect(main.getByText('Nothing bought yet.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'See plans' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAndShoot(page, 'learner-empty');
});

test('the student’s dashboard shows their courses with progress and their bookings', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.student);
  const answer = answerOf(page, '/api/me/dashboard');
  await page.goto('/dashboard/user');
  const data = (await (await answer).json()) as { courses: { in_progress: number; continue: { course: { title: string }; progress_percent: number }[] }; bookings: { upcoming: number } };
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: new RegExp(`^${data.courses.in_progress} Courses in progress`) })).toBeVisible();
  await expect(main.getByRole('link', { name: new RegExp(`^${data.bookings.upcoming} Upcoming bookings`) })).toBeVisible();
  for (const c of data.courses.continue) {
    await expect(main.getByRole('progressbar', { name: c.course.title })).toHaveAttribute('aria-valuenow', String(c.progress_percent));
  }
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAndShoot(page, 'learner-student');
});

test('the multirole account gets a card per role, each with its live figures and its way in', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.multirole);
  const answer = answerOf(page, '/api/me/areas');
  await page.goto('/multi-dashboard');
  const { areas } = (await (await answer).json()) as { areas: AreaSummary[] };
  await hydrated(page);
  expect(areas.map((a) => a.key)).toEqual(['learner', 'instructor', 'seller']);
  const cards = page.getByRole('main').getByRole('list', { name: 'Your areas' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(3);
  const titles = { learner: 'Learner', instructor: 'Instructor', seller: 'Seller' } as const;
  const targets = { learner: '/dashboard/user', instructor: '/instructor/dashboard', seller: '/seller' } as const;
  for (const area of areas) {
    const key = area.key as keyof typeof titles;
    const card = page.getByRole('listitem', { name: titles[key], exact: true });
    for (const figure of area.figures) {
      await expect(card.getByRole('definition').filter({ hasText: figure.unit === 'cents' ? money(figure.value) : count(figure.value) }).first()).toBeVisible();
      await expect(card.getByRole('term').filter({ hasText: figure.label })).toBeVisible();
    }
    await expect(card.getByRole('link', { name: /^Open / })).toHaveAttribute('href', targets[key]);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAndShoot(page, 'multi-dashboard');

  await page.setViewportSize({ width: 1280, height: 900 });
  const sessions = answerOf(page, '/api/instructor/dashboard');
  const figures = answerOf(page, '/api/instructor/stats');
  // The dashboard's figures are the server's running totals: it never downloads every enrolment.
  const everyEnrolment: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/instructor/enrollments') everyEnrolment.push(r.url());
  });
  await page.getByRole('link', { name: 'Open instructor dashboard' }).click();
  await expect(page).toHaveURL(/\/instructor\/dashboard$/);
  const mine = (await (await sessions).json()) as { bookings: { upcoming: number } };
  const stats = (await (await figures).json()) as InstructorStats;
  await hydrated(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(`${stats.enrollments}Enrolments`);
  await expect(summary).toContainText(`${stats.completions}Completions`);
  await expect(summary).toContainText(`${stats.average_progress}%Average progress`);
  const recent = page.getByRole('region', { name: 'Recent enrolments' }).getByRole('listitem');
  await expect(recent).toHaveCount(stats.recent_enrollments.length);
  if (stats.recent_enrollments[0]) await expect(recent.first()).toContainText(`in ${stats.recent_enrollments[0].course.title}`);
  expect(everyEnrolment).toEqual([]);
  const bookings = page.getByRole('region', { name: 'Bookings' });
  await expect(bookings.getByRole('group', { name: 'Bookings figures' })).toContainText(`${mine.bookings.upcoming}Upcoming sessions`);
  await fitsAndShoot(page, 'instructor-dashboard');
});

test('the seller dashboard charts the last 30 days’ revenue, as the analytics answer it', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.seller);
  const answer = answerOf(page, '/api/seller/analytics', '?days=30');
  await page.goto('/seller');
  const analytics = (await (await answer).json()) as { totals: { sales: number; revenue_cents: number } };
  await hydrated(page);
  const panel = page.getByRole('main').getByRole('region', { name: 'The last 30 days' });
  if (analytics.totals.sales === 0 && analytics.totals.revenue_cents === 0) {
    await expect(panel.getByText('No sales in the last 30 days.')).toBeVisible();
  } else {
    await expect(panel.getByRole('img', { name: /^Revenue per day/ })).toHaveAccessibleName(new RegExp(`${money(analytics.totals.revenue_cents).replace(/[$.]/g, '\\$&')} in total`));
    await panel.getByText('Revenue per day as a table').click();
    await expect(panel.getByRole('table', { name: 'Revenue per day' }).getByRole('row')).toHaveCount(31);
  }
  await expect(panel.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/seller/analytics');
  expect(await seriousViolations(page)).toEqual([]);
  await fitsAndShoot(page, 'seller-dashboard');
});
