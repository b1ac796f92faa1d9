import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, quizzes } from '../../../db/schema/index.ts';
import { createCourse, createCourseCast, createCourseTree, createLesson, createModule, createQuestion, type CourseCast } from '../../../tests/support/course-factories.ts';
import { createTestApp, type TestApp, read, type ErrorBody } from '../../../tests/support/test-app.ts';
import type { LessonView } from '../../../shared/courses.ts';

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

const lessonRow = async (id: number) => (await t.db.select().from(lessons).where(eq(lessons.id, id)))[0];
const body = (moduleId: number, extra: Record<string, unknown> = {}) => ({
  moduleId,
  title: 'Port de bras',
  description: 'Arm positions and how to teach them to children.',
  content: '## Port de bras\n\n1. First position\n2. Second position',
  ...extra,
});

async function ownModule(instructorId = cast.instructor.user.id) {
  const course = await createCourse(t.db, { instructorId });
  return createModule(t.db, course.id);
}

describe('POST /api/lessons', () => {
  it('creates a text lesson at last + 1 by default', async () => {
    const module = await ownModule();
    await createLesson(t.db, module.id, { position: 2 });
    const res = await t.json('POST', '/api/lessons', body(module.id), cast.instructor.token);
    expect(res.status).toBe(201);
    expect(await read<LessonView>(res)).toEqual({
      id: expect.any(Number),
      module_id: module.id,
      title: 'Port de bras',
      description: 'Arm positions and how to teach them to children.',
      content: '## Port de bras\n\n1. First position\n2. Second position',
      type: 'text',
      order: 3,
      position: 3,
      quiz: null,
      quizzes: [],
    });
  });

  it.each(['video', 'quiz'] as const)('creates a %s lesson', async (type) => {
    const module = await ownModule();
    const res = await t.json('POST', '/api/lessons', body(module.id, { type, position: 1 }), cast.instructor.token);
    expect(await read<LessonView>(res)).toMatchObject({ type, position: 1 });
  });

  it("checks the fields with the forms' fixed messages", async () => {
    const res = await t.json(
      'POST',
      '/api/lessons',
      { moduleId: null, title: 'ab', description: 'short', content: '', position: 0, type: 'audio' },
      cast.instructor.token,
    );
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      moduleId: ['Module id must be a number'],
      title: ['Title must be at least 3 characters'],
      description: ['Description must be at least 10 characters'],
      content: ['Content is required'],
      position: ['Position must be a whole number of 1 or more'],
      type: ['Type must be text, video or quiz'],
    });
    const blank = await t.json('POST', '/api/lessons', body(1, { content: '   ' }), cast.instructor.token);
    expect((await read<ErrorBody>(blank)).validationErrors).toEqual({ content: ['Content is required'] });
    const missing = await t.json('POST', '/api/lessons', { ...body(1), content: undefined }, cast.instructor.token);
    expect((await read<ErrorBody>(missing)).validationErrors).toEqual({ content: ['Content is required'] });
  });

  it("refuses another instructor's module (403), an unknown module (404), students and anonymous callers", async () => {
    const module = await ownModule(cast.otherInstructor.user.id);
    expect((await t.json('POST', '/api/lessons', body(module.id), cast.instructor.token)).status).toBe(403);
    expect(await t.db.select().from(lessons).where(eq(lessons.moduleId, module.id))).toEqual([]);
    const unknown = await t.json('POST', '/api/lessons', body(99999999), cast.instructor.token);
    expect(unknown.status).toBe(404);
    expect((await read<ErrorBody>(unknown)).message).toBe('Module not found');
    expect((await t.json('POST', '/api/lessons', body(module.id), cast.student.token)).status).toBe(403);
    expect((await t.json('POST', '/api/lessons', body(module.id))).status).toBe(401);
  });

  it('gives concurrent creates without a position distinct positions', async () => {
    const module = await ownModule();
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.json('POST', '/api/lessons', body(module.id), cast.instructor.token)));
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const rows = await t.db.select({ p: lessons.position }).from(lessons).where(eq(lessons.moduleId, module.id)).orderBy(asc(lessons.position));
    expect(rows.map((r) => r.p)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('PATCH /api/lessons/{id}', () => {
  it('changes the given fields and shows the quiz reference', async () => {
    const { quizLesson, quiz } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    await createQuestion(t.db, quiz.id);
    await createQuestion(t.db, quiz.id);
    const res = await t.json('PATCH', `/api/lessons/${quizLesson.id}`, { content: 'New instructions', type: 'quiz', position: 7 }, cast.instructor.token);
    expect(res.status).toBe(200);
    expect(await read<LessonView>(res)).toMatchObject({
      content: 'New instructions',
      position: 7,
      title: quizLesson.title,
      quiz: { id: quiz.id, title: quiz.title, passScore: 70, questionCount: 3 },
    });
  });

  it("checks the fields with the forms' fixed messages", async () => {
    const { lesson } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PATCH', `/api/lessons/${lesson.id}`, { content: '', type: 'slides' }, cast.instructor.token);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({ content: ['Content is required'], type: ['Type must be text, video or quiz'] });
  });

  it("refuses another instructor's lesson and changes nothing; 404 and 400 for bad ids", async () => {
    const { lesson } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    const before = await lessonRow(lesson.id);
    expect((await t.json('PATCH', `/api/lessons/${lesson.id}`, { title: 'Taken over' }, cast.instructor.token)).status).toBe(403);
    expect(await lessonRow(lesson.id)).toEqual(before);
    expect((await t.json('PATCH', '/api/lessons/99999999', { title: 'Nobody' }, cast.admin.token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/lessons/1.5', { title: 'Nobody' }, cast.admin.token)).status).toBe(400);
  });
});

describe('DELETE /api/lessons/{id}', () => {
  it('deletes the lesson and its quiz', async () => {
    const { quizLesson, quiz } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('DELETE', `/api/lessons/${quizLesson.id}`, undefined, cast.instructor.token);
    expect(res.status).toBe(200);
    expect(await read(res)).toEqual({ message: 'Lesson deleted successfully' });
    expect(await lessonRow(quizLesson.id)).toBeUndefined();
    expect(await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.id))).toEqual([]);
  });

  it("refuses another instructor's lesson, students and anonymous callers", async () => {
    const { lesson } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('DELETE', `/api/lessons/${lesson.id}`, undefined, cast.instructor.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/lessons/${lesson.id}`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/lessons/${lesson.id}`)).status).toBe(401);
    expect(await lessonRow(lesson.id)).toBeDefined();
    expect((await t.json('DELETE', `/api/lessons/${lesson.id}`, undefined, cast.admin.token)).status).toBe(200);
    expect((await t.json('DELETE', `/api/lessons/${lesson.id}`, undefined, cast.admin.token)).status).toBe(404);
  });
});
