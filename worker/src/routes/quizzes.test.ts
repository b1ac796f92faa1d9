import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizzes } from '../../../db/schema/index.ts';
import {
  createCourse,
  createCourseCast,
  createCourseTree,
  createLesson,
  createModule,
  createQuestion,
  type CourseCast,
} from '../../../tests/support/course-factories.ts';
import { createTestApp, type TestApp, read, type ErrorBody } from '../../../tests/support/test-app.ts';
import type { QuestionView, QuizView } from '../../../shared/course-views.ts';

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

const quizRow = async (id: number) => (await t.db.select().from(quizzes).where(eq(quizzes.id, id)))[0];

async function lessonOf(instructorId: number, title = 'Spotting in turns') {
  const course = await createCourse(t.db, { instructorId });
  const module = await createModule(t.db, course.id);
  return createLesson(t.db, module.id, { title, type: 'quiz' });
}

describe('POST /api/quizzes', () => {
  it('creates a quiz with the given fields and answers 201', async () => {
    const lesson = await lessonOf(cast.instructor.user.id);
    const res = await t.json(
      'POST',
      '/api/quizzes',
      { lessonId: lesson.id, title: 'Turns check', description: 'Five questions on spotting.', passScore: 80 },
      cast.instructor.token,
    );
    expect(res.status).toBe(201);
    expect(await read<QuizView>(res)).toEqual({
      id: expect.any(Number),
      title: 'Turns check',
      description: 'Five questions on spotting.',
      passScore: 80,
      lessonId: lesson.id,
      questionCount: 0,
      maxAttempts: null,
      attemptWaitMinutes: 0,
      shuffleQuestions: false,
      revealAnswers: 'after_pass',
    });
  });

  it('stores the attempt rules given: attempts allowed, wait, shuffle and when answers show', async () => {
    const lesson = await lessonOf(cast.instructor.user.id);
    const res = await t.json(
      'POST',
      '/api/quizzes',
      { lessonId: lesson.id, maxAttempts: 3, attemptWaitMinutes: 10, shuffleQuestions: true, revealAnswers: 'never' },
      cast.instructor.token,
    );
    expect(res.status).toBe(201);
    const view = await read<QuizView>(res);
    expect(view).toMatchObject({ maxAttempts: 3, attemptWaitMinutes: 10, shuffleQuestions: true, revealAnswers: 'never' });
    expect(await quizRow(view.id)).toMatchObject({ maxAttempts: 3, attemptWaitMinutes: 10, shuffleQuestions: true, revealAnswers: 'never' });
  });

  it('refuses attempt rules out of range', async () => {
    const lesson = await lessonOf(cast.instructor.user.id);
    const res = await t.json(
      'POST',
      '/api/quizzes',
      { lessonId: lesson.id, maxAttempts: 0, attemptWaitMinutes: -1, shuffleQuestions: 'yes', revealAnswers: 'always' },
      cast.instructor.token,
    );
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      maxAttempts: ['Attempts allowed must be a whole number from 1 to 100, or empty for unlimited'],
      attemptWaitMinutes: ['Wait between attempts must be a whole number of minutes from 0 to 10080 (one week)'],
      shuffleQuestions: ['Shuffle questions must be true or false'],
      revealAnswers: ['Choose when to show the correct answers: after a pass, or never'],
    });
    for (const body of [{ maxAttempts: 101 }, { maxAttempts: 2.5 }, { attemptWaitMinutes: 10_081 }]) {
      expect((await t.json('POST', '/api/quizzes', { lessonId: lesson.id, ...body }, cast.instructor.token)).status).toBe(400);
    }
  });

  it("fills the defaults: pass score 70, 'Quiz for {lesson title}', 'Test your knowledge of this lesson'", async () => {
    const lesson = await lessonOf(cast.instructor.user.id, 'Chaîné turns');
    const res = await t.json('POST', '/api/quizzes', { lessonId: lesson.id }, cast.instructor.token);
    expect(await read<QuizView>(res)).toMatchObject({
      title: 'Quiz for Chaîné turns',
      description: 'Test your knowledge of this lesson',
      passScore: 70,
    });
  });

  it('checks the fields against the quiz rules', async () => {
    const res = await t.json('POST', '/api/quizzes', { lessonId: 'x', title: 'ab', description: 'short', passScore: 0 }, cast.instructor.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      lessonId: ['Lesson id must be a number'],
      title: ['Title must be at least 3 characters'],
      description: ['Description must be at least 10 characters'],
      passScore: ['Pass score must be a whole number from 1 to 100'],
    });
    for (const passScore of [101, 50.5, '70']) {
      const bad = await t.json('POST', '/api/quizzes', { lessonId: 1, passScore }, cast.instructor.token);
      expect((await read<ErrorBody>(bad)).validationErrors).toEqual({ passScore: ['Pass score must be a whole number from 1 to 100'] });
    }
  });

  it.each([1, 100])('accepts the pass score %i', async (passScore) => {
    const lesson = await lessonOf(cast.instructor.user.id);
    const res = await t.json('POST', '/api/quizzes', { lessonId: lesson.id, passScore }, cast.instructor.token);
    expect((await read<QuizView>(res)).passScore).toBe(passScore);
  });

  it('gives a lesson one quiz: a second, even concurrent, is a 409', async () => {
    const lesson = await lessonOf(cast.instructor.user.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.json('POST', '/api/quizzes', { lessonId: lesson.id }, cast.instructor.token)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.select().from(quizzes).where(eq(quizzes.lessonId, lesson.id))).toHaveLength(1);
    const conflict = answers.find((r) => r.status === 409)!;
    expect((await read<ErrorBody>(conflict)).message).toBe('This lesson already has a quiz');
  });

  it("refuses another instructor's lesson (403), an unknown lesson (404), students and anonymous callers", async () => {
    const lesson = await lessonOf(cast.otherInstructor.user.id);
    expect((await t.json('POST', '/api/quizzes', { lessonId: lesson.id }, cast.instructor.token)).status).toBe(403);
    expect(await t.db.select().from(quizzes).where(eq(quizzes.lessonId, lesson.id))).toEqual([]);
    const unknown = await t.json('POST', '/api/quizzes', { lessonId: 99999999 }, cast.instructor.token);
    expect(unknown.status).toBe(404);
    expect((await read<ErrorBody>(unknown)).message).toBe('Lesson not found');
    expect((await t.json('POST', '/api/quizzes', { lessonId: lesson.id }, cast.student.token)).status).toBe(403);
    expect((await t.json('POST', '/api/quizzes', { lessonId: lesson.id })).status).toBe(401);
  });
});

