/**
 * Finding one's way in a course the learner is taking: which lesson comes before and after, in
 * which module a lesson is, where to start, how the player changes when a lesson is done. Pure;
 * the shapes are the learning API's own (shared/learning.ts and its siblings, decision 0054).
 */
import { countLabel } from './plural.ts';
import type { AttemptResult, QuizView } from '../../../shared/quiz-attempts.ts';
import type { CertificateRef } from '../../../shared/learning-views.ts';
import type { CompletionView, LessonQuizView, LessonView, PlayerData, PlayerLesson, PlayerModule } from '../../../shared/learning.ts';
import type { MyEnrollment } from '../../../shared/enrolment.ts';

export type { AttemptResult, CertificateRef, CompletionView, LessonQuizView, LessonView, MyEnrollment, PlayerData, PlayerLesson, PlayerModule, QuizView };

export function allLessons(course: Pick<PlayerData, 'modules'>): PlayerLesson[] {
  return course.modules.flatMap((m) => m.lessons);
}

export function moduleOfLesson(course: Pick<PlayerData, 'modules'>, lessonId: number): PlayerModule | null {
  return course.modules.find((m) => m.lessons.some((l) => l.id === lessonId)) ?? null;
}

export function isLessonLocked(course: Pick<PlayerData, 'modules'>, lessonId: number): boolean {
  return moduleOfLesson(course, lessonId)?.locked ?? false;
}

/** The lessons before and after one, in reading order, across modules. */
export function neighbours(course: Pick<PlayerData, 'modules'>, lessonId: number): { previous: PlayerLesson | null; next: PlayerLesson | null } {
  const lessons = allLessons(course);
  const i = lessons.findIndex((l) => l.id === lessonId);
  if (i < 0) return { previous: null, next: null };
  return { previous: lessons[i - 1] ?? null, next: lessons[i + 1] ?? null };
}

/**
 * The lesson to open: the one asked for when it is in the course and open, else where the
 * learner left off, else the first incomplete open lesson, else the first lesson.
 */
export function startingLesson(course: Pick<PlayerData, 'modules' | 'resume_lesson_id'>, requested: number | null): number | null {
  const lessons = allLessons(course);
  const open = (id: number | null): id is number => id !== null && lessons.some((l) => l.id === id) && !isLessonLocked(course, id);
  if (open(requested)) return requested;
  if (open(course.resume_lesson_id)) return course.resume_lesson_id;
  const firstIncomplete = lessons.find((l) => !l.completed && !isLessonLocked(course, l.id));
  return firstIncomplete?.id ?? lessons[0]?.id ?? null;
}

/** The player after a lesson was completed (or a quiz passed): ticks, progress, certificate. */
export function withCompletion(course: PlayerData, completion: CompletionView & { lesson_id?: number; lesson_completed?: boolean; quiz_id?: number }): PlayerData {
  const doneLesson = completion.lesson_id ?? null;
  const passedQuiz = completion.quiz_id ?? null;
  const modules = course.modules.map((m) => ({
    ...m,
    lessons: m.lessons.map((l) => {
      const quizzes = passedQuiz === null ? l.quizzes : l.quizzes.map((q) => (q.id === passedQuiz ? { ...q, passed: true } : q));
      const completed = l.completed || l.id === doneLesson || (completion.lesson_completed === true && l.quizzes.some((q) => q.id === passedQuiz));
      return { ...l, quizzes, completed };
    }),
  }));
  return {
    ...course,
    modules,
    progress_percent: completion.progress_percent,
    completed_lessons: completion.completed_lessons,
    total_lessons: completion.total_lessons,
    completed: completion.completed,
    certificate: completion.certificate ?? course.certificate,
  };
}

export function lessonPath(courseId: number, moduleId: number, lessonId: number): string {
  return `/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;
}

export function quizPath(courseId: number, moduleId: number, quizId: number): string {
  return `/courses/${courseId}/modules/${moduleId}/quizzes/${quizId}`;
}

export function playerPath(courseId: number, lessonId?: number | null): string {
  return `/learn/courses/${courseId}${lessonId ? `?lesson=${lessonId}` : ''}`;
}

/** Questions the learner has not answered yet. */
export function unansweredQuestions(quiz: Pick<QuizView, 'questions'>, answers: Record<number, number | undefined>): number[] {
  return quiz.questions.filter((q) => answers[q.id] === undefined).map((q) => q.id);
}

/** A quiz lesson is completed by passing its quizzes, not by a button (the API refuses it). */
export function canMarkComplete(lesson: Pick<LessonView, 'type' | 'quizzes' | 'completed' | 'preview'>): boolean {
  if (lesson.completed || lesson.preview) return false;
  return !(lesson.type === 'quiz' && lesson.quizzes.some((q) => !q.passed));
}

/** 'Score 80% (pass mark 70%)' style summary of an attempt. */
export function attemptSummary(result: Pick<AttemptResult, 'score' | 'pass_score' | 'correct' | 'total' | 'passed'>): string {
  return `${result.correct} of ${result.total} correct · ${result.score}% (pass mark ${result.pass_score}%)`;
}

/** 'Unlimited attempts' or '2 of 3 attempts left': the quiz's attempt limit as the learner sees it. */
export function attemptsLabel(quiz: Pick<QuizView, 'attempts' | 'max_attempts' | 'attempts_left'>): string {
  if (quiz.max_attempts === null) return 'Unlimited attempts';
  const left = quiz.attempts_left ?? Math.max(0, quiz.max_attempts - quiz.attempts);
  return `${left} of ${countLabel(quiz.max_attempts, 'attempt')} left`;
}

/** The time the next attempt opens, in the viewer's time zone: the time alone today, else date and time. */
export function nextAttemptLabel(iso: string, now: Date = new Date(), locale?: string, timeZone?: string): string {
  const at = new Date(iso);
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const options: Intl.DateTimeFormatOptions = day(at) === day(now) ? { timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeStyle: 'short', timeZone };
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** Why no attempt can be made now, in the learner's words; null when one can. */
export function attemptBlockedText(quiz: Pick<QuizView, 'blocked' | 'next_attempt_at'>, now: Date = new Date()): string | null {
  switch (quiz.blocked) {
    case 'passed':
      return 'You have passed this quiz.';
    case 'no_attempts_left':
      return 'No attempts left for this quiz.';
    case 'no_questions':
      return 'This quiz has no questions yet.';
    case 'waiting':
      return quiz.next_attempt_at ? `Your next attempt opens at ${nextAttemptLabel(quiz.next_attempt_at, now)}.` : 'Please wait before your next attempt.';
    default:
      return null;
  }
}

export const LESSON_TYPE_NAMES: Record<string, string> = { text: 'Reading', video: 'Video', quiz: 'Quiz' };
