import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructorProfiles, instructorReviews } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking, givePackage, type GivenInstructor } from '../../../tests/support/booking-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { root } from '../../../tests/support/paths.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import { loadNodePageRenderer, NODE_PAGE_RENDERER } from '../platform/node-page-renderer.ts';
import type { PageRenderer } from '../platform/page-renderer.ts';
import { connectHash, loadConnectPage } from '../services/connect/connect-page.ts';
import { lookupZip } from '../services/connect/zipcode.ts';
import { DEFAULT_DIRECTORY_QUERY } from '../../../shared/connect/directory-search.ts';

/**
 * /connect after the build (decision 0032), as site-plans.test.ts does for /subscription: the
 * built page while the directory is the build's, the page rendered from the database once a
 * profile changed (no rebuild), a query rendered with its filters, the three addresses, and the
 * public cache under the `connect` version. A stand-in renderer names what it was given; the
 * last part renders with the build's real renderer (skipped without `npm run build`).
 */

let t: TestApp;
let nora: GivenInstructor;
let ned: GivenInstructor;
const renders: string[] = [];
const standIn: PageRenderer = {
  async render(name, request, data) {
    const url = new URL(request.url);
    renders.push(`${name} ${url.pathname}`);
    const shown = 'records' in data ? `${data.records.map((r) => r.headline).join(', ')}; zip ${data.query.zip || '-'}; origin ${data.origin?.city ?? '-'}; ${data.problems.join('|')}` : '';
    return new Response(`Rendered ${name} at ${url.pathname}: ${shown}`, { headers: { 'content-type': 'text/html' } });
  },
};

function write(site: string, path: string, body: string) {
  const file = resolve(site, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

async function page(path: string) {
  const res = await t.request(path);
  return { status: res.status, source: res.headers.get('x-catalog-source'), text: await res.text() };
}

beforeAll(async () => {
  t = await createTestApp();
  const place = (await lookupZip('10001'))!;
  nora = await createInstructor(t.db, { firstName: 'Nora', lastName: 'York', headline: 'Ballet in Manhattan', offersInPerson: true, zip: '10001', city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude });
  ned = await createInstructor(t.db, { firstName: 'Ned', lastName: 'Online', headline: 'Jazz online', styles: ['Jazz'] });
  // The build as it was: the three pages and the hash of the directory they showed.
  const site = resolve(t.dir, 'site');
  write(site, '404.html', '<h1>Not found</h1>');
  for (const path of ['connect', 'connect-updated', 'connect-old']) write(site, `${path}/index.html`, `Static ${path}`);
  write(site, 'connect-manifest.json', JSON.stringify({ version: 1, hash: await connectHash(await loadConnectPage(t.db)) }));
  t.platform.assets = createDiskAssets(site);
  t.platform.renderer = standIn;
});
afterAll(() => t?.close());

describe('/connect after the build', () => {
  it('serves the built page at each of its three addresses while the directory is the build’s', async () => {
    expect(await page('/connect')).toMatchObject({ status: 200, source: 'static', text: 'Static connect' });
    expect(await page('/connect/')).toMatchObject({ status: 200, source: 'static', text: 'Static connect' });
    expect(await page('/connect-updated')).toMatchObject({ status: 200, source: 'static', text: 'Static connect-updated' });
    expect(await page('/connect-old')).toMatchObject({ status: 200, source: 'static', text: 'Static connect-old' });
    // A write that changes nothing the page shows (the calendar token) moves the version, not the page.
    await t.db.update(instructorProfiles).set({ calendarToken: 'rotated-token-for-the-test' }).where(eq(instructorProfiles.userId, ned.user.id));
    expect(await page('/connect')).toMatchObject({ status: 200, source: 'static' });
    expect(renders).toEqual([]);
  });

  it('renders a query with its filters and the searched place, and names what it could not use', async () => {
    // The page is given the query's page of matches, in its order (decision 0072), not every profile.
    expect(await page('/connect?style=ballet&zip=10001&mode=in_person')).toMatchObject({
      status: 200,
      source: 'rendered',
      text: 'Rendered connect at /connect: Ballet in Manhattan; zip 10001; origin New York; ',
    });
    // Recommended, with nothing else to tell them apart: by name.
    expect((await page('/connect-old?zip=1234')).text).toBe('Rendered connect at /connect-old: Jazz online, Ballet in Manhattan; zip -; origin -; Enter a 5-digit US ZIP code.');
    expect((await page('/connect?zip=00000')).text).toMatch(/origin -; ZIP code not found$/);
  });

  it('renders the directory again once a profile changed, without a rebuild, and is fresh on the next read', async () => {
    await t.db.update(instructorProfiles).set({ headline: 'Ballet and pointe in Manhattan' }).where(eq(instructorProfiles.userId, nora.user.id));
    expect(await page('/connect')).toMatchObject({ status: 200, source: 'rendered', text: 'Rendered connect at /connect: Jazz online, Ballet and pointe in Manhattan; zip -; origin -; ' });
    expect((await page('/connect-updated')).text).toMatch(/^Rendered connect at \/connect-updated: Jazz online, Ballet and pointe/);
    // Unpublished: gone from the directory on the next read.
    await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, ned.user.id));
    expect((await page('/connect')).text).toBe('Rendered connect at /connect: Ballet and pointe in Manhattan; zip -; origin -; ');
    await t.db.update(instructorProfiles).set({ status: 'published' }).where(eq(instructorProfiles.userId, ned.user.id));
  });

  it('keeps the answer in the public cache under the connect version', async () => {
    const before = renders.length;
    await page('/connect?sort=rating');
    await page('/connect?sort=rating');
    expect(renders.length).toBe(before + 1);
    await t.db.update(instructorProfiles).set({ verified: true }).where(eq(instructorProfiles.userId, ned.user.id));
    await page('/connect?sort=rating');
    expect(renders.length).toBe(before + 2);
  });

  it('renders the page an address asks, and the last one for a page past the end', async () => {
    const front = await loadConnectPage(t.db);
    expect(front).toMatchObject({ page: 1, total: 2, capped: false, listed: true });
    const past = await loadConnectPage(t.db, DEFAULT_DIRECTORY_QUERY, [], 9);
    expect(past.page).toBe(1);
    expect(past.records.map((r) => r.id)).toEqual(front.records.map((r) => r.id));
    expect(await page('/connect?page=9')).toMatchObject({ status: 200, source: 'rendered', text: 'Rendered connect at /connect: Jazz online, Ballet and pointe in Manhattan; zip -; origin -; ' });
  });
});