describe('PATCH /api/quizzes/{id}', () => {
  it('changes the given fields', async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PATCH', `/api/quizzes/${quiz.id}`, { passScore: 90 }, cast.instructor.token);
    expect(res.status).toBe(200);
    expect(await read<QuizView>(res)).toMatchObject({ id: quiz.id, passScore: 90, title: quiz.title, questionCount: 1 });
  });

  it('changes the attempt rules, and back to unlimited with null', async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const set = await t.json('PATCH', `/api/quizzes/${quiz.id}`, { maxAttempts: 3, attemptWaitMinutes: 10 }, cast.instructor.token);
    expect(await read<QuizView>(set)).toMatchObject({ maxAttempts: 3, attemptWaitMinutes: 10, shuffleQuestions: false, revealAnswers: 'after_pass' });
    const back = await t.json('PATCH', `/api/quizzes/${quiz.id}`, { maxAttempts: null, shuffleQuestions: true }, cast.instructor.token);
    expect(await read<QuizView>(back)).toMatchObject({ maxAttempts: null, attemptWaitMinutes: 10, shuffleQuestions: true });
    const one = await t.json('GET', `/api/quizzes/${quiz.id}`, undefined, cast.instructor.token);
    expect(one.status).toBe(200);
    expect(await read<QuizView>(one)).toMatchObject({ id: quiz.id, maxAttempts: null, attemptWaitMinutes: 10, shuffleQuestions: true, questionCount: 1 });
    expect((await t.json('GET', `/api/quizzes/${quiz.id}`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('GET', `/api/quizzes/${quiz.id}`, undefined, cast.otherInstructor.token)).status).toBe(403);
  });

  it("refuses another instructor's quiz and changes nothing; checks the fields; 404 and 400 for bad ids", async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    const before = await quizRow(quiz.id);
    expect((await t.json('PATCH', `/api/quizzes/${quiz.id}`, { passScore: 10 }, cast.instructor.token)).status).toBe(403);
    expect(await quizRow(quiz.id)).toEqual(before);
    const bad = await t.json('PATCH', `/api/quizzes/${quiz.id}`, { passScore: 0 }, cast.admin.token);
    expect((await read<ErrorBody>(bad)).validationErrors).toEqual({ passScore: ['Pass score must be a whole number from 1 to 100'] });
    expect((await t.json('PATCH', '/api/quizzes/99999999', { passScore: 50 }, cast.admin.token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/quizzes/abc', { passScore: 50 }, cast.admin.token)).status).toBe(400);
  });
});

describe('DELETE /api/quizzes/{id}', () => {
  it('deletes the quiz; refuses others', async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('DELETE', `/api/quizzes/${quiz.id}`, undefined, cast.instructor.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/quizzes/${quiz.id}`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/quizzes/${quiz.id}`)).status).toBe(401);
    expect(await quizRow(quiz.id)).toBeDefined();
    const res = await t.json('DELETE', `/api/quizzes/${quiz.id}`, undefined, cast.otherInstructor.token);
    expect(res.status).toBe(200);
    expect(await read(res)).toEqual({ message: 'Quiz deleted successfully' });
    expect(await quizRow(quiz.id)).toBeUndefined();
    expect((await t.json('DELETE', `/api/quizzes/${quiz.id}`, undefined, cast.admin.token)).status).toBe(404);
  });
});

