import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, modules } from '../../../db/schema/index.ts';
import { createCourse, createCourseCast, createCourseTree, createModule, type CourseCast } from '../../../tests/support/course-factories.ts';
import { createTestApp, type TestApp, read, type ErrorBody } from '../../../tests/support/test-app.ts';
import type { LessonView, ModuleView } from '../../../shared/courses.ts';

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

const moduleRow = async (id: number) => (await t.db.select().from(modules).where(eq(modules.id, id)))[0];
const positionsOf = async (courseId: number) =>
  (await t.db.select({ p: modules.position }).from(modules).where(eq(modules.courseId, courseId)).orderBy(asc(modules.position))).map((r) => r.p);
const body = (courseId: number, extra: Record<string, unknown> = {}) => ({
  courseId,
  title: 'Pliés and tendus',
  description: 'The first exercises at the barre, step by step.',
  ...extra,
});

describe('POST /api/modules', () => {
  it('creates a module at last + 1 and answers 201 with the module as the API shows it', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, updatedAt: '2020-01-01T00:00:00.000Z' });
    await createModule(t.db, course.id, { position: 4 });
    const res = await t.json('POST', '/api/modules', body(course.id), cast.instructor.token);
    expect(res.status).toBe(201);
    const view = await read<ModuleView<LessonView>>(res);
    expect(view).toEqual({
      id: expect.any(Number),
      course_id: course.id,
      title: 'Pliés and tendus',
      description: 'The first exercises at the barre, step by step.',
      order: 5,
      position: 5,
      lessonCount: 0,
      lessons: [],
    });
    const [c] = await t.db.select({ updatedAt: courses.updatedAt }).from(courses).where(eq(courses.id, course.id));
    expect(c!.updatedAt > '2020-01-01T00:00:00.000Z').toBe(true);
  });

  it('starts at 1 and keeps an explicit position', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    expect((await read<ModuleView>(await t.json('POST', '/api/modules', body(course.id), cast.instructor.token))).position).toBe(1);
    expect((await read<ModuleView>(await t.json('POST', '/api/modules', body(course.id, { position: 9 }), cast.instructor.token))).position).toBe(9);
  });

  it('checks the fields against the module rules', async () => {
    const res = await t.json('POST', '/api/modules', { courseId: 'one', title: 'ab', description: 'short', position: 0 }, cast.instructor.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      courseId: ['Course id must be a number'],
      title: ['Title must be at least 3 characters'],
      description: ['Description must be at least 10 characters'],
      position: ['Position must be a whole number of 1 or more'],
    });
    const fraction = await t.json('POST', '/api/modules', body(1, { position: 1.5 }), cast.instructor.token);
    expect((await read<ErrorBody>(fraction)).validationErrors).toEqual({ position: ['Position must be a whole number of 1 or more'] });
  });

  it("refuses another instructor's course (403) and creates nothing", async () => {
    const course = await createCourse(t.db, { instructorId: cast.otherInstructor.user.id });
    for (const who of ['instructor', 'instructorAdmin'] as const) {
      const res = await t.json('POST', '/api/modules', body(course.id), cast[who].token);
      expect(res.status).toBe(403);
    }
    expect(await positionsOf(course.id)).toEqual([]);
    expect((await t.json('POST', '/api/modules', body(course.id), cast.admin.token)).status).toBe(201);
  });

  it('answers 401 anonymous, 403 student, 404 unknown course, 400 malformed JSON', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    expect((await t.json('POST', '/api/modules', body(course.id))).status).toBe(401);
    expect((await t.json('POST', '/api/modules', body(course.id), cast.student.token)).status).toBe(403);
    const unknown = await t.json('POST', '/api/modules', body(99999999), cast.instructor.token);
    expect(unknown.status).toBe(404);
    expect((await read<ErrorBody>(unknown)).message).toBe('Course not found');
    const malformed = await t.request('/api/modules', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.instructor.token}` },
      body: '{',
    });
    expect(malformed.status).toBe(400);
  });

  /**
   * The guarantee: concurrent creates without a position get distinct positions 1..n, because the
   * position is computed inside the INSERT and SQLite runs each INSERT under its write lock.
   */
  it('gives concurrent creates without a position distinct positions', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const n = 8;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => t.json('POST', '/api/modules', body(course.id, { title: `Module ${i + 1}` }), cast.instructor.token)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(n).fill(201));
    expect(await positionsOf(course.id)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });
});

describe('PATCH /api/modules/{id}', () => {
  it('changes the given fields', async () => {
    const { module } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PATCH', `/api/modules/${module.id}`, { title: 'Renamed module', position: 3 }, cast.instructor.token);
    expect(res.status).toBe(200);
    const view = await read<ModuleView<LessonView>>(res);
    expect(view).toMatchObject({ title: 'Renamed module', position: 3, description: module.description, lessonCount: 2 });
    expect(view.lessons[0]).toHaveProperty('content');
  });

  it("checks the fields with the forms' fixed messages", async () => {
    const { module } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PATCH', `/api/modules/${module.id}`, { title: 'x', description: 'y' }, cast.instructor.token);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      title: ['Title must be at least 3 characters'],
      description: ['Description must be at least 10 characters'],
    });
  });

  it("refuses another instructor's module and changes nothing", async () => {
    const { module } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    const before = await moduleRow(module.id);
    const res = await t.json('PATCH', `/api/modules/${module.id}`, { title: 'Taken over' }, cast.instructor.token);
    expect(res.status).toBe(403);
    expect(await moduleRow(module.id)).toEqual(before);
  });

  it('answers 404 for an unknown module and 400 for a bad id', async () => {
    expect((await t.json('PATCH', '/api/modules/99999999', { title: 'Nobody' }, cast.admin.token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/modules/abc', { title: 'Nobody' }, cast.admin.token)).status).toBe(400);
  });
});

describe('DELETE /api/modules/{id}', () => {
  it('deletes the module and its lessons', async () => {
    const { module, lesson } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('DELETE', `/api/modules/${module.id}`, undefined, cast.instructor.token);
    expect(res.status).toBe(200);
    expect(await read(res)).toEqual({ message: 'Module deleted successfully' });
    expect(await moduleRow(module.id)).toBeUndefined();
    expect(await t.db.select().from(lessons).where(eq(lessons.id, lesson.id))).toEqual([]);
  });

  it("refuses another instructor's module, students and anonymous callers", async () => {
    const { module } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('DELETE', `/api/modules/${module.id}`, undefined, cast.instructor.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/modules/${module.id}`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/modules/${module.id}`)).status).toBe(401);
    expect(await moduleRow(module.id)).toBeDefined();
    expect((await t.json('DELETE', '/api/modules/99999999', undefined, cast.admin.token)).status).toBe(404);
  });
});