const built = existsSync(resolve(root, NODE_PAGE_RENDERER));

describe.skipIf(!built)('/connect and /instructors/{id} rendered with the site components', () => {
  beforeAll(async () => {
    t.platform.renderer = await loadNodePageRenderer(root);
  });

  it('renders the cards in the query’s order with distances, the filters as asked, and the canonical address', async () => {
    const { text, source } = await page('/connect-old?zip=10001&sort=distance');
    expect(source).toBe('rendered');
    expect(text).toMatch(/^<!DOCTYPE html>/i);
    expect(text).toContain('<link rel="canonical" href="/connect">');
    expect(text).toContain('<h1>Find a dance instructor</h1>');
    expect(text).toMatch(/<input id="connect-zip"[^>]*value="10001"/);
    expect(text).toMatch(/<option value="distance" selected>/);
    expect(text).toContain('2 instructors');
    expect(text).toContain('near New York, NY');
    expect(text.indexOf('Nora York')).toBeLessThan(text.indexOf('Ned Online'));
    expect(text).toContain('Under 1 mi away');
    expect(text).toContain(`href="/instructors/${nora.user.id}/book"`);
    expect(text).toMatch(/<link rel="stylesheet" href="\/_astro\/connect\.[^"]+\.css"/);

    const none = await page('/connect?style=tap');
    expect(none.text).toContain('0 instructors');
    expect(none.text).toMatch(/<div class="connect-empty card" data-connect-empty>/);
  });

  it('shows a profile edit on the next read of /connect', async () => {
    await t.db.update(instructorProfiles).set({ headline: 'Pointe work for adults' }).where(eq(instructorProfiles.userId, nora.user.id));
    expect((await page('/connect')).text).toContain('Pointe work for adults');
  });

  it("renders the instructor page's Connect & Book part: lesson types, packages, reviews and the booking card, fresh after a change", async () => {
    await givePackage(t.db, nora.lessonTypes[0]!, { lessonsCount: 4, priceCents: 18_000 });
    const student = await createUser(t.db, { firstName: 'Maya', lastName: 'Reed' });
    const booking = await giveBooking(t.db, student.id, nora.lessonTypes[0]!, { startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    await t.db.insert(instructorReviews).values({ bookingId: booking.id, instructorId: nora.user.id, userId: student.id, rating: 4, comment: 'Patient and precise.' });
    const first = await page(`/instructors/${nora.user.id}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Lessons with Nora York');
    expect(first.text).toContain('Private ballet lesson');
    expect(first.text).toContain('$50.00');
    expect(first.text).toContain('Save 10%');
    expect(first.text).toContain('Patient and precise.');
    expect(first.text).toContain('Maya R.');
    expect(first.text).toContain('aria-label="Rated 4.0 out of 5 from 1 review"');
    expect(first.text).toContain(`href="/instructors/${nora.user.id}/book">Book a lesson</a>`);
    expect(first.text).toContain('data-island="availability-preview"');
    await t.db.update(instructorProfiles).set({ headline: 'Now teaching pas de deux' }).where(eq(instructorProfiles.userId, nora.user.id));
    expect((await page(`/instructors/${nora.user.id}`)).text).toContain('Now teaching pas de deux');
    // Unpublished: the page of someone who teaches no course is gone with it.
    await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, nora.user.id));
    expect((await page(`/instructors/${nora.user.id}`)).status).toBe(404);
  });
});
