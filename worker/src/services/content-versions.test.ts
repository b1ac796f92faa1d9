import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, lessonProgress, quizAttempts } from '../../../db/schema/index.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// Which learner writes move the public catalog version (migrations 0003 and 0004, decision 0021):
// public answers show a course's number of learners, nothing else of their learning.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function catalogVersion(): Promise<number> {
  const rows = await t.db.all<{ version: number }>(sql`SELECT version FROM content_versions WHERE scope = 'catalog'`);
  return Number(rows[0]!.version);
}

describe('catalog version and learner writes', () => {
  it('moves on enrolment and its removal, not on a resume point, completion, progress or attempts', async () => {
    const course = await buildCourse(t.db, { priceCents: 0 });
    const learner = await createUser(t.db);
    let before = await catalogVersion();
    const enrollment = await createEnrollment(t.db, learner.id, course.id);
    expect(await catalogVersion()).toBeGreaterThan(before);

    before = await catalogVersion();
    const lessonId = course.lessons[0]!.id;
    await t.db.update(enrollments).set({ lastLessonId: lessonId, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` }).where(eq(enrollments.id, enrollment.id));
    await t.db.update(enrollments).set({ completedAt: new Date().toISOString() }).where(eq(enrollments.id, enrollment.id));
    await t.db.insert(lessonProgress).values({ userId: learner.id, courseId: course.id, lessonId });
    await t.db.insert(quizAttempts).values({ userId: learner.id, quizId: course.quizzes[0]!.id, score: 0, passed: false, answers: [] });
    expect(await catalogVersion()).toBe(before);

    await t.db.update(enrollments).set({ courseId: course.id }).where(eq(enrollments.id, enrollment.id));
    expect(await catalogVersion()).toBeGreaterThan(before);
    before = await catalogVersion();
    await t.db.delete(enrollments).where(eq(enrollments.id, enrollment.id));
    expect(await catalogVersion()).toBeGreaterThan(before);
  });
});
