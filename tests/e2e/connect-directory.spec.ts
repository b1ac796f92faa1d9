import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Client } from '@libsql/client';
import type { Page } from '@playwright/test';
import { instructorReviews } from '../../db/schema/index.ts';
import { createDb, type Db } from '../../worker/src/platform/db.ts';
import { openEmbeddedClient } from '../../worker/src/platform/node-db.ts';
import { lookupZip } from '../../worker/src/services/connect/zipcode.ts';
import { createInstructor, giveBooking, givePackage, type GivenInstructor, type InstructorOptions } from '../support/booking-factories.ts';
import { createUser } from '../support/factories.ts';
import { expect, test } from './fixtures.ts';

/**
 * A visitor finds an instructor on /connect (decision 0032): filters by style, then by distance
 * from a ZIP code, and opens an instructor's page with its lesson types and reviews. The
 * instructors are written straight into the running server's database (a completed lesson and
 * its review cannot be made through the API in a test's time); its triggers move the `connect`
 * version, so the server renders the directory again on the next read.
 */

// Screenshots for review (not committed); CONNECT_SHOTS puts them elsewhere.
const SHOTS = process.env.CONNECT_SHOTS ?? 'test-results/connect/';

interface World {
  style: { name: string; slug: string };
  /** A style fourteen instructors teach: more than a page. */
  many: { name: string; slug: string };
  ava: GivenInstructor;
  ben: GivenInstructor;
  cleo: GivenInstructor;
  dana: GivenInstructor;
}

async function seed(db: Db, client: Client): Promise<World> {
  const suffix = Date.now().toString(36);
  const name = `Waltz ${suffix}`;
  const slug = `waltz-${suffix}`;
  await client.execute({ sql: 'INSERT INTO dance_styles (name, slug, position) VALUES (?, ?, 999)', args: [name, slug] });
  const at = async (zip: string, options: InstructorOptions) => {
    const place = (await lookupZip(zip))!;
    return createInstructor(db, {
      styles: [name],
      offersInPerson: true,
      offersOnline: false,
      zip,
      city: place.city,
      state: place.state,
      latitude: place.latitude,
      longitude: place.longitude,
      ...options,
    });
  };
  const ava = await at('10001', {
    firstName: 'Ava',
    lastName: `Brooks ${suffix}`,
    headline: 'Viennese waltz for couples and wedding dances',
    lessonTypes: [
      { kind: 'private', title: 'Private waltz lesson', priceCents: 8000, mode: 'in_person' },
      { kind: 'group', title: 'Saturday waltz class', priceCents: 2500, capacity: 8, durationMinutes: 90, mode: 'in_person' },
    ],
  });
  const ben = await at('07102', {
    firstName: 'Ben',
    lastName: `Carter ${suffix}`,
    headline: 'Ballroom coach in Newark',
    verified: true,
    offersOnline: true,
    lessonTypes: [{ kind: 'group', title: 'Waltz basics', priceCents: 3000, capacity: 6 }],
  });
  const cleo = await at('90210', { firstName: 'Cleo', lastName: `Diaz ${suffix}`, headline: 'Waltz in Beverly Hills', lessonTypes: [{ kind: 'private', priceCents: 6000 }] });
  const dana = await createInstructor(db, {
    firstName: 'Dana',
    lastName: `Evans ${suffix}`,
    headline: 'Online choreography for first dances',
    styles: [name],
    offersOnline: true,
    lessonTypes: [{ kind: 'choreography', title: 'First dance choreography', priceCents: 4500 }],
  });
  await givePackage(db, ava.lessonTypes[0]!, { lessonsCount: 5, priceCents: 36_000 });
  const student = await createUser(db, { firstName: 'Maya', lastName: 'Reed' });
  const lesson = await giveBooking(db, student.id, ava.lessonTypes[0]!, { startsAt: new Date(Date.now() - 7 * 86_400_000).toISOString() });
  await db.insert(instructorReviews).values({ bookingId: lesson.id, instructorId: ava.user.id, userId: student.id, rating: 5, comment: 'Our wedding waltz was a dream.' });
  const many = { name: `Polka ${suffix}`, slug: `polka-${suffix}` };
  await client.execute({ sql: 'INSERT INTO dance_styles (name, slug, position) VALUES (?, ?, 999)', args: [many.name, many.slug] });
  for (let i = 1; i <= 14; i++) {
    await createInstructor(db, { firstName: `Pia ${String(i).padStart(2, '0')}`, lastName: `Polka ${suffix}`, styles: [many.name], lessonTypes: [{ kind: 'private', priceCents: 4000 + i * 100 }] });
  }
  return { style: { name, slug }, many, ava, ben, cleo, dana };
}

