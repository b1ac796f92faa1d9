import { describe, expect, it } from 'vitest';
import {
  adjacentLessons,
  courseProgress,
  answerProblems,
  answersRevealed,
  attemptGate,
  attemptQuestionOrder,
  gradeQuiz,
  QUIZ_MESSAGES,
  revealedResults,
  waitMessage,
  isCourseComplete,
  isLessonComplete,
  lockedModuleIds,
  orderedLessons,
  resumeLessonId,
  sortOutline,
  type CourseOutline,
  type LearnerState,
  type OutlineModule,
} from './learning.ts';

/**
 * Fixture, stored out of order on purpose:
 * module 10 (position 1): lesson 101 text (pos 1), 102 quiz (pos 2, quizzes 1001 and 1002)
 * module 20 (position 2): lesson 201 video (pos 1), 202 quiz (pos 2, quiz 2001)
 * module 30 (position 3): lesson 301 text (pos 1)
 */
const rawModules: OutlineModule[] = [
  { id: 30, title: 'Three', position: 3, lessons: [{ id: 301, title: 'C1', type: 'text', position: 1 }] },
  {
    id: 10,
    title: 'One',
    position: 1,
    lessons: [
      { id: 102, title: 'A2', type: 'quiz', position: 2 },
      { id: 101, title: 'A1', type: 'text', position: 1 },
    ],
  },
  {
    id: 20,
    title: 'Two',
    position: 2,
    lessons: [
      { id: 202, title: 'B2', type: 'quiz', position: 2 },
      { id: 201, title: 'B1', type: 'video', position: 1 },
    ],
  },
];
const outline: CourseOutline = {
  modules: sortOutline(rawModules),
  quizzes: [
    { id: 1001, lessonId: 102 },
    { id: 1002, lessonId: 102 },
    { id: 2001, lessonId: 202 },
  ],
};

const state = (completed: number[] = [], passed: number[] = []): LearnerState => ({
  completedLessonIds: new Set(completed),
  passedQuizIds: new Set(passed),
});

describe('order', () => {
  it('reads modules by position and lessons by position within a module', () => {
    expect(orderedLessons(outline).map((l) => l.id)).toEqual([101, 102, 201, 202, 301]);
  });

  it('breaks position ties by id so the order is stable', () => {
    const tied = sortOutline([
      { id: 2, title: 'b', position: 1, lessons: [] },
      { id: 1, title: 'a', position: 1, lessons: [] },
    ]);
    expect(tied.map((m) => m.id)).toEqual([1, 2]);
  });

  it('gives previous and next across module boundaries, null at the ends', () => {
    expect(adjacentLessons(outline, 101)).toEqual({ previous: null, next: 102 });
    expect(adjacentLessons(outline, 102)).toEqual({ previous: 101, next: 201 });
    expect(adjacentLessons(outline, 301)).toEqual({ previous: 202, next: null });
    expect(adjacentLessons(outline, 999)).toEqual({ previous: null, next: null });
  });
});

describe('lesson completion and progress', () => {
  it('counts a quiz lesson complete only when all its quizzes are passed, whatever was marked', () => {
    expect(isLessonComplete({ id: 102, type: 'quiz' }, [1001, 1002], state([102], [1001]))).toBe(false);
    expect(isLessonComplete({ id: 102, type: 'quiz' }, [1001, 1002], state([], [1001, 1002]))).toBe(true);
  });

  it('counts a quiz lesson without quizzes, and any other lesson, complete when marked', () => {
    expect(isLessonComplete({ id: 5, type: 'quiz' }, [], state([5]))).toBe(true);
    expect(isLessonComplete({ id: 5, type: 'quiz' }, [], state())).toBe(false);
    expect(isLessonComplete({ id: 6, type: 'text' }, [], state([6]))).toBe(true);
    expect(isLessonComplete({ id: 6, type: 'video' }, [60], state([], [60]))).toBe(false);
  });

  it('is completed lessons over all lessons, rounded', () => {
    expect(courseProgress(outline, state())).toEqual({ completed: 0, total: 5, percent: 0 });
    expect(courseProgress(outline, state([101]))).toEqual({ completed: 1, total: 5, percent: 20 });
    expect(courseProgress(outline, state([101], [1001, 1002]))).toEqual({ completed: 2, total: 5, percent: 40 });
    expect(courseProgress(outline, state([101, 201, 301], [1001, 1002, 2001]))).toEqual({ completed: 5, total: 5, percent: 100 });
  });

  it('rounds thirds', () => {
    const three: CourseOutline = {
      modules: [{ id: 1, title: 'm', position: 1, lessons: [1, 2, 3].map((id) => ({ id, title: 't', type: 'text' as const, position: id })) }],
      quizzes: [],
    };
    expect(courseProgress(three, state([1])).percent).toBe(33);
    expect(courseProgress(three, state([1, 2])).percent).toBe(67);
  });

  it('is 0 for a course without lessons', () => {
    expect(courseProgress({ modules: [], quizzes: [] }, state())).toEqual({ completed: 0, total: 0, percent: 0 });
  });
});

