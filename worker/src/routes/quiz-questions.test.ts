import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizQuestions } from '../../../db/schema/index.ts';
import { createCourseCast, createCourseTree, type CourseCast } from '../../../tests/support/course-factories.ts';
import { createTestApp, type TestApp, read, type ErrorBody } from '../../../tests/support/test-app.ts';
import type { QuestionView } from '../../../shared/course-views.ts';

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

const questionRow = async (id: number) => (await t.db.select().from(quizQuestions).where(eq(quizQuestions.id, id)))[0];
const body = (quizId: number, extra: Record<string, unknown> = {}) => ({
  quizId,
  question: 'How many counts in a waltz bar?',
  options: ['Two', 'Three', 'Four'],
  correctOption: 1,
  ...extra,
});

describe('POST /api/quiz-questions', () => {
  it('adds a question at the end and answers 201', async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('POST', '/api/quiz-questions', body(quiz.id, { options: ['  Two ', 'Three', 'Four'] }), cast.instructor.token);
    expect(res.status).toBe(201);
    expect(await read<QuestionView>(res)).toEqual({
      id: expect.any(Number),
      quizId: quiz.id,
      question: 'How many counts in a waltz bar?',
      options: ['Two', 'Three', 'Four'],
      correctOption: 1,
      position: 2,
    });
  });

  it("checks the fields with the forms' fixed messages", async () => {
    const res = await t.json('POST', '/api/quiz-questions', { quizId: 'q', question: 'ab', options: ['Only one'], correctOption: -1 }, cast.instructor.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      quizId: ['Quiz id must be a number'],
      question: ['Question must be at least 3 characters'],
      options: ['At least 2 options are required'],
      correctOption: ['Correct option must be a whole number of 0 or more'],
    });
  });

  it("refuses blank options with 'All options must have content'", async () => {
    const res = await t.json('POST', '/api/quiz-questions', body(1, { options: ['Two', '   '] }), cast.instructor.token);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({ options: ['All options must have content'] });
  });

  it('refuses a correct option past the last option, and more than 10 options', async () => {
    const res = await t.json('POST', '/api/quiz-questions', body(1, { correctOption: 3 }), cast.instructor.token);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({ correctOption: ['Correct option must be one of the options'] });
    const many = await t.json('POST', '/api/quiz-questions', body(1, { options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) }), cast.instructor.token);
    expect((await read<ErrorBody>(many)).validationErrors).toEqual({ options: ['At most 10 options are allowed'] });
    const missing = await t.json('POST', '/api/quiz-questions', { quizId: 1, question: 'Valid question' }, cast.instructor.token);
    expect((await read<ErrorBody>(missing)).validationErrors).toEqual({
      options: ['At least 2 options are required'],
      correctOption: ['Correct option must be a whole number of 0 or more'],
    });
  });

  it("refuses another instructor's quiz (403), an unknown quiz (404), students and anonymous callers", async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('POST', '/api/quiz-questions', body(quiz.id), cast.instructor.token)).status).toBe(403);
    expect(await t.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id))).toHaveLength(1);
    const unknown = await t.json('POST', '/api/quiz-questions', body(99999999), cast.instructor.token);
    expect(unknown.status).toBe(404);
    expect((await read<ErrorBody>(unknown)).message).toBe('Quiz not found');
    expect((await t.json('POST', '/api/quiz-questions', body(quiz.id), cast.student.token)).status).toBe(403);
    expect((await t.json('POST', '/api/quiz-questions', body(quiz.id))).status).toBe(401);
  });

  it('gives concurrent adds distinct positions', async () => {
    const { quiz } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.json('POST', '/api/quiz-questions', body(quiz.id), cast.instructor.token)));
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const rows = await t.db.select({ p: quizQuestions.position }).from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id)).orderBy(asc(quizQuestions.position));
    expect(rows.map((r) => r.p)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('PATCH /api/quiz-questions/{id}', () => {
  it('changes the question, options and correct option', async () => {
    const { question } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PATCH', `/api/quiz-questions/${question.id}`, { options: ['A', 'B', 'C', 'D'], correctOption: 3 }, cast.instructor.token);
    expect(res.status).toBe(200);
    expect(await read<QuestionView>(res)).toMatchObject({ options: ['A', 'B', 'C', 'D'], correctOption: 3, question: question.question });
    const text = await t.json('PATCH', `/api/quiz-questions/${question.id}`, { question: 'Which is last?' }, cast.instructor.token);
    expect(await read<QuestionView>(text)).toMatchObject({ question: 'Which is last?', correctOption: 3 });
  });

  it('keeps the correct option one of the options, measured against what is stored', async () => {
    const { question } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    // Stored: three options, correct 0.
    const past = await t.json('PATCH', `/api/quiz-questions/${question.id}`, { correctOption: 3 }, cast.instructor.token);
    expect(past.status).toBe(400);
    expect((await read<ErrorBody>(past)).validationErrors).toEqual({ correctOption: ['Correct option must be one of the options'] });
    await t.json('PATCH', `/api/quiz-questions/${question.id}`, { correctOption: 2 }, cast.instructor.token);
    const fewer = await t.json('PATCH', `/api/quiz-questions/${question.id}`, { options: ['A', 'B'] }, cast.instructor.token);
    expect(fewer.status).toBe(400);
    expect(await questionRow(question.id)).toMatchObject({ correctOption: 2, options: question.options });
  });

  it('checks the option rules: at least 2, none blank', async () => {
    const { question } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const one = await t.json('PATCH', `/api/quiz-questions/${question.id}`, { options: ['A'] }, cast.instructor.token);
    expect((await read<ErrorBody>(one)).validationErrors).toEqual({ options: ['At least 2 options are required'] });
    const blank = await t.json('PATCH', `/api/quiz-questions/${question.id}`, { options: ['A', ''] }, cast.instructor.token);
    expect((await read<ErrorBody>(blank)).validationErrors).toEqual({ options: ['All options must have content'] });
  });

  it("refuses another instructor's question and changes nothing; 404 and 400 for bad ids", async () => {
    const { question } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    const before = await questionRow(question.id);
    expect((await t.json('PATCH', `/api/quiz-questions/${question.id}`, { correctOption: 1 }, cast.instructor.token)).status).toBe(403);
    expect(await questionRow(question.id)).toEqual(before);
    expect((await t.json('PATCH', '/api/quiz-questions/99999999', { correctOption: 1 }, cast.admin.token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/quiz-questions/zz', { correctOption: 1 }, cast.admin.token)).status).toBe(400);
  });
});

describe('DELETE /api/quiz-questions/{id}', () => {
  it('deletes the question; refuses others', async () => {
    const { question } = await createCourseTree(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('DELETE', `/api/quiz-questions/${question.id}`, undefined, cast.instructor.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/quiz-questions/${question.id}`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/quiz-questions/${question.id}`)).status).toBe(401);
    expect(await questionRow(question.id)).toBeDefined();
    const res = await t.json('DELETE', `/api/quiz-questions/${question.id}`, undefined, cast.admin.token);
    expect(res.status).toBe(200);
    expect(await read(res)).toEqual({ message: 'Question deleted successfully' });
    expect(await questionRow(question.id)).toBeUndefined();
    expect((await t.json('DELETE', `/api/quiz-questions/${question.id}`, undefined, cast.admin.token)).status).toBe(404);
  });
});