let world: World;

test.beforeAll(async ({ server }) => {
  const client = await openEmbeddedClient(resolve(server.dataDir, 'drx.db'));
  try {
    world = await seed(createDb(client), client);
  } finally {
    client.close();
  }
});

const cards = (page: Page) => page.locator('[data-connect-results] > li:not([hidden])');
const names = (page: Page) => cards(page).locator('h2').allInnerTexts();
const full = (i: GivenInstructor) => `${i.user.firstName} ${i.user.lastName}`;

async function openDirectory(page: Page, path = '/connect') {
  await page.goto(path);
  await expect(page.locator('[data-island="connect-directory"][data-connect-ready]')).toHaveCount(1);
  // Phones keep the filters behind their button.
  const disclosure = page.locator('[data-connect-disclosure]');
  if (!(await disclosure.evaluate((d) => (d as HTMLDetailsElement).open))) await page.getByText('Filters and sort').click();
}

test('a visitor filters the directory by style and by distance from a ZIP code, then opens an instructor', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDirectory(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a dance instructor' })).toBeVisible();

  await page.getByLabel('Dance style', { exact: true }).selectOption({ label: world.style.name });
  // Recommended: the verified instructor first, then by rating, then by name.
  await expect.poll(() => names(page)).toEqual([full(world.ben), full(world.ava), full(world.cleo), full(world.dana)]);
  await expect(page.locator('[data-connect-count]')).toHaveText('4 instructors');
  await expect(page).toHaveURL(new RegExp(`style=${world.style.slug}`));
  const benCard = cards(page).first();
  await expect(benCard.getByText('Verified')).toBeVisible();
  await expect(benCard.getByText('Newark, NJ · also online')).toBeVisible();
  await expect(benCard.getByRole('link', { name: `Book a lesson with ${full(world.ben)}` })).toHaveAttribute('href', `/instructors/${world.ben.user.id}/book`);
  await expect(cards(page).nth(1).getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}directory-1280.png`, fullPage: true });

  // In person within 25 miles of New York 10001, nearest first.
  await page.getByLabel('ZIP code').fill('10001');
  await page.getByLabel('Where').selectOption('in_person');
  await page.getByLabel('Within').selectOption('25');
  await page.getByLabel('Sort by').selectOption('distance');
  await page.getByRole('button', { name: 'Show instructors' }).click();
  await expect.poll(() => names(page)).toEqual([full(world.ava), full(world.ben)]);
  await expect(page.locator('[data-connect-count]')).toHaveText('2 instructors near New York, NY');
  await expect(cards(page).first().locator('[data-distance]')).toHaveText('Under 1 mi away');
  await expect(cards(page).nth(1).locator('[data-distance]')).toHaveText(/^\d+(\.\d)? mi away$/);
  await expect(page).toHaveURL(/zip=10001/);

  // Online or in person: the online instructor joins, without a distance, last.
  await page.getByLabel('Where').selectOption('');
  await expect.poll(() => names(page)).toEqual([full(world.ava), full(world.ben), full(world.dana)]);

  // In person around Beverly Hills: Cleo alone.
  await page.getByLabel('ZIP code').fill('90210');
  await page.getByLabel('Where').selectOption('in_person');
  await page.getByRole('button', { name: 'Show instructors' }).click();
  await expect.poll(() => names(page)).toEqual([full(world.cleo)]);
  // None of them teaches professionals: the empty state.
  await page.getByLabel('Level').selectOption('Professional');
  await expect(page.getByRole('heading', { name: 'No instructors match' })).toBeVisible();
  await expect(page.locator('[data-connect-count]')).toHaveText('0 instructors near Beverly Hills, CA');

  // The shared address renders the same result on the server, even without the island.
  const shared = await page.request.get(`/connect?style=${world.style.slug}&zip=10001&mode=in_person&radius=25&sort=distance`);
  const html = await shared.text();
  expect(html.indexOf(full(world.ava))).toBeLessThan(html.indexOf(full(world.ben)));
  expect(html).toContain('2 instructors');

  await page.getByRole('link', { name: 'Clear filters' }).first().click();
  await page.getByLabel('Dance style', { exact: true }).selectOption({ label: world.style.name });
  await cards(page).getByRole('link', { name: full(world.ava), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/instructors/${world.ava.user.id}$`));
  await expect(page.getByRole('heading', { name: `Lessons with ${full(world.ava)}` })).toBeVisible();
  const types = page.locator('[data-lesson-types]');
  await expect(types.getByRole('heading', { name: 'Private waltz lesson' })).toBeVisible();
  await expect(types.getByText('Group class · 1 h 30 min · In person · up to 8 people')).toBeVisible();
  await expect(types.getByText('$25.00')).toBeVisible();
  await expect(page.locator('[data-packages]').getByText('Save 10%')).toBeVisible();
  await expect(page.locator('[data-reviews]').getByText('Our wedding waltz was a dream.')).toBeVisible();
  await expect(page.locator('[data-reviews]').getByText('Maya R.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a lesson' })).toHaveAttribute('href', `/instructors/${world.ava.user.id}/book`);
  await page.screenshot({ path: `${SHOTS}instructor-1280.png`, fullPage: true });
});