describe('resume', () => {
  it('resumes at the last opened lesson', () => {
    expect(resumeLessonId(outline, state([101]), 301)).toBe(301);
  });

  it('else at the first incomplete lesson', () => {
    expect(resumeLessonId(outline, state([101], [1001, 1002]), null)).toBe(201);
  });

  it('ignores a last lesson that is no longer in the course', () => {
    expect(resumeLessonId(outline, state(), 999)).toBe(101);
  });

  it('falls back to the first lesson when everything is complete, and null without lessons', () => {
    expect(resumeLessonId(outline, state([101, 201, 301], [1001, 1002, 2001]), null)).toBe(101);
    expect(resumeLessonId({ modules: [], quizzes: [] }, state(), null)).toBeNull();
  });
});

describe('module lock', () => {
  it('locks nothing when the course does not lock modules', () => {
    expect(lockedModuleIds(outline, state(), false)).toEqual(new Set());
  });

  it('locks every module after the first one with an unpassed quiz', () => {
    expect(lockedModuleIds(outline, state(), true)).toEqual(new Set([20, 30]));
    expect(lockedModuleIds(outline, state([], [1001]), true)).toEqual(new Set([20, 30]));
  });

  it('opens module k once every quiz of modules before k is passed', () => {
    expect(lockedModuleIds(outline, state([], [1001, 1002]), true)).toEqual(new Set([30]));
    expect(lockedModuleIds(outline, state([], [1001, 1002, 2001]), true)).toEqual(new Set());
  });

  it('does not lock after a module without quizzes', () => {
    const noQuizzes: CourseOutline = { modules: outline.modules, quizzes: [] };
    expect(lockedModuleIds(noQuizzes, state(), true)).toEqual(new Set());
  });

  it('keeps a later module locked while an earlier one is unpassed even if a middle one is passed', () => {
    expect(lockedModuleIds(outline, state([], [2001]), true)).toEqual(new Set([20, 30]));
  });
});

describe('course completion', () => {
  it('needs every lesson complete and every quiz passed', () => {
    expect(isCourseComplete(outline, state([101, 201, 301], [1001, 1002]))).toBe(false);
    expect(isCourseComplete(outline, state([101, 201], [1001, 1002, 2001]))).toBe(false);
    expect(isCourseComplete(outline, state([101, 201, 301], [1001, 1002, 2001]))).toBe(true);
  });

  it('needs a quiz on a non-quiz lesson passed too', () => {
    const withTextQuiz: CourseOutline = { modules: outline.modules, quizzes: [...outline.quizzes, { id: 3001, lessonId: 301 }] };
    expect(isCourseComplete(withTextQuiz, state([101, 201, 301], [1001, 1002, 2001]))).toBe(false);
    expect(isCourseComplete(withTextQuiz, state([101, 201, 301], [1001, 1002, 2001, 3001]))).toBe(true);
  });

  it('is never complete without lessons', () => {
    expect(isCourseComplete({ modules: [], quizzes: [] }, state())).toBe(false);
  });
});

describe('quiz answers', () => {
  const questions = [
    { id: 1, optionCount: 3 },
    { id: 2, optionCount: 2 },
  ];

  it('accepts every question answered once with one of its options', () => {
    expect(answerProblems(questions, [{ questionId: 2, selected: 1 }, { questionId: 1, selected: 2 }])).toBeNull();
  });

  it('refuses no answers at all, naming every question', () => {
    expect(answerProblems(questions, [])).toEqual({
      answers: [QUIZ_MESSAGES.answerEvery],
      'answers.1': [QUIZ_MESSAGES.answerThis],
      'answers.2': [QUIZ_MESSAGES.answerThis],
    });
  });

  it('refuses an option out of range, a repeat and a foreign question', () => {
    expect(answerProblems(questions, [{ questionId: 1, selected: 3 }, { questionId: 2, selected: 0 }])).toEqual({ 'answers.1': [QUIZ_MESSAGES.optionRange] });
    expect(
      answerProblems(questions, [
        { questionId: 1, selected: 0 },
        { questionId: 1, selected: 1 },
        { questionId: 2, selected: 0 },
        { questionId: 99, selected: 0 },
      ]),
    ).toEqual({ answers: [QUIZ_MESSAGES.duplicate, QUIZ_MESSAGES.foreign] });
  });
});

