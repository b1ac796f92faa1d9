import { describe, expect, it } from 'vitest';
import { attemptBlockedText, attemptsLabel, attemptSummary, canMarkComplete, isLessonLocked, lessonPath, moduleOfLesson, neighbours, nextAttemptLabel, playerPath, quizPath, startingLesson, unansweredQuestions, withCompletion } from './learning.ts';
import { type PlayerData } from '../../../shared/learning.ts';

const lesson = (id: number, completed = false, quizzes: { id: number; title: string; passed: boolean }[] = []) => ({
  id,
  title: `Lesson ${id}`,
  type: (quizzes.length ? 'quiz' : 'text') as 'quiz' | 'text',
  position: id,
  completed,
  quizzes,
});

function player(overrides: Partial<PlayerData> = {}): PlayerData {
  return {
    course: { id: 5, title: 'Tap', description: '', image_url: null, status: 'published', lock_modules: true, instructor: null },
    preview: false,
    enrollment: null,
    modules: [
      { id: 10, title: 'One', description: '', position: 1, locked: false, lessons: [lesson(1, true), lesson(2), lesson(3, false, [{ id: 90, title: 'Q', passed: false }])] },
      { id: 11, title: 'Two', description: '', position: 2, locked: true, lessons: [lesson(4)] },
    ],
    progress_percent: 25,
    completed_lessons: 1,
    total_lessons: 4,
    completed: false,
    resume_lesson_id: null,
    certificate: null,
    ...overrides,
  };
}

describe('finding one’s way', () => {
  it('knows neighbours across modules and the module of a lesson', () => {
    const p = player();
    expect(neighbours(p, 3)).toMatchObject({ previous: { id: 2 }, next: { id: 4 } });
    expect(neighbours(p, 1).previous).toBeNull();
    expect(neighbours(p, 4).next).toBeNull();
    expect(neighbours(p, 99)).toEqual({ previous: null, next: null });
    expect(moduleOfLesson(p, 4)?.id).toBe(11);
    expect(isLessonLocked(p, 4)).toBe(true);
    expect(isLessonLocked(p, 2)).toBe(false);
  });

  it('starts at the requested lesson, else the resume point, else the first incomplete one', () => {
    expect(startingLesson(player(), 3)).toBe(3);
    expect(startingLesson(player(), 4)).toBe(2); // locked: not opened
    expect(startingLesson(player({ resume_lesson_id: 3 }), null)).toBe(3);
    expect(startingLesson(player({ resume_lesson_id: 4 }), 77)).toBe(2);
    expect(startingLesson(player({ modules: [] }), null)).toBeNull();
  });

  it('builds the lesson, quiz and player addresses', () => {
    expect(lessonPath(5, 10, 2)).toBe('/courses/5/modules/10/lessons/2');
    expect(quizPath(5, 10, 90)).toBe('/courses/5/modules/10/quizzes/90');
    expect(playerPath(5)).toBe('/learn/courses/5');
    expect(playerPath(5, 2)).toBe('/learn/courses/5?lesson=2');
  });
});

describe('completion', () => {
  const done = { progress_percent: 50, completed_lessons: 2, total_lessons: 4, completed: false, course_id: 5, course_completed: false, certificate: null };

  it('ticks a completed lesson and takes the server’s progress', () => {
    const p = withCompletion(player(), { ...done, lesson_id: 2 });
    expect(p.modules[0]!.lessons.map((l) => l.completed)).toEqual([true, true, false]);
    expect(p.progress_percent).toBe(50);
  });

  it('marks a passed quiz, its lesson when the server completed it, and the certificate', () => {
    const certificate = { id: 7, code: 'DRX-ABC', revoked: false };
    const p = withCompletion(player(), { ...done, quiz_id: 90, lesson_completed: true, completed: true, certificate });
    expect(p.modules[0]!.lessons[2]).toMatchObject({ completed: true, quizzes: [{ id: 90, passed: true }] });
    expect(p.certificate).toEqual(certificate);
    const failed = withCompletion(player(), { ...done, quiz_id: 90, lesson_completed: false });
    expect(failed.modules[0]!.lessons[2]!.completed).toBe(false);
  });

  it('keeps the certificate it had', () => {
    const certificate = { id: 7, code: 'DRX-ABC', revoked: false };
    expect(withCompletion(player({ certificate }), { ...done, lesson_id: 2 }).certificate).toEqual(certificate);
  });

  it('offers Mark complete only where it applies', () => {
    const base = { type: 'text' as const, quizzes: [], completed: false, preview: false };
    expect(canMarkComplete(base)).toBe(true);
    expect(canMarkComplete({ ...base, completed: true })).toBe(false);
    expect(canMarkComplete({ ...base, preview: true })).toBe(false);
    const quiz = { id: 1, title: 'Q', description: '', pass_score: 70, question_count: 2, best_score: null, attempts: 0, passed: false };
    expect(canMarkComplete({ ...base, type: 'quiz', quizzes: [quiz] })).toBe(false);
    expect(canMarkComplete({ ...base, type: 'quiz', quizzes: [{ ...quiz, passed: true }] })).toBe(true);
    expect(canMarkComplete({ ...base, type: 'video', quizzes: [quiz] })).toBe(true);
  });
});

describe('quizzes', () => {
  it('lists unanswered questions and summarises an attempt', () => {
    const quiz = { questions: [{ id: 1, question: 'a', options: ['x', 'y'] }, { id: 2, question: 'b', options: ['x', 'y'] }] };
    expect(unansweredQuestions(quiz, {})).toEqual([1, 2]);
    expect(unansweredQuestions(quiz, { 1: 0 })).toEqual([2]);
    expect(unansweredQuestions(quiz, { 1: 0, 2: 1 })).toEqual([]);
    expect(attemptSummary({ score: 50, pass_score: 70, correct: 1, total: 2, passed: false })).toBe('1 of 2 correct · 50% (pass mark 70%)');
  });
});

describe('quiz attempt rules as the learner reads them', () => {
  it('names the attempts left, or unlimited', () => {
    expect(attemptsLabel({ attempts: 0, max_attempts: null, attempts_left: null })).toBe('Unlimited attempts');
    expect(attemptsLabel({ attempts: 1, max_attempts: 3, attempts_left: 2 })).toBe('2 of 3 attempts left');
    expect(attemptsLabel({ attempts: 0, max_attempts: 1, attempts_left: 1 })).toBe('1 of 1 attempt left');
  });

  it('gives the next attempt time alone today, with the date on another day', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    expect(nextAttemptLabel('2026-11-23T12:10:00.000Z', now, 'en-GB', 'UTC')).toBe('12:10');
    expect(nextAttemptLabel('2026-11-24T08:00:00.000Z', now, 'en-GB', 'UTC')).toBe('24 Nov 2026, 08:00');
  });

  it('says why no attempt can be made', () => {
    expect(attemptBlockedText({ blocked: null, next_attempt_at: null })).toBeNull();
    expect(attemptBlockedText({ blocked: 'no_attempts_left', next_attempt_at: null })).toBe('No attempts left for this quiz.');
    expect(attemptBlockedText({ blocked: 'passed', next_attempt_at: null })).toBe('You have passed this quiz.');
    expect(attemptBlockedText({ blocked: 'waiting', next_attempt_at: '2026-11-23T12:10:00.000Z' }, new Date('2026-11-23T12:00:00.000Z'))).toMatch(/^Your next attempt opens at .+\.$/);
  });
});