test('on a phone the filters open from their button and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/connect?style=${world.style.slug}`);
  await expect(page.locator('[data-connect-ready]')).toHaveCount(1);
  await expect(page.getByLabel('Dance style', { exact: true })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}directory-390.png`, fullPage: true });
  await page.getByText('Filters and sort').click();
  await expect(page.getByLabel('Dance style', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Dance style', { exact: true })).toHaveValue(world.style.slug);
  await page.screenshot({ path: `${SHOTS}directory-filters-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto(`/instructors/${world.ava.user.id}`);
  await expect(page.getByRole('heading', { name: 'Lesson types' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}instructor-390.png`, fullPage: true });
});

test('/connect-updated and /connect-old are the same directory, naming /connect as canonical', async ({ page }) => {
  for (const path of ['/connect-updated', '/connect-old']) {
    await page.goto(`${path}?style=${world.style.slug}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', '/connect');
    await expect(page.locator('[data-connect-ready]')).toHaveCount(1);
    await expect.poll(() => names(page)).toEqual([full(world.ben), full(world.ava), full(world.cleo), full(world.dana)]);
  }
});

test('the directory shows twelve instructors a page: Next, Previous and Back swap in the other page, the filter kept', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDirectory(page, `/connect?style=${world.many.slug}&sort=price_low`);
  await expect(page.locator('[data-connect-count]')).toHaveText('14 instructors');
  await expect(cards(page)).toHaveCount(12);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByText('Page 1 of 2')).toBeVisible();
  const first = await names(page);
  // Cheapest first: Pia 01 … Pia 12 here, 13 and 14 on the next page.
  expect(first[0]).toMatch(/^Pia 01 /);
  expect(first[11]).toMatch(/^Pia 12 /);
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?style=${world.many.slug}&sort=price_low&page=2$`));
  await expect.poll(() => names(page)).toEqual([expect.stringMatching(/^Pia 13 /), expect.stringMatching(/^Pia 14 /)]);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_low');
  await page.goBack();
  await expect.poll(() => names(page)).toEqual(first);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous' }).click();
  await expect.poll(() => names(page)).toEqual(first);
  await expect(page).toHaveURL(new RegExp(`\\?style=${world.many.slug}&sort=price_low$`));
});

/** Serious and critical findings of axe, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('axe finds no serious violation on the directory (filters open, a ZIP searched) and on an instructor page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDirectory(page, `/connect?style=${world.style.slug}&zip=10001`);
  await expect(page.locator('[data-connect-count]')).toContainText('near New York, NY');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/instructors/${world.ava.user.id}`);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});
