import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, quizAttempts } from '../../../db/schema/index.ts';
import { createSignedInUser, type FactoryUser } from '../../../tests/support/factories.ts';
import { answersFor, buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import type { AttemptResult, PlayerData, QuizView } from '../services/learning.ts';

describe('quizzes', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };

  const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const attempt = (quizId: number, answers: unknown, token: string) => t.json('POST', `/api/learn/quizzes/${quizId}/attempts`, { answers }, token);

  async function learnerIn(course: BuiltCourse) {
    const learner = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, learner.token)).status).toBe(201);
    return learner;
  }

  beforeAll(async () => {
    t = await createTestApp();
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
  });
  afterAll(() => t.close());

  describe('GET /api/learn/quizzes/{quizId}', () => {
    it('gives the questions and options but never the correct option', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await learnerIn(course);
      const quiz = course.quizzes[0]!;
      for (const token of [learner.token, instructor.token]) {
        const res = await get(`/api/learn/quizzes/${quiz.id}`, token);
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(text).not.toMatch(/correct/i);
        const body = JSON.parse(text) as QuizView;
        expect(body).toMatchObject({
          id: quiz.id,
          lesson_id: quiz.lessonId,
          course_id: course.id,
          pass_score: 70,
          description: 'Test your knowledge of this lesson',
          best_score: null,
          attempts: 0,
          passed: false,
        });
        expect(body.questions).toEqual(quiz.questions.map((q) => ({ id: q.id, question: expect.any(String), options: q.options })));
      }
    });

    it('refuses someone not enrolled, a locked module, and answers 404 for an unknown quiz', async () => {
      const course = await buildCourse(t.db, { lockModules: true, modules: [{ lessons: [{ type: 'quiz' }] }, { lessons: [{ type: 'quiz' }] }] });
      const stranger = await createSignedInUser(t.db);
      expect((await get(`/api/learn/quizzes/${course.quizzes[0]!.id}`, stranger.token)).status).toBe(403);
      const learner = await learnerIn(course);
      const locked = await get(`/api/learn/quizzes/${course.quizzes[1]!.id}`, learner.token);
      expect(locked.status).toBe(403);
      expect(await read<{ message: string }>(locked)).toEqual({ message: "This module is locked until you pass the previous module's quizzes." });
      const lockedAttempt = await attempt(course.quizzes[1]!.id, answersFor(course.quizzes[1]!), learner.token);
      expect(lockedAttempt.status).toBe(403);
      expect((await get('/api/learn/quizzes/999999', learner.token)).status).toBe(404);
    });
  });

  describe('POST /api/learn/quizzes/{quizId}/attempts', () => {
    it('grades exactly on the server and reveals the correct options afterwards', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }, { type: 'text' }] }] });
      const learner = await learnerIn(course);
      const quiz = course.quizzes[0]!;
      const [q1, q2, q3] = quiz.questions;
      const res = await attempt(
        quiz.id,
        [
          { questionId: q1!.id, selected: q1!.correct },
          { questionId: q2!.id, selected: (q2!.correct + 1) % 3 },
          // q3 unanswered: wrong
        ],
        learner.token,
      );
      expect(res.status).toBe(201);
      const body = await read<AttemptResult>(res);
      expect(body).toMatchObject({ score: 33, passed: false, pass_score: 70, correct: 1, total: 3, lesson_completed: false, course_completed: false });
      expect(body.results).toEqual([
        { questionId: q1!.id, correct: true, correct_option: q1!.correct, selected: q1!.correct },
        { questionId: q2!.id, correct: false, correct_option: q2!.correct, selected: (q2!.correct + 1) % 3 },
        { questionId: q3!.id, correct: false, correct_option: q3!.correct, selected: null },
      ]);
      const [stored] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, body.attempt_id));
      expect(stored).toMatchObject({ userId: learner.user.id, quizId: quiz.id, score: 33, passed: false });
    });

    it('passes at exactly the pass score (2 of 3 right = 67 against 67)', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz', quizzes: [{ passScore: 67 }] }] }] });
      const learner = await learnerIn(course);
      const body = await read<AttemptResult>(await attempt(course.quizzes[0]!.id, answersFor(course.quizzes[0]!, 1), learner.token));
      expect(body).toMatchObject({ score: 67, passed: true, correct: 2 });
    });

    it('allows retakes: fail, then pass; the quiz lesson completes on the pass and the best score counts', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }, { type: 'text' }] }] });
      const learner = await learnerIn(course);
      const quiz = course.quizzes[0]!;
      const failed = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 3), learner.token));
      expect(failed).toMatchObject({ score: 0, passed: false, lesson_completed: false, progress_percent: 0 });
      const passed = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz), learner.token));
      expect(passed).toMatchObject({ score: 100, passed: true, lesson_completed: true, progress_percent: 50 });
      const progress = await t.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, learner.user.id), eq(lessonProgress.lessonId, quiz.lessonId)));
      expect(progress).toHaveLength(1);
      // A worse retake after passing changes nothing.
      await attempt(quiz.id, answersFor(quiz, 3), learner.token);
      const view = await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token));
      expect(view).toMatchObject({ best_score: 100, attempts: 3, passed: true });
      const history = await read<{ score: number; passed: boolean }[]>(await get(`/api/learn/quizzes/${quiz.id}/attempts`, learner.token));
      expect(history.map((h) => [h.score, h.passed])).toEqual([
        [0, false],
        [100, true],
        [0, false],
      ]);
    });

    it('completes a quiz lesson only when every quiz of it is passed', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz', quizzes: [{}, {}] }] }] });
      const learner = await learnerIn(course);
      const [a, b] = course.quizzes;
      expect(await read<AttemptResult>(await attempt(a!.id, answersFor(a!), learner.token))).toMatchObject({ passed: true, lesson_completed: false });
      expect(await read<AttemptResult>(await attempt(b!.id, answersFor(b!), learner.token))).toMatchObject({
        passed: true,
        lesson_completed: true,
        course_completed: true,
        certificate: { code: expect.stringMatching(/^DRX-/) },
      });
    });

    it('opens the next module of a locked course once the quiz is passed', async () => {
      const course = await buildCourse(t.db, { lockModules: true, modules: [{ lessons: [{ type: 'quiz' }] }, { lessons: [{ type: 'text' }] }] });
      const learner = await learnerIn(course);
      await attempt(course.quizzes[0]!.id, answersFor(course.quizzes[0]!), learner.token);
      const player = await read<PlayerData>(await get(`/api/learn/courses/${course.id}`, learner.token));
      expect(player.modules.map((m) => m.locked)).toEqual([false, false]);
    });

    it('refuses answers to questions of another quiz (400) and records nothing', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }, { type: 'quiz' }] }] });
      const learner = await learnerIn(course);
      const [mine, other] = course.quizzes;
      const res = await attempt(mine!.id, [...answersFor(mine!).slice(0, 2), { questionId: other!.questions[0]!.id, selected: 0 }], learner.token);
      expect(res.status).toBe(400);
      expect(await read<{ message: string }>(res)).toMatchObject({ message: 'Answers must be for questions of this quiz.' });
      const rows = await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.user.id));
      expect(rows).toHaveLength(0);
    });

    it('refuses a question answered twice and malformed answers (400)', async () => {
      const course = await buildCourse(t.db);
      const learner = await learnerIn(course);
      const quiz = course.quizzes[0]!;
      const q = quiz.questions[0]!;
      const twice = await attempt(quiz.id, [{ questionId: q.id, selected: 0 }, { questionId: q.id, selected: 1 }], learner.token);
      expect(twice.status).toBe(400);
      expect(await read<{ message: string }>(twice)).toMatchObject({ message: 'Each question can be answered only once.' });
      expect((await attempt(quiz.id, [{ questionId: q.id, selected: -1 }], learner.token)).status).toBe(400);
      expect((await attempt(quiz.id, 'all of them', learner.token)).status).toBe(400);
    });

    it('refuses someone not enrolled, even the instructor previewing', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const quiz = course.quizzes[0]!;
      const stranger = await createSignedInUser(t.db);
      for (const token of [stranger.token, instructor.token]) {
        const res = await attempt(quiz.id, answersFor(quiz), token);
        expect(res.status).toBe(403);
        expect(await read<{ message: string }>(res)).toEqual({ message: 'You are not enrolled in this course.' });
      }
      expect((await t.json('POST', `/api/learn/quizzes/${quiz.id}/attempts`, { answers: [] })).status).toBe(401);
    });
  });
});
