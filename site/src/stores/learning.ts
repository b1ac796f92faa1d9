import type { FetcherValue } from '@nanostores/query';
import { atom } from 'nanostores';
import { ApiError } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { idFromSegment } from '../lib/catalog.ts';
import { startingLesson, withCompletion } from '../lib/learning.ts';
import { type AttemptResult, type QuizView } from '../../../shared/quiz-attempts.ts';
import { type CertificateRef } from '../../../shared/learning-views.ts';
import { type CompletionView, type LessonView, type PlayerData } from '../../../shared/learning.ts';
import { type MyEnrollment } from '../../../shared/enrolment.ts';
import { invalidateLoaded, loadedQueryLayer, queryLayer } from './query-lazy.ts';
import type { Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * Enrolment, the course player, lessons, quizzes and the learner's course list. Islands read
 * these stores and call these actions; the API checks every one (decision 0006).
 */

/** A failed read: not found (404, 400), not allowed (403, 402: not enrolled, locked), or another failure. */
type Failure = Extract<Loadable<never>, { status: 'error' }>;

/** No such item (no id in the address). */
const NOT_FOUND: Failure = { status: 'error', message: 'Not found', notFound: true };

function failure(err: unknown, fallback: string): Failure {
  if (err instanceof ApiError) {
    if (err.status === 404 || err.status === 400) return { status: 'error', message: err.message, notFound: true };
    if (err.status === 403 || err.status === 402) return { status: 'error', message: err.message, forbidden: true };
    if (err.status === 0) return { status: 'error', message: 'Network error occurred. Please check your internet connection and try again.' };
  }
  return { status: 'error', message: fallback };
}

/** A 4xx's own message (the API's words), else a generic one. */
function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : fallback;
}

export function learnPath(courseId: number): string {
  return `/learn/courses/${courseId}`;
}

// ---------------------------------------------------------------------------------------------
// The course player and lessons

export const $player = atom<Loadable<PlayerData>>({ status: 'loading' });
export const $lesson = atom<Loadable<LessonView>>({ status: 'loading' });
/** A certificate issued while on this page (by the last lesson or quiz). */
export const $newCertificate = atom<CertificateRef | null>(null);
export const $completing = atom(false);

/** The Loadable of a read through the query layer: stale data stays shown (as ready) while it is read again. */
function asLoad<T>(fallback: string) {
  return (value: FetcherValue<T, unknown>): Loadable<T> => {
    if (value.data !== undefined) return { status: 'ready', data: value.data };
    if (value.error !== undefined && !value.loading) return failure(value.error, fallback);
    return { status: 'loading' };
  };
}

/** The key each store follows now, so a local change (a completion, a graded attempt) updates the cache. */
const followed = { player: '', lesson: '', quiz: '' };

/** Replaces the answer of a followed key in the cache; every store of the key shows it. */
function updateFollowed(which: keyof typeof followed, data: unknown): void {
  const q = loadedQueryLayer();
  if (q && followed[which]) q.setCached(followed[which], data);
}

export async function loadPlayer(courseId: number | null): Promise<PlayerData | null> {
  if (courseId === null) {
    loadedQueryLayer()?.unbind($player);
    $player.set(NOT_FOUND);
    return null;
  }
  const q = await queryLayer();
  const key = keyOf(api.learn.courses[':courseId'], { param: { courseId: String(courseId) } });
  followed.player = key;
  const answer = await q.bind<KeyAnswer<typeof key>, Loadable<PlayerData>>($player, key, asLoad<KeyAnswer<typeof key>>('The course could not be loaded. Please try again.'));
  return answer.ok ? answer.data : null;
}

/** Opens a lesson (the server remembers it as where to resume). */
export async function loadLesson(lessonId: number | null): Promise<void> {
  if (lessonId === null) {
    loadedQueryLayer()?.unbind($lesson);
    followed.lesson = '';
    $lesson.set(NOT_FOUND);
    return;
  }
  const q = await queryLayer();
  const key = keyOf(api.learn.lessons[':lessonId'], { param: { lessonId: String(lessonId) } });
  followed.lesson = key;
  // Opening a lesson records where to resume: read it each time it is opened.
  await q.bind<KeyAnswer<typeof key>, Loadable<LessonView>>($lesson, key, asLoad<KeyAnswer<typeof key>>('The lesson could not be loaded. Please try again.'), q.EVERY_TIME_SETTINGS);
}

