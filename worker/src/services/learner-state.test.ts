import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, modules, quizAttempts, quizzes } from '../../../db/schema/index.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { emptyRecord, learnerSnapshot, learnerStateColumns, learnerStateFromJson } from './learner-state.ts';

// A quiz's routes read the learner's outline and record of the quiz's course as JSON columns of
// one statement (decision 0028); they must be what the snapshot's own selects give.

let t: TestApp;
let course: BuiltCourse;
let other: BuiltCourse;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildCourse(t.db, {
    modules: [
      { lessons: [{ type: 'text' }, { type: 'quiz', quizzes: [{}, {}] }, { type: 'video' }] },
      { lessons: [{ type: 'quiz' }, { type: 'text' }] },
      { lessons: [] },
    ],
  });
  // Positions against the order of ids: the last module first, the first module's lessons reversed.
  await t.db.update(modules).set({ position: 0 }).where(eq(modules.id, course.modules[2]!.id));
  for (const [i, lesson] of course.modules[0]!.lessons.entries()) {
    await t.db.run(sql`UPDATE lessons SET position = ${10 - i} WHERE id = ${lesson.id}`);
  }
  other = await buildCourse(t.db);
});
afterAll(() => t.close());

async function fromJson(userId: number, quizId: number, courseId: number) {
  const [row] = await t.db
    .select({ ...learnerStateColumns(t.db) })
    .from(quizzes)
    .where(eq(quizzes.id, sql.placeholder('quizId')))
    .prepare()
    .execute({ userId, quizId });
  return learnerStateFromJson(userId, courseId, row!);
}

describe("a learner's state of a quiz's course in one statement", () => {
  it('is the snapshot of that course: outline in order, completed lessons, best scores, attempts, passes, last attempts', async () => {
    const learner = await createUser(t.db);
    const classmate = await createUser(t.db);
    for (const id of [learner.id, classmate.id]) {
      await createEnrollment(t.db, id, course.id);
      await createEnrollment(t.db, id, other.id);
    }
    const [q1, q2, q3] = course.quizzes;
    const attempt = (userId: number, quizId: number, score: number, passed: boolean) =>
      t.db.insert(quizAttempts).values({ userId, quizId, score, passed, answers: [{ questionId: 1, selected: 2 }] });
    await attempt(learner.id, q1!.id, 33, false);
    await attempt(learner.id, q1!.id, 100, true);
    await attempt(learner.id, q2!.id, 67, false);
    await attempt(learner.id, other.quizzes[0]!.id, 100, true);
    await attempt(classmate.id, q3!.id, 100, true);
    await t.db.insert(lessonProgress).values([
      { userId: learner.id, courseId: course.id, lessonId: course.lessons[0]!.id },
      { userId: learner.id, courseId: course.id, lessonId: course.lessons[4]!.id },
      { userId: learner.id, courseId: other.id, lessonId: other.lessons[0]!.id },
      { userId: classmate.id, courseId: course.id, lessonId: course.lessons[2]!.id },
    ]);

    for (const quiz of course.quizzes) {
      const snapshot = await learnerSnapshot(t.db, learner.id, course.id);
      const state = await fromJson(learner.id, quiz.id, course.id);
      expect(state.outline).toEqual(snapshot.outline);
      expect(state.record).toEqual(snapshot.record);
    }
    const state = await fromJson(learner.id, q2!.id, course.id);
    expect(state.outline.modules.map((m) => m.id)).toEqual([course.modules[2]!.id, course.modules[0]!.id, course.modules[1]!.id]);
    expect(state.outline.quizzes.map((q) => q.id)).toEqual(course.quizzes.map((q) => q.id));
    expect(state.outline.quizzes.every((q) => q.questionCount === 3)).toBe(true);
    expect([...state.record.completedLessonIds].sort()).toEqual([course.lessons[0]!.id, course.lessons[4]!.id].sort());
    expect(state.record.passedQuizIds).toEqual(new Set([q1!.id]));
    expect(state.record.bestScores).toEqual(new Map([[q1!.id, 100], [q2!.id, 67]]));
    expect(state.record.attemptCounts).toEqual(new Map([[q1!.id, 2], [q2!.id, 1]]));
  });

  it('is empty for a learner who did nothing yet', async () => {
    const newcomer = await createUser(t.db);
    const state = await fromJson(newcomer.id, course.quizzes[0]!.id, course.id);
    expect(state.record).toEqual(emptyRecord());
    expect(state.outline).toEqual((await learnerSnapshot(t.db, newcomer.id, course.id)).outline);
  });
});
