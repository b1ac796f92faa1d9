import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../db/schema/index.ts';
import { createCategory, createCourse, createCourseCast, uniqueTitle, type CourseCast } from '../../../tests/support/course-factories.ts';
import { createTestApp, type TestApp, read, type ErrorBody } from '../../../tests/support/test-app.ts';
import type { CategoryView } from './categories.ts';

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

const categoryRow = async (id: number) => (await t.db.select().from(categories).where(eq(categories.id, id)))[0];

describe('GET /api/categories', () => {
  it('lists the dance class categories in order, with course counts', async () => {
    const [ballet] = await t.db.select().from(categories).where(eq(categories.name, 'Ballet'));
    await createCourse(t.db, { categoryId: ballet!.id, status: 'published' });
    await createCourse(t.db, { categoryId: ballet!.id, status: 'draft' });
    const res = await t.json('GET', '/api/categories');
    expect(res.status).toBe(200);
    const { data } = await read<{ data: CategoryView[] }>(res);
    expect(data.slice(0, 12).map((c) => c.name)).toEqual([
      'Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other',
    ]);
    expect(data.find((c) => c.name === 'Ballet')).toEqual({ id: ballet!.id, name: 'Ballet', course_count: 2, published_course_count: 1 });
  });
});

describe('POST /api/categories', () => {
  it('lets ADMIN create a category, placed last', async () => {
    const name = uniqueTitle('Flamenco');
    const res = await t.json('POST', '/api/categories', { name: `  ${name} ` }, cast.admin.token);
    expect(res.status).toBe(201);
    const body = await read<CategoryView>(res);
    expect(body).toEqual({ id: expect.any(Number), name, course_count: 0, published_course_count: 0 });
    const { data } = await read<{ data: CategoryView[] }>(await t.json('GET', '/api/categories'));
    expect(data.at(-1)?.id).toBe(body.id);
  });

  it('refuses a name taken in any case (409), even by concurrent requests', async () => {
    const taken = await t.json('POST', '/api/categories', { name: 'hip hop' }, cast.admin.token);
    expect(taken.status).toBe(409);
    expect((await read<ErrorBody>(taken)).message).toBe('A category with this name already exists');
    const name = uniqueTitle('Kizomba');
    const answers = await Promise.all([name, name.toUpperCase(), name.toLowerCase()].map((n) => t.json('POST', '/api/categories', { name: n }, cast.admin.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('checks the name', async () => {
    const res = await t.json('POST', '/api/categories', { name: ' x ' }, cast.admin.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({ name: ['Name must be at least 2 characters'] });
    const missing = await t.json('POST', '/api/categories', {}, cast.admin.token);
    expect((await read<ErrorBody>(missing)).validationErrors).toEqual({ name: ['Name is required'] });
  });

  it('is for ADMIN only', async () => {
    expect((await t.json('POST', '/api/categories', { name: uniqueTitle() })).status).toBe(401);
    for (const who of ['student', 'instructor', 'instructorAdmin', 'curriculumAdmin'] as const) {
      expect((await t.json('POST', '/api/categories', { name: uniqueTitle() }, cast[who].token)).status).toBe(403);
    }
  });
});

describe('PATCH /api/categories/{id}', () => {
  it('renames, also to a different case of its own name', async () => {
    const category = await createCategory(t.db);
    const res = await t.json('PATCH', `/api/categories/${category.id}`, { name: category.name.toUpperCase() }, cast.admin.token);
    expect(res.status).toBe(200);
    expect((await read<CategoryView>(res)).name).toBe(category.name.toUpperCase());
  });

  it("refuses another category's name (409) and changes nothing", async () => {
    const category = await createCategory(t.db);
    const res = await t.json('PATCH', `/api/categories/${category.id}`, { name: 'JAZZ' }, cast.admin.token);
    expect(res.status).toBe(409);
    expect((await categoryRow(category.id))?.name).toBe(category.name);
  });

  it('answers 404, 400 and 403 as it should', async () => {
    const category = await createCategory(t.db);
    expect((await t.json('PATCH', '/api/categories/99999999', { name: 'Whatever' }, cast.admin.token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/categories/abc', { name: 'Whatever' }, cast.admin.token)).status).toBe(400);
    expect((await t.json('PATCH', `/api/categories/${category.id}`, { name: 'Whatever' }, cast.instructorAdmin.token)).status).toBe(403);
    expect((await categoryRow(category.id))?.name).toBe(category.name);
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('deletes a category no course uses', async () => {
    const category = await createCategory(t.db);
    const res = await t.json('DELETE', `/api/categories/${category.id}`, undefined, cast.admin.token);
    expect(res.status).toBe(200);
    expect(await read(res)).toEqual({ message: 'Category deleted successfully' });
    expect(await categoryRow(category.id)).toBeUndefined();
  });

  it("refuses one in use with 'Category is in use by N course(s)'", async () => {
    const category = await createCategory(t.db);
    await createCourse(t.db, { categoryId: category.id });
    await createCourse(t.db, { categoryId: category.id, status: 'draft' });
    const res = await t.json('DELETE', `/api/categories/${category.id}`, undefined, cast.admin.token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe('Category is in use by 2 course(s)');
    expect(await categoryRow(category.id)).toBeDefined();
  });

  it('answers 404, 401 and 403 as it should', async () => {
    const category = await createCategory(t.db);
    expect((await t.json('DELETE', '/api/categories/99999999', undefined, cast.admin.token)).status).toBe(404);
    expect((await t.json('DELETE', `/api/categories/${category.id}`)).status).toBe(401);
    expect((await t.json('DELETE', `/api/categories/${category.id}`, undefined, cast.student.token)).status).toBe(403);
    expect(await categoryRow(category.id)).toBeDefined();
  });
});