/** The lesson the player shows; kept in the address as ?lesson= so a reload or a link opens it. */
export const $currentLessonId = atom<number | null>(null);

/** Opens the player where the address asks, else where the learner left off. */
export async function startPlayer(courseId: number | null, requested: number | null): Promise<void> {
  const data = await loadPlayer(courseId);
  if (!data) return;
  const id = startingLesson(data, requested);
  if (id !== null) openPlayerLesson(id, 'replace');
}

export function openPlayerLesson(lessonId: number, history: 'push' | 'replace' | 'none'): void {
  const shown = $lesson.get();
  if ($currentLessonId.get() === lessonId && !(shown.status === 'error' && shown.notFound)) return;
  $currentLessonId.set(lessonId);
  if (history !== 'none') {
    const url = new URL(location.href);
    url.searchParams.set('lesson', String(lessonId));
    if (history === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(window.history.state, '', url);
  }
  void loadLesson(lessonId);
}

/** Back and forward in the player. */
export function followPlayerAddress(): void {
  const player = $player.get();
  if (player.status !== 'ready') return;
  const id = startingLesson(player.data, idFromSegment(new URLSearchParams(location.search).get('lesson') ?? undefined));
  if (id !== null) openPlayerLesson(id, 'none');
}

function hadCertificate(): boolean {
  const player = $player.get();
  return player.status === 'ready' && player.data.certificate !== null;
}

/** Applies progress to the player and says so once when it brought the certificate. */
function applyCompletion(completion: CompletionView & { lesson_id?: number; quiz_id?: number; lesson_completed?: boolean }, hadOne: boolean) {
  const player = $player.get();
  if (player.status === 'ready') updateFollowed('player', withCompletion(player.data, completion));
  if (completion.certificate && !hadOne) {
    $newCertificate.set(completion.certificate);
    toast({ title: 'Certificate issued', description: 'Congratulations! You completed the course. Your certificate is ready.' });
  }
}

/** POST /api/learn/lessons/{lessonId}/complete; the player's ticks and progress follow. */
export async function completeLesson(lessonId: number): Promise<void> {
  if ($completing.get()) return;
  $completing.set(true);
  const hadOne = hadCertificate();
  try {
    const result = await call(api.learn.lessons[':lessonId'].complete.$post({ param: { lessonId: String(lessonId) } }));
    const lesson = $lesson.get();
    if (lesson.status === 'ready' && lesson.data.id === lessonId) updateFollowed('lesson', { ...lesson.data, completed: true });
    applyCompletion(result, hadOne);
    // progress shows on My Courses and the dashboards; a certificate on the certificate list
    invalidateLoaded((q) => q.startingWith(keyOf(api.enrollments, { query: {} }), keyOf(api.certificates)));
  } catch (err) {
    toast({ title: 'Could not mark the lesson complete', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
  } finally {
    $completing.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// Quizzes (decision 0012: every question answered, limits and waits from the server)

export const $quiz = atom<Loadable<QuizView>>({ status: 'loading' });
export const $quizAnswers = atom<Record<number, number>>({});
export const $quizResult = atom<AttemptResult | null>(null);
export const $quizSubmitting = atom(false);

async function fetchQuiz(quizId: number, quiet: boolean): Promise<QuizView | null> {
  const q = await queryLayer();
  const key = keyOf(api.learn.quizzes[':quizId'], { param: { quizId: String(quizId) } });
  // read again; the quiz on screen stays while it is
  if (quiet) q.invalidate(key);
  followed.quiz = key;
  const answer = await q.bind<KeyAnswer<typeof key>, Loadable<QuizView>>($quiz, key, asLoad<KeyAnswer<typeof key>>('The quiz could not be loaded. Please try again.'));
  return answer.ok ? answer.data : null;
}

export async function loadQuiz(quizId: number | null): Promise<QuizView | null> {
  $quizAnswers.set({});
  $quizResult.set(null);
  if (quizId === null) {
    loadedQueryLayer()?.unbind($quiz);
    followed.quiz = '';
    $quiz.set(NOT_FOUND);
    return null;
  }
  return fetchQuiz(quizId, false);
}

/** Reads the quiz again without a loading state (after a wait ends, or a refused attempt). */
export async function refreshQuiz(): Promise<void> {
  const quiz = $quiz.get();
  if (quiz.status === 'ready') await fetchQuiz(quiz.data.id, true);
}

export function chooseAnswer(questionId: number, option: number): void {
  if ($quizResult.get()) return;
  $quizAnswers.set({ ...$quizAnswers.get(), [questionId]: option });
}

/**
 * Graded on the server. Only a complete set of answers is sent (the island says which are
 * missing); the result says which answers were right and, once passed, the correct options.
 */
export async function submitQuiz(): Promise<void> {
  const quiz = $quiz.get();
  if (quiz.status !== 'ready' || $quizSubmitting.get()) return;
  const answers = $quizAnswers.get();
  if (quiz.data.questions.some((q) => answers[q.id] === undefined)) return;
  $quizSubmitting.set(true);
  const hadOne = hadCertificate();
  try {
    const result = await call(
      api.learn.quizzes[':quizId'].attempts.$post({
        param: { quizId: String(quiz.data.id) },
        json: { answers: quiz.data.questions.map((q) => ({ questionId: q.id, selected: answers[q.id]! })) },
      }),
    );
    $quizResult.set(result);
    updateFollowed('quiz', {
      ...quiz.data,
      attempts: result.attempts,
      attempts_left: result.attempts_left,
      can_attempt: result.can_attempt,
      blocked: result.blocked,
      next_attempt_at: result.next_attempt_at,
      best_score: Math.max(quiz.data.best_score ?? 0, result.score),
      passed: quiz.data.passed || result.passed,
    } satisfies QuizView);
    applyCompletion(result, hadOne);
    invalidateLoaded((q) => q.startingWith(keyOf(api.enrollments, { query: {} }), keyOf(api.certificates)));
  } catch (err) {
    toast({ title: 'The quiz could not be submitted', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    // A limit or a wait the page did not know of: show where the learner stands now.
    if (err instanceof ApiError && (err.status === 409 || err.status === 429)) await refreshQuiz();
  } finally {
    $quizSubmitting.set(false);
  }
}

/**
 * A new attempt: the quiz read again (a shuffled quiz has a new order), then fresh answers. The
 * questions open for answering only once the new order is on screen: opened first, a choice made
 * while the refreshed questions moved into place could land on another option, or be lost.
 */
export async function retakeQuiz(): Promise<void> {
  await refreshQuiz();
  $quizAnswers.set({});
  $quizResult.set(null);
}

// ---------------------------------------------------------------------------------------------
// My courses

export const $myCourses = atom<Loadable<MyEnrollment[]>>({ status: 'loading' });

export async function loadMyCourses(): Promise<void> {
  const q = await queryLayer();
  // Without a course, GET /api/enrollments answers the learner's own list (the route answers a course's list otherwise).
  const key = keyOf(api.enrollments, { query: {} });
  const mine = asLoad<MyEnrollment[] | { data: MyEnrollment[] }>('Your courses could not be loaded. Please try again.');
  await q.bind<MyEnrollment[] | { data: MyEnrollment[] }, Loadable<MyEnrollment[]>>($myCourses, key, (value) => {
    const load = mine(value);
    if (load.status === 'ready') return { status: 'ready', data: Array.isArray(load.data) ? load.data : load.data.data };
    return load.status === 'error' ? { status: 'error', message: load.message, notFound: load.notFound, forbidden: load.forbidden } : { status: 'loading' };
  });
}
