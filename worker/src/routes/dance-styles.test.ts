import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danceStyles } from '../../../db/schema/index.ts';
import { createAdminTestApp, expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { createInstructor } from '../../../tests/support/booking-factories.ts';
import { createCategory, createCourse } from '../../../tests/support/course-factories.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { STYLE_EXISTS, STYLE_IN_USE } from '../domain/bookings.ts';
import { STYLE_NOT_FOUND, STYLE_RENAME_IN_USE, styleSlug } from '../services/bookings/admin-styles.ts';
import type { AdminDanceStyleView, DanceStyleView } from '../../../shared/bookings/views.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => ({ t, adminToken, studentToken } = await createAdminTestApp()));
afterAll(() => t.close());

const adminList = async () => read<AdminDanceStyleView[]>(await t.json('GET', '/api/admin/dance-styles', undefined, adminToken));
const styleNamed = async (name: string) => (await adminList()).find((s) => s.name === name)!;
const create = (body: unknown, token = adminToken) => t.json('POST', '/api/admin/dance-styles', body, token);
const patch = (id: number, body: unknown, token = adminToken) => t.json('PATCH', `/api/admin/dance-styles/${id}`, body, token);
const del = (id: number, token = adminToken) => t.json('DELETE', `/api/admin/dance-styles/${id}`, undefined, token);
const connectVersion = async () => (await t.db.all<{ version: number }>(sql`SELECT version FROM content_versions WHERE scope = 'connect'`))[0]!.version;

describe('guard (dance_styles.manage: ADMIN only)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/dance-styles'],
    ['POST', '/api/admin/dance-styles', { name: 'Guarded' }],
    ['PATCH', '/api/admin/dance-styles/1', { hidden: true }],
    ['DELETE', '/api/admin/dance-styles/1'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a student, an instructor and CURRICULUM_ADMIN', async (method, path, body) => {
    const others = [(await createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] })).token, (await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).token];
    await expectAdminOnly(t, method, path, body, studentToken, others);
  });

  it('a refused write changes nothing', async () => {
    const before = await styleNamed('Ballet');
    expect((await patch(before.id, { hidden: true }, studentToken)).status).toBe(403);
    expect((await create({ name: 'Sneaky' }, studentToken)).status).toBe(403);
    expect(await styleNamed('Ballet')).toEqual(before);
    expect((await adminList()).some((s) => s.name === 'Sneaky')).toBe(false);
  });
});

describe('GET /api/dance-styles (public)', () => {
  it('answers the visible styles by position without a session, and leaves hidden ones out', async () => {
    const res = await t.request('/api/dance-styles');
    expect(res.status).toBe(200);
    const list = await read<DanceStyleView[]>(res);
    expect(list.map((s) => s.name)).toContain('Ballet');
    expect(list.map((s) => s.name)).toContain('Salsa');
    const positions = list.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(list.every((s) => !s.hidden)).toBe(true);

    const made = await read<AdminDanceStyleView>(await create({ name: 'Kizomba' }));
    expect((await read<DanceStyleView[]>(await t.request('/api/dance-styles'))).some((s) => s.id === made.id)).toBe(true);
    expect((await patch(made.id, { hidden: true })).status).toBe(200);
    expect((await read<DanceStyleView[]>(await t.request('/api/dance-styles'))).some((s) => s.id === made.id)).toBe(false);
  });
});

describe('GET /api/admin/dance-styles', () => {
  it('counts a course by its category, the dance style the course forms choose, matched by name', async () => {
    const name = `Polka ${Math.random().toString(36).slice(2, 8)}`;
    const made = await read<AdminDanceStyleView>(await create({ name }));
    expect(made).toMatchObject({ course_count: 0, in_use: false });
    const category = await createCategory(t.db, name.toUpperCase());
    await createCourse(t.db, { instructorId: (await createUser(t.db)).id, categoryId: category.id });
    const after = await styleNamed(name);
    expect(after).toMatchObject({ course_count: 1, in_use: true });
    expect((await t.json('DELETE', `/api/admin/dance-styles/${made.id}`, undefined, adminToken)).status).toBe(409);
  });

  it('lists hidden styles too, with where each is used', async () => {
    const course = await createCourse(t.db, { instructorId: (await createUser(t.db)).id });
    const tap = await styleNamed('Tap');
    await t.db.run(sql`UPDATE courses SET dance_style_id = ${tap.id} WHERE id = ${course.id}`);
    const seller = await createSeller(t.db);
    await createResource(t.db, seller.user.id, { danceStyle: 'Tap' });
    await createInstructor(t.db, { styles: ['Tap'] });
    const after = await styleNamed('Tap');
    expect(after.course_count).toBe(tap.course_count + 1);
    expect(after.resource_count).toBe(tap.resource_count + 1);
    expect(after.instructor_count).toBe(tap.instructor_count + 1);
    expect(after.in_use).toBe(true);

    const fresh = await read<AdminDanceStyleView>(await create({ name: 'Bachata' }));
    expect(fresh).toMatchObject({ name: 'Bachata', slug: 'bachata', course_count: 0, resource_count: 0, instructor_count: 0, in_use: false, hidden: false });
  });
});

