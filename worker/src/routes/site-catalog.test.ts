import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../../db/schema/index.ts';
import { insertCatalogCourse } from '../../../tests/support/catalog-data.ts';
import { createAdmin, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import { buildCatalogManifest, invalidateCatalogFreshness, loadCatalog } from '../services/catalog-freshness.ts';

let t: TestApp;
let unchanged: number;
let repriced: number;
let withdrawn: number;

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
  write(site, 'courses/_live/index.html', 'Live course list');
  write(site, 'courses/_/index.html', 'Course shell');
  write(site, 'courses/_/enroll/index.html', 'Enrol shell');
  for (const c of catalog) write(site, `courses/${c.id}/index.html`, `Static page of ${c.title}`);
  write(site, 'catalog-manifest.json', JSON.stringify(await buildCatalogManifest(catalog)));
  t.platform.assets = createDiskAssets(site);
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

  it('serves the shell for a changed course, 404 for a withdrawn one, and the live list', async () => {
    await t.db.update(courses).set({ priceCents: 2500 }).where(eq(courses.id, repriced));
    await t.db.update(courses).set({ status: 'archived' }).where(eq(courses.id, withdrawn));
    invalidateCatalogFreshness(t.platform);

    expect(await page(`/courses/${repriced}`)).toEqual({ status: 200, source: 'shell', text: 'Course shell' });
    expect(await page(`/courses/${withdrawn}`)).toEqual({ status: 404, source: 'gone', text: '<h1>Not found</h1>' });
    expect(await page(`/courses/${unchanged}`)).toMatchObject({ source: 'static', text: 'Static page of Unchanged course' });
    expect(await page('/courses')).toEqual({ status: 200, source: 'live', text: 'Live course list' });
  });

  it('serves the shell for a course published after the build', async () => {
    const fresh = await insertCatalogCourse(t.db, { title: 'Published later' });
    invalidateCatalogFreshness(t.platform);
    expect(await page(`/courses/${fresh.id}`)).toEqual({ status: 200, source: 'shell', text: 'Course shell' });
    expect((await page('/courses')).source).toBe('live');
  });

  it('shows a course published, changed or withdrawn through the API at once', async () => {
    const admin = await createAdmin(t.db);
    const token = await signIn(t.db, admin.id);
    const created = await t.json('POST', '/api/courses', { title: 'Published through the API', description: 'A course made by the admin.', price: '0', status: 'published' }, token);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(await page(`/courses/${id}`)).toMatchObject({ status: 200, source: 'shell' });
    expect((await page('/courses')).source).toBe('live');

    const repriced = await t.json('PATCH', `/api/courses/${id}`, { price: '12.50' }, token);
    expect(repriced.status).toBe(200);
    expect(await page(`/courses/${id}`)).toMatchObject({ status: 200, source: 'shell' });

    const withdrawnNow = await t.json('PATCH', `/api/courses/${id}`, { status: 'draft' }, token);
    expect(withdrawnNow.status).toBe(200);
    expect(await page(`/courses/${id}`)).toMatchObject({ status: 404, source: 'gone' });
  });

  it('answers HEAD like GET', async () => {
    const res = await t.request(`/courses/${withdrawn}`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    const ok = await t.request(`/courses/${unchanged}`, { method: 'HEAD' });
    expect(ok.status).toBe(200);
  });

  it('leaves the other routes alone', async () => {
    expect(await page(`/courses/${unchanged}/enroll`)).toMatchObject({ status: 200, source: null, text: 'Enrol shell' });
    const redirect = await t.request(`/course/${unchanged}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`/courses/${unchanged}`);
  });

  it('serves the files as they are when the build has no manifest', async () => {
    const other = await createTestApp();
    try {
      const site = resolve(other.dir, 'site');
      write(site, 'courses/index.html', 'Plain list');
      write(site, 'courses/_/index.html', 'Course shell');
      write(site, '404.html', 'Not found');
      other.platform.assets = createDiskAssets(site);
      expect((await other.request('/courses')).status).toBe(200);
      const shell = await other.request('/courses/5');
      expect(await shell.text()).toBe('Course shell');
    } finally {
      other.close();
    }
  });
});