describe('quiz grading', () => {
  const questions = [
    { id: 1, correctOption: 0 },
    { id: 2, correctOption: 2 },
    { id: 3, correctOption: 1 },
  ];

  it('scores round(correct / total * 100), passes at the pass score, and says right or wrong per answer without the correct option', () => {
    const grade = gradeQuiz(
      questions,
      [
        { questionId: 1, selected: 0 },
        { questionId: 2, selected: 2 },
        { questionId: 3, selected: 0 },
      ],
      67,
    );
    expect(grade).toMatchObject({ score: 67, passed: true, pass_score: 67, correct: 2, total: 3 });
    expect(grade.results).toEqual([
      { questionId: 1, correct: true, selected: 0 },
      { questionId: 2, correct: true, selected: 2 },
      { questionId: 3, correct: false, selected: 0 },
    ]);
  });

  it('fails just below the pass score', () => {
    const grade = gradeQuiz(
      questions,
      [
        { questionId: 1, selected: 0 },
        { questionId: 2, selected: 2 },
        { questionId: 3, selected: 2 },
      ],
      70,
    );
    expect(grade).toMatchObject({ score: 67, passed: false, correct: 2 });
  });

  it('passes with all right at 100', () => {
    expect(gradeQuiz(questions, questions.map((q) => ({ questionId: q.id, selected: q.correctOption })), 100)).toMatchObject({ score: 100, passed: true });
  });

  it('never passes a quiz without questions', () => {
    expect(gradeQuiz([], [], 1)).toMatchObject({ score: 0, passed: false, total: 0 });
  });

  it('reveals the correct options only after a pass and only when the quiz allows it', () => {
    expect(answersRevealed('after_pass', true)).toBe(true);
    expect(answersRevealed('after_pass', false)).toBe(false);
    expect(answersRevealed('never', true)).toBe(false);
    const grade = gradeQuiz(questions, [{ questionId: 3, selected: 0 }], 70);
    expect(revealedResults(grade.results, questions, false)).toEqual([{ questionId: 3, selected: 0, correct: false }]);
    expect(revealedResults(grade.results, questions, true)).toEqual([{ questionId: 3, selected: 0, correct: false, correct_option: 1 }]);
  });
});

describe('attempt rules', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const fresh = { count: 0, passed: false, lastAttemptAt: null };
  const unlimited = { maxAttempts: null, attemptWaitMinutes: 0 };

  it('opens the first attempt of a quiz with questions, and counts attempts left', () => {
    expect(attemptGate(unlimited, fresh, 3, now)).toEqual({ open: true, blocked: null, attemptNumber: 1, attemptsLeft: null, nextAttemptAt: null });
    expect(attemptGate({ maxAttempts: 3, attemptWaitMinutes: 0 }, { ...fresh, count: 1, lastAttemptAt: '2026-11-23T11:59:00.000Z' }, 3, now)).toMatchObject({
      open: true,
      attemptNumber: 2,
      attemptsLeft: 2,
    });
  });

  it('blocks a quiz without questions, a passed quiz, and a learner out of attempts', () => {
    expect(attemptGate(unlimited, fresh, 0, now)).toMatchObject({ open: false, blocked: 'no_questions' });
    expect(attemptGate(unlimited, { count: 1, passed: true, lastAttemptAt: '2026-11-23T11:00:00.000Z' }, 3, now)).toMatchObject({ open: false, blocked: 'passed' });
    expect(attemptGate({ maxAttempts: 2, attemptWaitMinutes: 0 }, { count: 2, passed: false, lastAttemptAt: '2026-11-23T11:00:00.000Z' }, 3, now)).toMatchObject({
      open: false,
      blocked: 'no_attempts_left',
      attemptsLeft: 0,
    });
  });

  it('makes the learner wait after a failed attempt and says when the next opens', () => {
    const history = { count: 1, passed: false, lastAttemptAt: '2026-11-23T11:55:00.000Z' };
    expect(attemptGate({ maxAttempts: null, attemptWaitMinutes: 10 }, history, 3, now)).toMatchObject({
      open: false,
      blocked: 'waiting',
      nextAttemptAt: '2026-11-23T12:05:00.000Z',
    });
    expect(attemptGate({ maxAttempts: null, attemptWaitMinutes: 5 }, history, 3, now)).toMatchObject({ open: true });
    expect(waitMessage(new Date('2026-11-23T12:05:00.000Z'), now)).toBe('Please wait before your next attempt: it opens at 12:05 UTC (in 5 minutes).');
  });
});

describe('question order per attempt', () => {
  const ids = Array.from({ length: 12 }, (_, i) => i + 1);

  it('is the same for the same attempt and a permutation of the questions', () => {
    const a = attemptQuestionOrder(ids, { userId: 7, quizId: 3, attemptNumber: 1 });
    expect(attemptQuestionOrder(ids, { userId: 7, quizId: 3, attemptNumber: 1 })).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(ids);
    expect(a).not.toEqual(ids);
  });

  it('differs between attempts and between learners', () => {
    const a = attemptQuestionOrder(ids, { userId: 7, quizId: 3, attemptNumber: 1 });
    expect(attemptQuestionOrder(ids, { userId: 7, quizId: 3, attemptNumber: 2 })).not.toEqual(a);
    expect(attemptQuestionOrder(ids, { userId: 8, quizId: 3, attemptNumber: 1 })).not.toEqual(a);
  });
});
