import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, users } from '../../../db/schema/index.ts';
import { insertCatalogCourse } from '../../../tests/support/catalog-data.ts';
import { createAdmin, createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import type { PageRenderer } from '../platform/page-renderer.ts';
import { DEFAULT_QUERY } from '../../../site/src/lib/catalog.ts';
import { buildCatalogManifest, loadCatalog, loadCourseListPage } from '../services/catalog-freshness.ts';

let t: TestApp;
let unchanged: number;
let repriced: number;
let withdrawn: number;

/**
 * Stands in for the build's renderer (the real one is exercised by site-rendered.test.ts and the
 * e2e specs): it names the page, the address and what the page shows of the data.
 */
const renders: string[] = [];
const renderer: PageRenderer = {
  async render(name, request, data) {
    const path = new URL(request.url).pathname;
    renders.push(`${name} ${path}`);
    const shown =
      'course' in data
        ? `${data.course.title} ${data.course.price_cents}`
        : 'courses' in data
          ? data.courses.map((c) => `${c.title} ${c.price_cents}`).join(', ')
          : 'instructor' in data
            ? `${data.instructor.first_name}: ${data.instructor.courses.map((c) => c.title).join(', ')}`
            : 'code' in data
              ? `${data.code}: ${data.answer.valid ? 'valid' : data.answer.reason}`
              : name;
    return new Response(`Rendered ${name} at ${path}: ${shown}`, { headers: { 'content-type': 'text/html' } });
  },
};

function write(root: string, path: string, body: string) {
  const file = resolve(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

/** "Builds" a site the way astro build does for the catalog: pages per published course and the manifest. */
beforeAll(async () => {
  t = await createTestApp();
  unchanged = (await insertCatalogCourse(t.db, { title: 'Unchanged course', priceCents: 1000 })).id;
  repriced = (await insertCatalogCourse(t.db, { title: 'Repriced course', priceCents: 2000 })).id;
  withdrawn = (await insertCatalogCourse(t.db, { title: 'Withdrawn course' })).id;

  const site = resolve(t.dir, 'site');
  const catalog = await loadCatalog(t.db);
  write(site, '404.html', '<h1>Not found</h1>');
  write(site, 'courses/index.html', 'Static course list');
  write(site, 'courses/_/modules/_/index.html', 'Module shell');
  for (const c of catalog) write(site, `courses/${c.id}/index.html`, `Static page of ${c.title}`);
  write(site, 'catalog-manifest.json', JSON.stringify(await buildCatalogManifest(await loadCourseListPage(t.db, DEFAULT_QUERY), catalog)));
  t.platform.assets = createDiskAssets(site);
  t.platform.renderer = renderer;
});
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.request(path);
  return { status: res.status, source: res.headers.get('x-catalog-source'), text: await res.text() };
}

describe('catalog pages after the build', () => {
  it('serves the built pages while nothing changed', async () => {
    expect(await page('/courses')).toEqual({ status: 200, source: 'static', text: 'Static course list' });
    expect(await page('/courses/')).toMatchObject({ status: 200, text: 'Static course list' });
    expect(await page(`/courses/${unchanged}`)).toEqual({ status: 200, source: 'static', text: 'Static page of Unchanged course' });
    expect(await page(`/courses/${repriced}/`)).toMatchObject({ status: 200, text: 'Static page of Repriced course' });
  });

  it('answers an unknown or malformed course id with the not-found page and 404', async () => {
    expect(await page('/courses/99999')).toEqual({ status: 404, source: 'gone', text: '<h1>Not found</h1>' });
    expect(await page('/courses/abc')).toMatchObject({ status: 404, text: '<h1>Not found</h1>' });
    expect(await page('/courses/007')).toMatchObject({ status: 404 });
  });

  it('renders a changed course and the changed list from current data, and 404s a withdrawn one', async () => {
    await t.db.update(courses).set({ priceCents: 2500 }).where(eq(courses.id, repriced));
    await t.db.update(courses).set({ status: 'archived' }).where(eq(courses.id, withdrawn));

    expect(await page(`/courses/${repriced}`)).toEqual({
      status: 200,
      source: 'rendered',
      text: `Rendered course at /courses/${repriced}: Repriced course 2500`,
    });
    expect(await page(`/courses/${withdrawn}`)).toEqual({ status: 404, source: 'gone', text: '<h1>Not found</h1>' });
    expect(await page(`/courses/${unchanged}`)).toMatchObject({ source: 'static', text: 'Static page of Unchanged course' });
    const list = await page('/courses?q=ballet&page=2');
    expect(list).toMatchObject({ status: 200, source: 'rendered' });
    expect(list.text).toContain('Repriced course 2500');
    expect(list.text).not.toContain('Repriced course 2000');
    expect(list.text).not.toContain('Withdrawn course');
  });

  it('renders a page once per state of the catalog, at its canonical address', async () => {
    const visit = async () => {
      await page(`/courses/${repriced}`);
      await page(`/courses/${repriced}/`);
      await page('/courses');
      await page('/courses/?sort=price_asc');
    };
    await visit();
    renders.length = 0;
    await visit();
    expect(renders).toEqual([]);

    await t.db.update(courses).set({ title: 'Renamed course' }).where(eq(courses.id, repriced));
    expect((await page(`/courses/${repriced}/`)).text).toContain('Renamed course 2500');
    expect((await page(`/courses/${repriced}`)).text).toContain('Renamed course 2500');
    expect(renders).toEqual([`course /courses/${repriced}`]);
  });

  it('renders each view of the list from its own page of courses', async () => {
    const paid = await page('/courses?price=paid&sort=price_asc');
    expect(paid).toMatchObject({ status: 200, source: 'rendered' });
    expect(paid.text).toBe('Rendered course-list at /courses: Unchanged course 1000, Renamed course 2500');
    expect((await page('/courses?q=unchanged')).text).toBe('Rendered course-list at /courses: Unchanged course 1000');
    expect((await page('/courses?q=nothing+at+all')).text).toBe('Rendered course-list at /courses: ');
  });

  it('redirects every other spelling of a view to its one address', async () => {
    const moved = async (path: string) => {
      const res = await t.request(path);
      return [res.status, res.headers.get('location')];
    };
    // The form sent without JavaScript spells out every field.
    expect(await moved('/courses?q=&category=&level=&price=&sort=newest')).toEqual([301, '/courses']);
    expect(await moved('/courses?sort=newest&page=1')).toEqual([301, '/courses']);
    expect(await moved('/courses?utm_source=mail')).toEqual([301, '/courses']);
    expect(await moved('/courses?category=ballet&level=ADVANCED')).toEqual([301, '/courses?category=Ballet&level=advanced']);
    expect(await moved('/courses?q=+tap++shoes+&page=0')).toEqual([301, '/courses?q=tap++shoes']);
    expect(await moved('/courses?category=Ballet')).toEqual([200, null]);
  });

  it('renders a course published after the build', async () => {
    const fresh = await insertCatalogCourse(t.db, { title: 'Published later', priceCents: 700 });
    expect(await page(`/courses/${fresh.id}`)).toEqual({ status: 200, source: 'rendered', text: `Rendered course at /courses/${fresh.id}: Published later 700` });
    expect((await page('/courses')).text).toContain('Published later 700');
  });

  it('shows a price changed through the API on the very next request, never the old one', async () => {
    const admin = await createAdmin(t.db);
    const token = await signIn(t.db, admin.id);
    const created = await t.json('POST', '/api/courses', { title: 'Published through the API', description: 'A course made by the admin.', price: '0', status: 'published' }, token);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(await page(`/courses/${id}`)).toMatchObject({ status: 200, source: 'rendered', text: expect.stringContaining('Published through the API 0') });
    expect((await page('/courses')).text).toContain('Published through the API 0');

    for (const [price, cents] of [['12.50', 1250], ['13.75', 1375], ['14', 1400]] as const) {
      const repricedNow = await t.json('PATCH', `/api/courses/${id}`, { price }, token);
      expect(repricedNow.status).toBe(200);
      const detail = await page(`/courses/${id}`);
      expect(detail).toMatchObject({ status: 200, source: 'rendered' });
      expect(detail.text).toContain(`Published through the API ${cents}`);
      const list = await page('/courses');
      expect(list.text).toContain(`Published through the API ${cents}`);
    }

    const withdrawnNow = await t.json('PATCH', `/api/courses/${id}`, { status: 'draft' }, token);
    expect(withdrawnNow.status).toBe(200);
    expect(await page(`/courses/${id}`)).toMatchObject({ status: 404, source: 'gone' });
    expect((await page('/courses')).text).not.toContain('Published through the API');
  });

  it("renders an instructor's pages from current data, and 404s someone who is not one", async () => {
    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Marta' });
    const course = await insertCatalogCourse(t.db, { title: 'Taught by Marta', instructorId: instructor.id });
    expect(await page(`/instructors/${instructor.id}`)).toEqual({
      status: 200,
      source: 'rendered',
      text: `Rendered instructor at /instructors/${instructor.id}: Marta: Taught by Marta`,
    });
    expect(await page(`/instructors/${instructor.id}/courses/`)).toMatchObject({
      status: 200,
      text: `Rendered instructor-courses at /instructors/${instructor.id}/courses: Marta: Taught by Marta`,
    });
    await t.db.update(users).set({ firstName: 'Martha' }).where(eq(users.id, instructor.id));
    expect((await page(`/instructors/${instructor.id}`)).text).toContain('Martha: Taught by Marta');

    const learner = await createUser(t.db);
    expect(await page(`/instructors/${learner.id}`)).toMatchObject({ status: 404, source: 'gone' });
    expect(await page('/instructors/0')).toMatchObject({ status: 404 });
    expect(await page('/instructors/abc/courses')).toMatchObject({ status: 404 });
    await t.db.update(courses).set({ status: 'archived' }).where(eq(courses.id, course.id));
    expect((await page(`/instructors/${instructor.id}`)).text).toBe(`Rendered instructor at /instructors/${instructor.id}: Marta: `.replace('Marta:', 'Martha:'));
  });

  it('answers HEAD like GET', async () => {
    const res = await t.request(`/courses/${withdrawn}`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    const ok = await t.request(`/courses/${unchanged}`, { method: 'HEAD' });
    expect(ok.status).toBe(200);
  });

  it('renders the enrol pages of a published course, and 404s them for any other', async () => {
    expect(await page(`/courses/${unchanged}/enroll`)).toEqual({
      status: 200,
      source: 'rendered',
      text: `Rendered course-enroll at /courses/${unchanged}/enroll: Unchanged course 1000`,
    });
    expect(await page(`/enroll-guest/${unchanged}/`)).toMatchObject({ status: 200, text: `Rendered guest-enroll at /enroll-guest/${unchanged}: Unchanged course 1000` });
    expect(await page(`/courses/${withdrawn}/enroll`)).toMatchObject({ status: 404, source: 'gone' });
    expect(await page('/enroll-guest/99999')).toMatchObject({ status: 404 });
    expect(await page('/enroll-guest/_')).toMatchObject({ status: 404 });
  });

  it('renders /verify/{code} with the answer, and sends the form sent without JavaScript there', async () => {
    expect(await page('/verify/DRX-NOPE0000000')).toMatchObject({ status: 200, text: 'Rendered verify at /verify/DRX-NOPE0000000: DRX-NOPE0000000: not_found' });
    expect((await page('/verify/%20drx%2Dab%20/')).text).toBe('Rendered verify at /verify/drx-ab: drx-ab: not_found');
    const sent = await t.request('/verify?code=%20DRX-ABC%2F1%20');
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe('/verify/DRX-ABC%2F1');
    // No code: the built /verify (here, the fixture has none).
    expect((await t.request('/verify?code=')).status).toBe(404);
  });

  it('leaves the other routes alone', async () => {
    expect(await page(`/courses/${unchanged}/modules/3`)).toMatchObject({ status: 200, source: null, text: 'Module shell' });
    const redirect = await t.request(`/course/${unchanged}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`/courses/${unchanged}`);
  });

  it('serves the files as they are when the build has no manifest', async () => {
    const other = await createTestApp();
    try {
      const site = resolve(other.dir, 'site');
      write(site, 'courses/index.html', 'Plain list');
      write(site, 'courses/5/index.html', 'Plain course');
      write(site, '404.html', 'Not found');
      other.platform.assets = createDiskAssets(site);
      other.platform.renderer = renderer;
      expect(await (await other.request('/courses')).text()).toBe('Plain list');
      expect(await (await other.request('/courses/5')).text()).toBe('Plain course');
      expect((await other.request('/courses/6')).status).toBe(404);
    } finally {
      other.close();
    }
  });

  it('serves the build, marked stale, when there is no renderer', async () => {
    const other = await createTestApp();
    try {
      const id = (await insertCatalogCourse(other.db, { title: 'Built', priceCents: 100 })).id;
      const site = resolve(other.dir, 'site');
      write(site, 'courses/index.html', 'Built list');
      write(site, `courses/${id}/index.html`, 'Built course');
      write(site, '404.html', 'Not found');
      write(site, 'catalog-manifest.json', JSON.stringify(await buildCatalogManifest(await loadCourseListPage(other.db, DEFAULT_QUERY), await loadCatalog(other.db))));
      other.platform.assets = createDiskAssets(site);
      await other.db.update(courses).set({ priceCents: 200 }).where(eq(courses.id, id));
      const res = await other.request(`/courses/${id}`);
      expect(res.headers.get('x-catalog-source')).toBe('stale');
      expect(await res.text()).toBe('Built course');
    } finally {
      other.close();
    }
  });
});