describe('POST /api/admin/dance-styles', () => {
  it('creates a style at the end of the list with a slug, and moves the connect version', async () => {
    const before = await connectVersion();
    const maxPosition = Math.max(...(await adminList()).map((s) => s.position));
    const res = await create({ name: '  West Coast Swing  ', description: 'Smooth partner dance' });
    expect(res.status).toBe(201);
    const made = await read<AdminDanceStyleView>(res);
    expect(made).toMatchObject({ name: 'West Coast Swing', slug: 'west-coast-swing', description: 'Smooth partner dance', position: maxPosition + 1 });
    expect(await connectVersion()).toBeGreaterThan(before);
  });

  it('takes a given position', async () => {
    const made = await read<AdminDanceStyleView>(await create({ name: 'Flamenco', position: 3 }));
    expect(made.position).toBe(3);
  });

  it('answers 409 STYLE_EXISTS for a name taken in any case, or one with the same slug', async () => {
    for (const name of ['ballet', 'BALLET', 'Hip-Hop']) {
      const res = await create({ name });
      expect(res.status).toBe(409);
      expect(await read<ErrorBody>(res)).toEqual({ message: STYLE_EXISTS });
    }
  });

  it('answers 400 for a bad body and writes nothing', async () => {
    const count = (await adminList()).length;
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: '---' }, { name: 'x'.repeat(61) }, { name: 'Ok', position: -1 }, { name: 'Ok', position: 1.5 }, { name: 5 }, { name: 'Ok', description: 'd'.repeat(501) }]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors).toBeDefined();
    }
    expect((await adminList()).length).toBe(count);
  });
});

describe('PATCH /api/admin/dance-styles/{id}', () => {
  it('renames a style nothing uses, with a new slug', async () => {
    const made = await read<AdminDanceStyleView>(await create({ name: 'Zouk' }));
    const res = await patch(made.id, { name: 'Brazilian Zouk' });
    expect(res.status).toBe(200);
    expect(await read<AdminDanceStyleView>(res)).toMatchObject({ id: made.id, name: 'Brazilian Zouk', slug: 'brazilian-zouk' });
  });

  it('refuses to rename a style in use (409) but hides, describes and moves it', async () => {
    await createInstructor(t.db, { styles: ['Jazz'] });
    const jazz = await styleNamed('Jazz');
    const res = await patch(jazz.id, { name: 'Jazz Funk' });
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: STYLE_RENAME_IN_USE });
    expect((await styleNamed('Jazz')).name).toBe('Jazz');

    const hidden = await read<AdminDanceStyleView>(await patch(jazz.id, { hidden: true, description: 'Classic jazz', position: 40, name: 'Jazz' }));
    expect(hidden).toMatchObject({ name: 'Jazz', hidden: true, description: 'Classic jazz', position: 40, in_use: true });
    const shown = await read<AdminDanceStyleView>(await patch(jazz.id, { hidden: false }));
    expect(shown.hidden).toBe(false);
  });

  it('a resource using the name by text counts as in use', async () => {
    const made = await read<AdminDanceStyleView>(await create({ name: 'Other Things' }));
    expect(made.in_use).toBe(false);
    const modern = await styleNamed('Modern');
    const seller = await createSeller(t.db);
    await createResource(t.db, seller.user.id, { danceStyle: 'Modern' });
    expect((await patch(modern.id, { name: 'Modern Dance' })).status).toBe(409);
    expect((await del(modern.id)).status).toBe(409);
  });

  it('answers 409 STYLE_EXISTS when renaming onto another name', async () => {
    const made = await read<AdminDanceStyleView>(await create({ name: 'Voguing' }));
    const res = await patch(made.id, { name: 'salsa' });
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: STYLE_EXISTS });
  });

  it('answers 404 for no such style, 400 for an empty change or bad values', async () => {
    const res = await patch(999_999, { hidden: true });
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: STYLE_NOT_FOUND });
    const ballet = await styleNamed('Ballet');
    for (const body of [{}, { hidden: 'yes' }, { name: '' }, { position: -3 }]) {
      expect((await patch(ballet.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(0, { hidden: true })).status).toBe(400);
    expect(await styleNamed('Ballet')).toEqual(ballet);
  });
});

describe('DELETE /api/admin/dance-styles/{id}', () => {
  it('deletes a style nothing uses', async () => {
    const made = await read<AdminDanceStyleView>(await create({ name: 'Krump' }));
    const res = await del(made.id);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(danceStyles).where(eq(danceStyles.id, made.id))).toEqual([]);
    expect((await del(made.id)).status).toBe(404);
  });

  it('answers 409 STYLE_IN_USE for a style a course, or a profile uses, and keeps it', async () => {
    const byCourse = await read<AdminDanceStyleView>(await create({ name: 'Lindy Hop' }));
    const course = await createCourse(t.db, { instructorId: (await createUser(t.db)).id });
    await t.db.run(sql`UPDATE courses SET dance_style_id = ${byCourse.id} WHERE id = ${course.id}`);
    const res = await del(byCourse.id);
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: STYLE_IN_USE });

    const byProfile = await read<AdminDanceStyleView>(await create({ name: 'Cumbia' }));
    await createInstructor(t.db, { styles: ['Cumbia'] });
    expect((await del(byProfile.id)).status).toBe(409);
    expect((await adminList()).filter((s) => s.id === byCourse.id || s.id === byProfile.id)).toHaveLength(2);
  });
});

describe('styleSlug', () => {
  it('makes lower-case dashed slugs without accents', () => {
    expect(styleSlug('Hip Hop')).toBe('hip-hop');
    expect(styleSlug('Café  Tango!')).toBe('cafe-tango');
    expect(styleSlug('Musical Theatre')).toBe('musical-theatre');
  });
});