describe('GET /api/quizzes/{id}/questions', () => {
  it('shows the manager the questions in order with their correct options', async () => {
    const { quiz, question } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const second = await createQuestion(t.db, quiz.id, { question: 'Which foot leads?', options: ['Left', 'Right'], correctOption: 1 });
    const res = await t.json('GET', `/api/quizzes/${quiz.id}/questions`, undefined, cast.instructor.token);
    expect(res.status).toBe(200);
    const body = await read<{ quiz: QuizView; data: QuestionView[] }>(res);
    expect(body.quiz).toMatchObject({ id: quiz.id, questionCount: 2 });
    expect(body.data).toEqual([
      { id: question.id, quizId: quiz.id, question: question.question, options: question.options, correctOption: 0, position: 1 },
      { id: second.id, quizId: quiz.id, question: 'Which foot leads?', options: ['Left', 'Right'], correctOption: 1, position: 2 },
    ]);
  });

  it('keeps the answers from everyone else', async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('GET', `/api/quizzes/${quiz.id}/questions`, undefined, cast.instructor.token)).status).toBe(403);
    expect((await t.json('GET', `/api/quizzes/${quiz.id}/questions`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('GET', `/api/quizzes/${quiz.id}/questions`)).status).toBe(401);
    expect((await t.json('GET', '/api/quizzes/99999999/questions', undefined, cast.admin.token)).status).toBe(404);
    expect((await t.json('GET', `/api/quizzes/${quiz.id}/questions`, undefined, cast.admin.token)).status).toBe(200);
  });
});

describe('publishing a course with a quiz without questions', () => {
  async function courseWithEmptyQuiz(status: 'draft' | 'published' = 'draft') {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, status });
    const module = await createModule(t.db, course.id);
    const lesson = await createLesson(t.db, module.id, { title: 'Spotting drill', type: 'quiz' });
    const created = await t.json('POST', '/api/quizzes', { lessonId: lesson.id, title: 'Spotting check' }, cast.instructor.token);
    return { course, quiz: await read<QuizView>(created) };
  }
  const MESSAGE =
    'This course cannot be published: the quiz “Spotting check” (lesson “Spotting drill”) has no questions. Add questions to it or delete it first.';
  const page = (visible: boolean) => ({
    title: 'Turns for beginners',
    short_name: 'Turns',
    description: 'Spotting, chaînés and piqués for young beginners.',
    visible,
  });
  const statusOf = async (id: number) => (await read<{ status: string }>(await t.json('GET', `/api/courses/${id}`, undefined, cast.instructor.token))).status;

  it('is refused (409) by PATCH status published and by PUT visible true, naming the quiz', async () => {
    const { course } = await courseWithEmptyQuiz();
    const patched = await t.json('PATCH', `/api/courses/${course.id}`, { status: 'published' }, cast.instructor.token);
    expect(patched.status).toBe(409);
    expect(await read<ErrorBody>(patched)).toEqual({ message: MESSAGE });
    const put = await t.json('PUT', `/api/courses/${course.id}`, page(true), cast.instructor.token);
    expect(put.status).toBe(409);
    expect(await read<ErrorBody>(put)).toEqual({ message: MESSAGE });
    expect(await statusOf(course.id)).toBe('draft');
  });

  it('is allowed once the quiz has a question; a draft with an empty quiz can still be edited', async () => {
    const { course, quiz } = await courseWithEmptyQuiz();
    expect((await t.json('PATCH', `/api/courses/${course.id}`, { title: 'Turns for beginners' }, cast.instructor.token)).status).toBe(200);
    await createQuestion(t.db, quiz.id);
    expect((await t.json('PATCH', `/api/courses/${course.id}`, { status: 'published' }, cast.instructor.token)).status).toBe(200);
    expect(await statusOf(course.id)).toBe('published');
  });

  it('names every empty quiz; unpublishing is always allowed', async () => {
    const { course } = await courseWithEmptyQuiz('published');
    const module = await createModule(t.db, course.id);
    const lesson = await createLesson(t.db, module.id, { title: 'Turn sequence', type: 'quiz' });
    await t.json('POST', '/api/quizzes', { lessonId: lesson.id, title: 'Sequence check' }, cast.instructor.token);
    const res = await t.json('PUT', `/api/courses/${course.id}`, page(true), cast.instructor.token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(
      'This course cannot be published: these quizzes have no questions: “Spotting check” (lesson “Spotting drill”), “Sequence check” (lesson “Turn sequence”). Add questions to them or delete them first.',
    );
    expect((await t.json('PUT', `/api/courses/${course.id}`, page(false), cast.instructor.token)).status).toBe(200);
    expect(await statusOf(course.id)).toBe('draft');
  });
});
