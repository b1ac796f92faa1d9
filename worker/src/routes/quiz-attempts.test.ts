import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, quizAttempts } from '../../../db/schema/index.ts';
import { createSignedInUser, type FactoryUser } from '../../../tests/support/factories.ts';
import { answersFor, buildCourse, type BuiltCourse, type ModuleSpec, type QuizSpec } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type ErrorBody, type TestApp, read } from '../../../tests/support/test-app.ts';
import { attemptQuestionOrder } from '../domain/learning.ts';
import type { PlayerData } from '../../../shared/learning.ts';
import type { AttemptResult, QuizView } from '../../../shared/quiz-attempts.ts';

describe('quizzes', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };

  const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const attempt = (quizId: number, answers: unknown, token: string) => t.json('POST', `/api/learn/quizzes/${quizId}/attempts`, { answers }, token);
  const attemptsOf = (userId: number) => t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId));
  /** Moves a learner's attempts back in time, as if the wait had passed. */
  const age = (userId: number, minutes: number) =>
    t.db.run(sql`UPDATE quiz_attempts SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ${`-${minutes} minutes`}) WHERE user_id = ${userId}`);

  async function learnerIn(course: BuiltCourse) {
    const learner = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, learner.token)).status).toBe(201);
    return learner;
  }

  async function oneQuiz(modules: ModuleSpec[]) {
    const course = await buildCourse(t.db, { modules });
    return { course, quiz: course.quizzes[0]!, learner: await learnerIn(course) };
  }
  const quizWith = (settings: QuizSpec) =>
    oneQuiz([{ lessons: [{ type: 'quiz', quizzes: [settings] }] }]);

  beforeAll(async () => {
    t = await createTestApp();
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
  });
  afterAll(() => t.close());

  describe('GET /api/learn/quizzes/{quizId}', () => {
    it('gives the questions, options and where the learner stands, but never the correct option', async () => {
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
          max_attempts: null,
          attempts_left: null,
          attempt_wait_minutes: 0,
          next_attempt_at: null,
          shuffle_questions: false,
          reveal_answers: 'after_pass',
        });
        expect(body.questions).toEqual(quiz.questions.map((q) => ({ id: q.id, question: expect.any(String), options: q.options })));
      }
      expect(await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token))).toMatchObject({ can_attempt: true, blocked: null, preview: false });
      expect(await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, instructor.token))).toMatchObject({ can_attempt: false, preview: true });
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

    it('serves a shuffled quiz in one order per pending attempt, the same on reload, a new one for the next attempt', async () => {
      const questions = Array.from({ length: 8 }, (_, i) => ({ question: `Step ${i + 1}?`, options: ['A', 'B'], correct: 0 }));
      const { quiz, learner } = await quizWith({ shuffleQuestions: true, questions });
      const ids = quiz.questions.map((q) => q.id);
      const first = await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token));
      const reload = await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token));
      const order = first.questions.map((q) => q.id);
      expect(first.shuffle_questions).toBe(true);
      expect(reload.questions.map((q) => q.id)).toEqual(order);
      expect(order).toEqual(attemptQuestionOrder(ids, { userId: learner.user.id, quizId: quiz.id, attemptNumber: 1 }));
      expect([...order].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      // Options stay in place, so the correct option keeps its meaning.
      expect(first.questions.every((q) => q.options.join() === 'A,B')).toBe(true);

      const failed = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 8), learner.token));
      expect(failed.results.map((r) => r.questionId)).toEqual(order);
      const second = await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token));
      expect(second.questions.map((q) => q.id)).toEqual(attemptQuestionOrder(ids, { userId: learner.user.id, quizId: quiz.id, attemptNumber: 2 }));
    });
  });

  describe('POST /api/learn/quizzes/{quizId}/attempts', () => {
    it('grades on the server and tells the learner which answers were right, without the correct options while failed', async () => {
      const { quiz, learner } = await oneQuiz([{ lessons: [{ type: 'quiz' }, { type: 'text' }] }]);
      const [q1, q2, q3] = quiz.questions;
      const res = await attempt(
        quiz.id,
        [
          { questionId: q1!.id, selected: q1!.correct },
          { questionId: q2!.id, selected: (q2!.correct + 1) % 3 },
          { questionId: q3!.id, selected: (q3!.correct + 1) % 3 },
        ],
        learner.token,
      );
      expect(res.status).toBe(201);
      const text = await res.text();
      expect(text).not.toContain('correct_option');
      const body = JSON.parse(text) as AttemptResult;
      expect(body).toMatchObject({
        score: 33,
        passed: false,
        pass_score: 70,
        correct: 1,
        total: 3,
        lesson_completed: false,
        course_completed: false,
        answers_revealed: false,
        attempts: 1,
        attempts_left: null,
        can_attempt: true,
      });
      expect(body.results).toEqual([
        { questionId: q1!.id, correct: true, selected: q1!.correct },
        { questionId: q2!.id, correct: false, selected: (q2!.correct + 1) % 3 },
        { questionId: q3!.id, correct: false, selected: (q3!.correct + 1) % 3 },
      ]);
      const [stored] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, body.attempt_id));
      expect(stored).toMatchObject({ userId: learner.user.id, quizId: quiz.id, score: 33, passed: false });
    });

    it('passes at exactly the pass score (2 of 3 right = 67 against 67) and then reveals the correct options', async () => {
      const { quiz, learner } = await quizWith({ passScore: 67 });
      const body = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 1), learner.token));
      expect(body).toMatchObject({ score: 67, passed: true, correct: 2, answers_revealed: true, can_attempt: false, blocked: 'passed' });
      expect(body.results).toEqual(quiz.questions.map((q, i) => ({ questionId: q.id, correct: i > 0, selected: i === 0 ? (q.correct + 1) % 3 : q.correct, correct_option: q.correct })));
    });

    it("never reveals the correct options of a quiz set to 'never', even after a pass", async () => {
      const { quiz, learner } = await quizWith({ revealAnswers: 'never' });
      const res = await attempt(quiz.id, answersFor(quiz), learner.token);
      const text = await res.text();
      expect(res.status).toBe(201);
      expect(text).not.toContain('correct_option');
      expect(JSON.parse(text)).toMatchObject({ passed: true, answers_revealed: false });
    });

    it('allows a retake after a fail; the pass completes the quiz lesson; a passed quiz takes no further attempts (409)', async () => {
      const { quiz, learner } = await oneQuiz([{ lessons: [{ type: 'quiz' }, { type: 'text' }] }]);
      const failed = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 3), learner.token));
      expect(failed).toMatchObject({ score: 0, passed: false, lesson_completed: false, progress_percent: 0 });
      const passed = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz), learner.token));
      expect(passed).toMatchObject({ score: 100, passed: true, lesson_completed: true, progress_percent: 50, answers_revealed: true });
      const progress = await t.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, learner.user.id), eq(lessonProgress.lessonId, quiz.lessonId)));
      expect(progress).toHaveLength(1);
      const again = await attempt(quiz.id, answersFor(quiz, 3), learner.token);
      expect(again.status).toBe(409);
      expect(await read<ErrorBody>(again)).toEqual({ message: 'You have already passed this quiz.' });
      const view = await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token));
      expect(view).toMatchObject({ best_score: 100, attempts: 2, passed: true, can_attempt: false, blocked: 'passed' });
      const history = await read<{ score: number; passed: boolean }[]>(await get(`/api/learn/quizzes/${quiz.id}/attempts`, learner.token));
      expect(history.map((h) => [h.score, h.passed])).toEqual([
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

    it('refuses an attempt that does not answer every question (400 naming each) and stores nothing', async () => {
      const { quiz, learner } = await quizWith({});
      const [q1, q2, q3] = quiz.questions;
      const empty = await attempt(quiz.id, [], learner.token);
      expect(empty.status).toBe(400);
      expect(await read<ErrorBody>(empty)).toEqual({
        message: 'Answer every question before submitting.',
        validationErrors: {
          answers: ['Answer every question before submitting.'],
          [`answers.${q1!.id}`]: ['Answer this question.'],
          [`answers.${q2!.id}`]: ['Answer this question.'],
          [`answers.${q3!.id}`]: ['Answer this question.'],
        },
      });
      const partial = await attempt(quiz.id, answersFor(quiz).slice(0, 2), learner.token);
      expect(partial.status).toBe(400);
      expect((await read<ErrorBody>(partial)).validationErrors).toEqual({
        answers: ['Answer every question before submitting.'],
        [`answers.${q3!.id}`]: ['Answer this question.'],
      });
      const outOfRange = await attempt(quiz.id, [...answersFor(quiz).slice(0, 2), { questionId: q3!.id, selected: 3 }], learner.token);
      expect(outOfRange.status).toBe(400);
      expect((await read<ErrorBody>(outOfRange)).validationErrors).toEqual({ [`answers.${q3!.id}`]: ['Choose one of the options of this question.'] });
      const unanswered = await attempt(quiz.id, [...answersFor(quiz).slice(0, 2), { questionId: q3!.id, selected: null }], learner.token);
      expect(unanswered.status).toBe(400);
      expect(await attemptsOf(learner.user.id)).toHaveLength(0);
    });

    it('refuses answers to questions of another quiz and a question answered twice (400), storing nothing', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }, { type: 'quiz' }] }] });
      const learner = await learnerIn(course);
      const [mine, other] = course.quizzes;
      const foreign = await attempt(mine!.id, [...answersFor(mine!), { questionId: other!.questions[0]!.id, selected: 0 }], learner.token);
      expect(foreign.status).toBe(400);
      expect(await read<ErrorBody>(foreign)).toMatchObject({ message: 'Answers must be for questions of this quiz.' });
      const q = mine!.questions[0]!;
      const twice = await attempt(mine!.id, [...answersFor(mine!), { questionId: q.id, selected: 1 }], learner.token);
      expect(twice.status).toBe(400);
      expect(await read<ErrorBody>(twice)).toMatchObject({ message: 'Each question can be answered only once.' });
      expect((await attempt(mine!.id, [{ questionId: q.id, selected: -1 }], learner.token)).status).toBe(400);
      expect((await attempt(mine!.id, 'all of them', learner.token)).status).toBe(400);
      expect(await attemptsOf(learner.user.id)).toHaveLength(0);
    });

    it('refuses a quiz without questions (409): it cannot be taken or passed', async () => {
      const { quiz, learner } = await quizWith({ questions: [] });
      const view = await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token));
      expect(view).toMatchObject({ questions: [], can_attempt: false, blocked: 'no_questions' });
      for (const answers of [[], [{ questionId: 1, selected: 0 }]]) {
        const res = await attempt(quiz.id, answers, learner.token);
        expect(res.status).toBe(409);
        expect(await read<ErrorBody>(res)).toEqual({ message: 'This quiz has no questions yet, so it cannot be taken. Ask the instructor to add questions.' });
      }
      expect(await attemptsOf(learner.user.id)).toHaveLength(0);
    });

    it('counts the attempts allowed and refuses the one past the limit (409), showing attempts left', async () => {
      const { quiz, learner } = await quizWith({ maxAttempts: 2 });
      expect(await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token))).toMatchObject({ max_attempts: 2, attempts_left: 2 });
      expect(await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 3), learner.token))).toMatchObject({ attempts: 1, attempts_left: 1, can_attempt: true });
      expect(await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 3), learner.token))).toMatchObject({
        attempts: 2,
        attempts_left: 0,
        can_attempt: false,
        blocked: 'no_attempts_left',
      });
      const third = await attempt(quiz.id, answersFor(quiz), learner.token);
      expect(third.status).toBe(409);
      expect(await read<ErrorBody>(third)).toEqual({ message: 'No attempts left for this quiz.' });
      expect(await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token))).toMatchObject({ attempts_left: 0, can_attempt: false, blocked: 'no_attempts_left' });
      expect(await attemptsOf(learner.user.id)).toHaveLength(2);
    });

    it('stores one attempt when several race for the last one', async () => {
      for (let round = 0; round < 3; round++) {
        const { quiz, learner } = await quizWith({ maxAttempts: 1 });
        const results = await Promise.all(Array.from({ length: 5 }, () => attempt(quiz.id, answersFor(quiz, 3), learner.token)));
        expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
        expect(await attemptsOf(learner.user.id)).toHaveLength(1);
      }
    });

    it('makes the learner wait after a failed attempt: 429 with the time the next opens, then allows it', async () => {
      const { quiz, learner } = await quizWith({ attemptWaitMinutes: 10 });
      const before = Date.now();
      const failed = await read<AttemptResult>(await attempt(quiz.id, answersFor(quiz, 3), learner.token));
      expect(failed).toMatchObject({ can_attempt: false, blocked: 'waiting', attempt_wait_minutes: 10 });
      const opens = Date.parse(failed.next_attempt_at!);
      expect(opens).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
      expect(opens).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);

      const early = await attempt(quiz.id, answersFor(quiz), learner.token);
      expect(early.status).toBe(429);
      const retryAfter = Number(early.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(540);
      expect(retryAfter).toBeLessThanOrEqual(600);
      const body = await read<ErrorBody & { nextAttemptAt: string }>(early);
      expect(body.nextAttemptAt).toBe(failed.next_attempt_at);
      expect(body.message).toMatch(/^Please wait before your next attempt: it opens at \d\d:\d\d UTC \(in (9|10) minutes\)\.$/);
      expect(await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token))).toMatchObject({
        next_attempt_at: failed.next_attempt_at,
        can_attempt: false,
        blocked: 'waiting',
      });

      await age(learner.user.id, 11);
      expect(await read<QuizView>(await get(`/api/learn/quizzes/${quiz.id}`, learner.token))).toMatchObject({ next_attempt_at: null, can_attempt: true });
      const later = await attempt(quiz.id, answersFor(quiz), learner.token);
      expect(later.status).toBe(201);
      expect(await read<AttemptResult>(later)).toMatchObject({ passed: true });
    });

    it('lets one of several simultaneous attempts through when the quiz has a wait', async () => {
      const { quiz, learner } = await quizWith({ attemptWaitMinutes: 10 });
      const results = await Promise.all(Array.from({ length: 4 }, () => attempt(quiz.id, answersFor(quiz, 3), learner.token)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429, 429]);
      expect(await attemptsOf(learner.user.id)).toHaveLength(1);
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
