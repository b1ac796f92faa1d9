import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../tests/support/factories.ts';
import { createTestApp, type TestApp, read } from '../tests/support/test-app.ts';
import { courseEditPageSchema, courseDialogSchema, lessonSchema, moduleSchema, questionSchema, quizSchema } from '../worker/src/schemas/courses.ts';
import type { CourseDetail, CourseSummary, Page } from '../shared/courses.ts';
import { DEMO_COURSES, seedDemoCourses } from './seed-courses.ts';
import { DEMO_CLIP_URL } from './seed-media.ts';
import { courses, lessons, modules, quizQuestions, quizzes } from './schema/index.ts';

async function counts(t: TestApp) {
  const n = async (table: typeof courses | typeof modules | typeof lessons | typeof quizzes | typeof quizQuestions) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return { courses: await n(courses), modules: await n(modules), lessons: await n(lessons), quizzes: await n(quizzes), questions: await n(quizQuestions) };
}

const expected = {
  courses: DEMO_COURSES.length,
  modules: DEMO_COURSES.flatMap((c) => c.modules).length,
  lessons: DEMO_COURSES.flatMap((c) => c.modules.flatMap((m) => m.lessons)).length,
  quizzes: DEMO_COURSES.flatMap((c) => c.modules.flatMap((m) => m.lessons)).filter((l) => l.quiz).length,
  questions: DEMO_COURSES.flatMap((c) => c.modules.flatMap((m) => m.lessons.flatMap((l) => l.quiz?.questions ?? []))).length,
};

describe('the demo course content', () => {
  it('covers several styles and levels, free and paid, with one draft', () => {
    expect(DEMO_COURSES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_COURSES.map((c) => c.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_COURSES.map((c) => c.level))).toEqual(new Set(['beginner', 'intermediate', 'advanced']));
    expect(DEMO_COURSES.some((c) => c.priceCents === 0)).toBe(true);
    expect(DEMO_COURSES.some((c) => c.priceCents > 0)).toBe(true);
    expect(DEMO_COURSES.filter((c) => c.status === 'draft')).toHaveLength(1);
  });

  it('passes the validation rules the forms apply', () => {
    for (const c of DEMO_COURSES) {
      expect(courseDialogSchema.safeParse({ title: c.title, description: c.description, price: String(c.priceCents / 100), status: c.status }).success).toBe(true);
      expect(courseEditPageSchema.safeParse({ title: c.title, short_name: c.shortName, description: c.description }).success).toBe(true);
      expect(c.modules.length).toBeGreaterThanOrEqual(2);
      expect(c.modules.length).toBeLessThanOrEqual(3);
      for (const m of c.modules) {
        expect(moduleSchema.safeParse({ title: m.title, description: m.description, courseId: 1 }).success).toBe(true);
        for (const l of m.lessons) {
          expect(lessonSchema.safeParse({ title: l.title, description: l.description, content: l.content, type: l.type, moduleId: 1 }).success).toBe(true);
          if (l.type === 'video') expect(l.content).toBe(DEMO_CLIP_URL);
          if (l.type === 'text') expect(l.content).toMatch(/^#{2} /m);
          expect(Boolean(l.quiz)).toBe(l.type === 'quiz');
          if (!l.quiz) continue;
          expect(quizSchema.safeParse({ title: l.quiz.title, description: l.quiz.description, passScore: l.quiz.passScore, lessonId: 1 }).success).toBe(true);
          expect(l.quiz.passScore).toBe(70);
          expect(l.quiz.questions.length).toBeGreaterThanOrEqual(3);
          expect(l.quiz.questions.length).toBeLessThanOrEqual(4);
          for (const q of l.quiz.questions) {
            expect(questionSchema.safeParse({ question: q.question, options: q.options, correctOption: q.correct, quizId: 1 }).success).toBe(true);
          }
        }
      }
    }
  });
});

describe('seedDemoCourses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { username: 'instructor_admin', roles: ['INSTRUCTOR_ADMIN', 'INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
    await createUser(t.db, { username: 'multirole', roles: ['STUDENT', 'SELLER', 'INSTRUCTOR'], firstName: 'Sofia', lastName: 'Marin' });
  });
  afterAll(() => t?.close());

  it('writes every course, module, lesson, quiz and question once, even when run twice at once', async () => {
    const results = await Promise.all([seedDemoCourses(t.db), seedDemoCourses(t.db)]);
    expect(results).toContain(true);
    expect(await counts(t)).toEqual(expected);
  });

  it('does nothing once courses exist', async () => {
    expect(await seedDemoCourses(t.db)).toBe(false);
    expect(await counts(t)).toEqual(expected);
  });

  it('shows the published courses in the catalog, owned by the demo instructors, and hides the draft', async () => {
    const { data, total } = await read<Page<CourseSummary>>(await t.json('GET', '/api/courses?pageSize=100'));
    const published = DEMO_COURSES.filter((c) => c.status === 'published');
    expect(total).toBe(published.length);
    expect(data.map((c) => c.title).sort()).toEqual(published.map((c) => c.title).sort());
    const ballet = data.find((c) => c.title === 'Foundations of Classical Ballet Teaching')!;
    expect(ballet).toMatchObject({ price: 0, difficulty_level: 'beginner', category: { name: 'Ballet' }, instructor: { first_name: 'Elena' } });
    const hipHop = data.find((c) => c.title === 'Hip Hop Choreography for Teen Classes')!;
    expect(hipHop).toMatchObject({ price: 49, difficulty_level: 'intermediate', category: { name: 'Hip Hop' }, instructor: { first_name: 'Sofia' } });
    const newest = await read<Page<CourseSummary>>(await t.json('GET', '/api/courses?sort=newest'));
    expect(newest.data[0]?.title).toBe('Latin Ballroom Partnering Essentials');
  });

  it('answers a seeded course with its modules, lessons and quiz references in order', async () => {
    const [row] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.title, 'Foundations of Classical Ballet Teaching'));
    const detail = await read<CourseDetail>(await t.json('GET', `/api/courses/${row!.id}`));
    expect(detail.modules.map((m) => m.position)).toEqual([1, 2, 3]);
    expect(detail.modules[0]!.lessons.map((l) => l.type)).toEqual(['text', 'video', 'quiz']);
    expect(detail.modules[0]!.lessons[2]!.quiz).toMatchObject({ passScore: 70, questionCount: 4 });
  });
});

describe('seedDemoCourses without the demo instructors', () => {
  it('skips the courses of a missing instructor', async () => {
    const t = await createTestApp();
    try {
      await createUser(t.db, { username: 'instructor_admin', roles: ['INSTRUCTOR_ADMIN'] });
      expect(await seedDemoCourses(t.db)).toBe(true);
      const titles = (await t.db.select({ title: courses.title }).from(courses)).map((r) => r.title).sort();
      expect(titles).toEqual(DEMO_COURSES.filter((c) => c.instructor === 'instructor_admin').map((c) => c.title).sort());
      const orphanModules = await t.db.select({ n: count() }).from(modules);
      expect(orphanModules[0]!.n).toBe(DEMO_COURSES.filter((c) => c.instructor === 'instructor_admin').flatMap((c) => c.modules).length);
    } finally {
      t.close();
    }
  });
});
