import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Retaking a quiz against a fetch that answers like the API: the questions open for a new attempt
 * only once the quiz read again (a shuffled quiz comes back in a new order) is on screen, so no
 * choice is made on questions that are about to move.
 */

const question = (id: number) => ({ id, question: `Question ${id}`, options: ['One', 'Two'] });
const quiz = (order: number[]) => ({
  id: 5,
  lesson_id: 2,
  module_id: 1,
  course_id: 9,
  title: 'Foundations quiz',
  description: '',
  pass_score: 70,
  questions: order.map(question),
  best_score: 0,
  passed: false,
  shuffle_questions: true,
  reveal_answers: 'after_pass',
  preview: false,
  can_attempt: true,
  attempts_used: 1,
  attempts_left: null,
  next_attempt_at: null,
});

let answers: (() => Promise<Response>)[];

beforeEach(() => {
  vi.resetModules();
  answers = [];
  vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('location', { pathname: '/learn/courses/9/quizzes/5', search: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (!String(input).startsWith('/api/learn/quizzes/5')) return Response.json({ message: 'Not found' }, { status: 404 });
      return answers.shift()!();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('retaking a quiz', () => {
  it('keeps the last result, and refuses choices, until the quiz read again is in place; then opens it with no answers', async () => {
    const learning = await import('./learning.ts');
    answers.push(async () => Response.json(quiz([1, 2])));
    await learning.loadQuiz(5);
    learning.chooseAnswer(1, 0);
    learning.$quizResult.set({ score: 0, passed: false, results: [] } as never);

    let reply!: () => void;
    answers.push(() => new Promise<Response>((resolve) => (reply = () => resolve(Response.json(quiz([2, 1]))))));
    const retaking = learning.retakeQuiz();
    await vi.waitFor(() => expect(reply).toBeTypeOf('function'));
    // The new order is on its way: the old attempt stays closed.
    expect(learning.$quizResult.get()).not.toBeNull();
    learning.chooseAnswer(2, 1);
    expect(learning.$quizAnswers.get()).toEqual({ 1: 0 });

    reply();
    await retaking;
    const current = learning.$quiz.get();
    expect(current.status === 'ready' && current.data.questions.map((q) => q.id)).toEqual([2, 1]);
    expect(learning.$quizResult.get()).toBeNull();
    expect(learning.$quizAnswers.get()).toEqual({});
    learning.chooseAnswer(2, 1);
    expect(learning.$quizAnswers.get()).toEqual({ 2: 1 });
  });
});
