import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, quizAttempts } from '../../db/schema/index.ts';
import { createSignedInUser } from '../support/factories.ts';
import { answersFor, buildCourse } from '../support/learning-factories.ts';
import { createTestApp, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Quizzes must be earned (decision 0012), as the attacker tried it: a script enrolled in a free course and posted
 * `{"answers":[]}` to every quiz, read the correct options from the answers, and got a valid
 * certificate in eight requests. Each door is shut.
 */
describe('security: quizzes must be earned', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (quizId: number, answers: unknown, token: string) => t.json('POST', `/api/learn/quizzes/${quizId}/attempts`, { answers }, token);

  async function enrolledAttacker() {
    const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }] }, { lessons: [{ type: 'quiz' }] }] });
    const attacker = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, attacker.token)).status).toBe(201);
    return { course, attacker };
  }

  it('an empty attempt is refused (400), reveals nothing, stores nothing, and no certificate follows', async () => {
    const { course, attacker } = await enrolledAttacker();
    for (const quiz of course.quizzes) {
      const res = await attempt(quiz.id, [], attacker.token);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).not.toMatch(/correct/i);
      expect((JSON.parse(text) as ErrorBody).validationErrors).toHaveProperty('answers');
    }
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, attacker.user.id))).toEqual([]);
    expect(await t.db.select().from(certificates).where(eq(certificates.userId, attacker.user.id))).toEqual([]);
  });

  it('a failed attempt tells which answers were wrong but never the correct options', async () => {
    const { course, attacker } = await enrolledAttacker();
    const quiz = course.quizzes[0]!;
    const res = await attempt(quiz.id, answersFor(quiz, 3), attacker.token);
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain('correct_option');
    const quizRead = await (await t.request(`/api/learn/quizzes/${quiz.id}`, { headers: { authorization: `Bearer ${attacker.token}` } })).text();
    expect(quizRead).not.toMatch(/correct/i);
  });

  it('guessing through the options is stopped by the attempt limit and the wait', async () => {
    const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz', quizzes: [{ maxAttempts: 3, attemptWaitMinutes: 10 }] }] }] });
    const attacker = await createSignedInUser(t.db);
    await t.json('POST', '/api/enrollments', { courseId: course.id }, attacker.token);
    const quiz = course.quizzes[0]!;
    const statuses: number[] = [];
    for (let wrong = 3; wrong >= 0; wrong--) statuses.push((await attempt(quiz.id, answersFor(quiz, wrong), attacker.token)).status);
    expect(statuses).toEqual([201, 429, 429, 429]);
    const rows = await t.db.select().from(quizAttempts).where(and(eq(quizAttempts.userId, attacker.user.id), eq(quizAttempts.quizId, quiz.id)));
    expect(rows.map((r) => r.passed)).toEqual([false]);
  });

  it('a quiz without questions is not a free pass', async () => {
    const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz', quizzes: [{ questions: [] }] }] }] });
    const attacker = await createSignedInUser(t.db);
    await t.json('POST', '/api/enrollments', { courseId: course.id }, attacker.token);
    const res = await attempt(course.quizzes[0]!.id, [], attacker.token);
    expect(res.status).toBe(409);
    expect(await t.db.select().from(certificates).where(eq(certificates.userId, attacker.user.id))).toEqual([]);
  });
});
