import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, courses } from '../../../db/schema/index.ts';
import { insertCatalogCourse } from '../../../tests/support/catalog-data.ts';
import { createAdmin, createUser, signIn } from '../../../tests/support/factories.ts';
import { root } from '../../../tests/support/paths.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import { loadNodePageRenderer, NODE_PAGE_RENDERER } from '../platform/node-page-renderer.ts';
import { DEFAULT_QUERY } from '../../../site/src/lib/catalog.ts';
import { buildCatalogManifest, loadCatalog, loadCourseListPage } from '../services/catalog-freshness.ts';

/**
 * The pages the server renders, with the build's real renderer (the site's Astro components,
 * decision 0020): a changed course is served rendered with its new price and never the old one.
 * Needs `npm run build` (npm test builds first); skipped without it.
 */
const built = existsSync(resolve(root, NODE_PAGE_RENDERER));

let t: TestApp;
let course: number;
let instructorId: number;

function write(site: string, path: string, body: string) {
  const file = resolve(site, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

beforeAll(async () => {
  if (!built) return;
  t = await createTestApp();
  const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Irina', lastName: 'Volkova' });
  instructorId = instructor.id;
  course = (
    await insertCatalogCourse(t.db, {
      title: 'Pointe work for teachers',
      description: 'Safe pointe preparation.',
      priceCents: 4900,
      instructorId,
      category: 'Ballet',
      modules: [{ title: 'Preparation', lessons: [{ title: 'Strength' }] }],
    })
  ).id;
  // The build as it was: the static pages of this catalog and its manifest.
  const site = resolve(t.dir, 'site');
  write(site, '404.html', '<h1>Not found</h1>');
  write(site, 'courses/index.html', 'Static course list');
  write(site, `courses/${course}/index.html`, 'Static course page');
  write(site, 'catalog-manifest.json', JSON.stringify(await buildCatalogManifest(await loadCourseListPage(t.db, DEFAULT_QUERY), await loadCatalog(t.db))));
  t.platform.assets = createDiskAssets(site);
  t.platform.renderer = await loadNodePageRenderer(root);
});
afterAll(() => t?.close());

async function html(path: string) {
  const res = await t.request(path);
  return { status: res.status, source: res.headers.get('x-catalog-source'), type: res.headers.get('content-type'), text: await res.text() };
}

describe.skipIf(!built)('pages rendered on the server from the site components', () => {
  it('serves a changed course rendered with the new price on the very next request, never the old one', async () => {
    expect(await html(`/courses/${course}`)).toMatchObject({ source: 'static', text: 'Static course page' });
    const admin = await createAdmin(t.db);
    const token = await signIn(t.db, admin.id);
    const res = await t.json('PATCH', `/api/courses/${course}`, { price: '59.00', title: 'Pointe work for dance teachers' }, token);
    expect(res.status).toBe(200);

    const page = await html(`/courses/${course}`);
    expect(page).toMatchObject({ status: 200, source: 'rendered' });
    expect(page.type).toContain('text/html');
    expect(page.text).toMatch(/^<!DOCTYPE html>/i);
    expect(page.text).toContain('<h1>Pointe work for dance teachers</h1>');
    expect(page.text).toContain('<span>$59.00</span>');
    expect(page.text).not.toContain('$49.00');
    expect(page.text).toContain(`href="/instructors/${instructorId}">Irina Volkova</a>`);
    expect(page.text).toContain('Strength');
    // The page's own scripts and styles, as the built page has them.
    expect(page.text).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
    expect(page.text).toMatch(/<link rel="stylesheet" href="\/_astro\/[^"]+\.css">/);
    expect(page.text).toContain('<title>Pointe work for dance teachers · DRX</title>');

    const list = await html('/courses');
    expect(list).toMatchObject({ status: 200, source: 'rendered' });
    expect(list.text).toContain(`href="/courses/${course}">Pointe work for dance teachers</a>`);
    expect(list.text).toContain('$59.00');
    expect(list.text).not.toContain('$49.00');
    // The view's one address, and a form and links that work without JavaScript.
    expect(list.text).toContain('<link rel="canonical" href="/courses">');
    expect(list.text).toContain('action="/courses" method="get"');
    expect(list.text).toContain('data-island="course-catalog"');

    const view = await html('/courses?q=pointe&sort=price_desc');
    expect(view).toMatchObject({ status: 200, source: 'rendered' });
    expect(view.text).toContain('<link rel="canonical" href="/courses?q=pointe&amp;sort=price_desc">');
    expect(view.text).toContain('1 course matches your search');
    expect(view.text).toContain('value="pointe"');
    expect(view.text).toMatch(/<option value="price_desc" selected>/);
    expect(view.text).toContain('aria-label="Remove filter Search: “pointe”"');
    expect(view.text).toContain('href="/courses?sort=price_desc" data-catalog-link>Clear filters</a>');
  });

  it('pages the list on the server: twelve cards a page, with links to the next and previous', async () => {
    for (let i = 1; i <= 12; i++) await insertCatalogCourse(t.db, { title: `Contemporary class ${String(i).padStart(2, '0')}`, category: 'Contemporary' });
    const first = await html('/courses?category=Contemporary&sort=price_asc');
    expect(first.text).toContain('12 courses match your search');
    expect(first.text.match(/<li data-course-id=/g)).toHaveLength(12);
    expect(first.text).not.toContain('aria-label="Pages"');
    const all = await html('/courses?page=2');
    expect(all.text).toContain('Page 2 of 2');
    expect(all.text).toContain('href="/courses" rel="prev" data-catalog-link>Previous</a>');
    expect(all.text).not.toContain('rel="next"');
    expect(all.text.match(/<li data-course-id=/g)?.length).toBeGreaterThan(0);
    expect(all.text.match(/<li data-course-id=/g)?.length).toBeLessThanOrEqual(12);
  });

  it('renders a course published after the build, and 404s a withdrawn one', async () => {
    const fresh = (await insertCatalogCourse(t.db, { title: 'Tap for toddlers', priceCents: 0, instructorId })).id;
    const page = await html(`/courses/${fresh}`);
    expect(page).toMatchObject({ status: 200, source: 'rendered' });
    expect(page.text).toContain('<h1>Tap for toddlers</h1>');
    expect(page.text).toContain('Free');

    await t.db.update(courses).set({ status: 'archived', updatedAt: new Date().toISOString() }).where(eq(courses.id, fresh));
    expect(await html(`/courses/${fresh}`)).toMatchObject({ status: 404, source: 'gone', text: '<h1>Not found</h1>' });
    expect((await html('/courses')).text).not.toContain('Tap for toddlers');
  });

  it("renders an instructor's profile and course list with the same cards", async () => {
    const profile = await html(`/instructors/${instructorId}`);
    expect(profile).toMatchObject({ status: 200, source: 'rendered' });
    expect(profile.text).toContain('Irina Volkova</h1>');
    expect(profile.text).toContain(`href="/courses/${course}">Pointe work for dance teachers</a>`);
    expect(profile.text).toContain(`href="/instructors/${instructorId}/courses"`);
    const list = await html(`/instructors/${instructorId}/courses`);
    expect(list.text).toContain('Courses by Irina Volkova</h1>');
    expect(list.text).toContain('1 published course');
  });

  it('renders the enrol pages with the current course, and 404s them for a course not published', async () => {
    const free = (await insertCatalogCourse(t.db, { title: 'Jazz walks', priceCents: 0, instructorId })).id;
    const enrol = await html(`/courses/${free}/enroll`);
    expect(enrol).toMatchObject({ status: 200, source: 'rendered' });
    expect(enrol.text).toContain('<h1 data-enrol-heading>Enrol in Jazz walks</h1>');
    expect(enrol.text).toContain(`href="/enroll-guest/${free}">Enrol as a guest</a>`);
    expect(enrol.text).toContain('data-enrol-course');
    const paid = await html(`/courses/${course}/enroll`);
    expect(paid.text).toContain('$59.00');
    expect(paid.text).not.toContain('Enrol as a guest');

    const guest = await html(`/enroll-guest/${free}`);
    expect(guest).toMatchObject({ status: 200, source: 'rendered' });
    expect(guest.text).toContain('<h1>Enrol in Jazz walks</h1>');
    expect(guest.text).toContain('aria-label="Guest enrolment"');

    await t.db.update(courses).set({ status: 'draft', updatedAt: new Date().toISOString() }).where(eq(courses.id, free));
    expect((await html(`/courses/${free}/enroll`)).status).toBe(404);
    expect((await html(`/enroll-guest/${free}`)).status).toBe(404);
  });

  it('renders /verify/{code} with the answer, and the same page when the certificate is revoked', async () => {
    const learner = await createUser(t.db, { firstName: 'Lena', lastName: 'Ortiz' });
    await t.db.insert(certificates).values({ code: 'DRX-RENDERED0001', userId: learner.id, courseId: course });
    const valid = await html('/verify/drx-rendered0001');
    expect(valid.status).toBe(200);
    expect(valid.text).toContain('✓ Valid certificate');
    expect(valid.text).toContain('Lena Ortiz');
    expect(valid.text).toContain('value="drx-rendered0001"');

    await t.db.update(certificates).set({ revokedAt: new Date().toISOString(), revokedReason: 'Issued in error.' }).where(eq(certificates.code, 'DRX-RENDERED0001'));
    const revoked = await html('/verify/DRX-RENDERED0001');
    expect(revoked.text).toContain('✗ Certificate revoked');
    expect(revoked.text).toContain('Issued in error.');
    expect(revoked.text).not.toContain('✓ Valid certificate');

    const unknown = await html('/verify/DRX-%3Cb%3E');
    expect(unknown.text).toContain('No certificate matches the code DRX-&lt;b&gt;.');
  });

  it("renders a member's public profile from the current account, and 404s an unknown or closed one", async () => {
    const member = await createUser(t.db, { roles: ['SELLER'], firstName: 'Maya', lastName: 'Chen', bio: 'Tap <b>and</b> jazz.', email: 'maya@test.drx.example' });
    const page = await html(`/profile/${member.id}`);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('<title>Maya Chen · DRX</title>');
    expect(page.text).toContain('Maya Chen</h1>');
    expect(page.text).toContain(`@${member.username}`);
    expect(page.text).toContain('<span class="badge badge-primary">Seller</span>');
    expect(page.text).toContain('Tap &lt;b&gt;and&lt;/b&gt; jazz.');
    expect(page.text).not.toContain('maya@test.drx.example');
    expect(page.text).not.toContain('SELLER');

    // The account's own change is on the very next request.
    const token = await signIn(t.db, member.id);
    expect((await t.json('PATCH', '/api/me', { bio: 'Now teaching ballet too.' }, token)).status).toBe(200);
    const changed = await html(`/profile/${member.id}/`);
    expect(changed.text).toContain('Now teaching ballet too.');
    expect(changed.text).not.toContain('jazz.');

    const admin = await createAdmin(t.db);
    const adminToken = await signIn(t.db, admin.id);
    expect((await t.json('PATCH', `/api/users/${member.id}`, { is_active: false }, adminToken)).status).toBe(200);
    for (const path of [`/profile/${member.id}`, '/profile/987654321', '/profile/0', '/profile/99999999999999999999']) {
      const gone = await html(path);
      expect(gone.status, path).toBe(404);
      expect(gone.text, path).toContain('<h1>Profile not found</h1>');
      expect(gone.text, path).not.toContain('Maya Chen');
    }
  });
});
