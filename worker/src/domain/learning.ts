import { hashText, seededRandom } from './seeded-random.ts';

/**
 * Pure rules of learning a course: order, progress, resume, module locks, quiz grading and
 * completion. No database here; the services load an outline and a learner's state and ask.
 */

export type LessonType = 'text' | 'video' | 'quiz';

export interface OutlineLesson {
  id: number;
  title: string;
  type: LessonType;
  position: number;
}

export interface OutlineModule {
  id: number;
  title: string;
  position: number;
  lessons: OutlineLesson[];
}

export interface OutlineQuiz {
  id: number;
  lessonId: number;
}

/** A course as the rules see it: modules with lessons, and the quizzes of those lessons. */
export interface CourseOutline {
  modules: OutlineModule[];
  quizzes: OutlineQuiz[];
}

/** What a learner has done in one course. */
export interface LearnerState {
  /** Lessons marked complete (lesson_progress). */
  completedLessonIds: ReadonlySet<number>;
  /** Quizzes with at least one passing attempt. */
  passedQuizIds: ReadonlySet<number>;
}

const byPositionThenId = (a: { position: number; id: number }, b: { position: number; id: number }) =>
  a.position - b.position || a.id - b.id;

/** Modules by position, lessons by position within each module (ties broken by id, so the order is stable). */
export function sortOutline<M extends OutlineModule>(modules: readonly M[]): M[] {
  return [...modules].sort(byPositionThenId).map((m) => ({ ...m, lessons: [...m.lessons].sort(byPositionThenId) }));
}

/** Every lesson of the course in reading order (module order, then lesson order). Expects a sorted outline. */
export function orderedLessons(outline: Pick<CourseOutline, 'modules'>): OutlineLesson[] {
  return outline.modules.flatMap((m) => m.lessons);
}

export function quizIdsByLesson(quizzes: readonly OutlineQuiz[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const q of quizzes) {
    const list = out.get(q.lessonId) ?? [];
    list.push(q.id);
    out.set(q.lessonId, list);
  }
  return out;
}

/**
 * A quiz lesson with quizzes counts complete when all its quizzes are passed; any other lesson
 * (and a quiz lesson without quizzes) when it was marked complete.
 */
export function isLessonComplete(lesson: Pick<OutlineLesson, 'id' | 'type'>, lessonQuizIds: readonly number[], state: LearnerState): boolean {
  if (lesson.type === 'quiz' && lessonQuizIds.length > 0) return lessonQuizIds.every((id) => state.passedQuizIds.has(id));
  return state.completedLessonIds.has(lesson.id);
}

/** The ids of the completed lessons of the outline, by the rule above. */
export function completedLessonIds(outline: CourseOutline, state: LearnerState): Set<number> {
  const quizMap = quizIdsByLesson(outline.quizzes);
  const out = new Set<number>();
  for (const lesson of orderedLessons(outline)) {
    if (isLessonComplete(lesson, quizMap.get(lesson.id) ?? [], state)) out.add(lesson.id);
  }
  return out;
}

export interface Progress {
  completed: number;
  total: number;
  /** round(completed / total * 100); 0 for a course without lessons. */
  percent: number;
}

/** Progress counts lessons: completed lessons / all lessons. */
export function courseProgress(outline: CourseOutline, state: LearnerState): Progress {
  const total = orderedLessons(outline).length;
  const completed = completedLessonIds(outline, state).size;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/** The lessons before and after one lesson in reading order, across module boundaries. */
export function adjacentLessons(outline: Pick<CourseOutline, 'modules'>, lessonId: number): { previous: number | null; next: number | null } {
  const list = orderedLessons(outline);
  const at = list.findIndex((l) => l.id === lessonId);
  if (at < 0) return { previous: null, next: null };
  return { previous: list[at - 1]?.id ?? null, next: list[at + 1]?.id ?? null };
}

/**
 * Where the player resumes: the lesson the learner last opened (when it is still in the course),
 * else the first lesson not yet complete, else the first lesson; null for a course without lessons.
 */
export function resumeLessonId(outline: CourseOutline, state: LearnerState, lastLessonId: number | null): number | null {
  const list = orderedLessons(outline);
  if (lastLessonId !== null && list.some((l) => l.id === lastLessonId)) return lastLessonId;
  const done = completedLessonIds(outline, state);
  return list.find((l) => !done.has(l.id))?.id ?? list[0]?.id ?? null;
}

/**
 * With `lockModules`, module k stays locked until every quiz in the modules before it has a
 * passing attempt. So once one module has an unpassed quiz, every later module is locked.
 * Without it nothing is locked.
 */
export function lockedModuleIds(outline: CourseOutline, state: LearnerState, lockModules: boolean): Set<number> {
  const locked = new Set<number>();
  if (!lockModules) return locked;
  const quizMap = quizIdsByLesson(outline.quizzes);
  let open = true;
  for (const module of outline.modules) {
    if (!open) locked.add(module.id);
    const quizIds = module.lessons.flatMap((l) => quizMap.get(l.id) ?? []);
    if (!quizIds.every((id) => state.passedQuizIds.has(id))) open = false;
  }
  return locked;
}

/** A course is complete when it has lessons, every lesson is complete and every quiz is passed. */
export function isCourseComplete(outline: CourseOutline, state: LearnerState): boolean {
  const lessons = orderedLessons(outline);
  if (lessons.length === 0) return false;
  const done = completedLessonIds(outline, state);
  return lessons.every((l) => done.has(l.id)) && outline.quizzes.every((q) => state.passedQuizIds.has(q.id));
}

// ---------------------------------------------------------------------------------------------
// Quizzes: answers, grading, revealing, attempt rules, question order (decision 0012)

export type RevealPolicy = 'after_pass' | 'never';

/** The per-quiz rules an attempt is held to. */
export interface QuizRules {
  passScore: number;
  /** null = unlimited. */
  maxAttempts: number | null;
  /** Minutes after a failed attempt before the next; 0 = none. */
  attemptWaitMinutes: number;
  revealAnswers: RevealPolicy;
}

export interface GradableQuestion {
  id: number;
  correctOption: number;
  /** How many options the question has; an answer is an index below this. */
  optionCount: number;
}

export interface QuizAnswer {
  questionId: number;
  selected: number;
}

export const QUIZ_MESSAGES = {
  answerEvery: 'Answer every question before submitting.',
  answerThis: 'Answer this question.',
  optionRange: 'Choose one of the options of this question.',
  foreign: 'Answers must be for questions of this quiz.',
  duplicate: 'Each question can be answered only once.',
  noQuestions: 'This quiz has no questions yet, so it cannot be taken. Ask the instructor to add questions.',
  passed: 'You have already passed this quiz.',
  noAttemptsLeft: 'No attempts left for this quiz.',
} as const;

/** "You can try again at 14:05 UTC (in 10 minutes)." — the 429's message names the time the next attempt opens. */
export function waitMessage(nextAttemptAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((nextAttemptAt.getTime() - now.getTime()) / 60_000));
  const at = nextAttemptAt.toISOString().slice(11, 16);
  return `Please wait before your next attempt: it opens at ${at} UTC (in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}).`;
}

/**
 * What is wrong with a set of answers, as validationErrors (field -> messages), or null when
 * every question of the quiz is answered exactly once with one of its options. Unknown
 * questions and repeats are reported under `answers`; a missing or out-of-range answer under
 * `answers.{questionId}`.
 */
export function answerProblems(questions: readonly Pick<GradableQuestion, 'id' | 'optionCount'>[], answers: readonly QuizAnswer[]): Record<string, string[]> | null {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const problems: Record<string, string[]> = {};
  const seen = new Set<number>();
  const add = (field: string, message: string) => {
    const list = (problems[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const a of answers) {
    const question = byId.get(a.questionId);
    if (!question) {
      add('answers', QUIZ_MESSAGES.foreign);
      continue;
    }
    if (seen.has(a.questionId)) {
      add('answers', QUIZ_MESSAGES.duplicate);
      continue;
    }
    seen.add(a.questionId);
    if (!Number.isInteger(a.selected) || a.selected < 0 || a.selected >= question.optionCount) add(`answers.${a.questionId}`, QUIZ_MESSAGES.optionRange);
  }
  const missing = questions.filter((q) => !seen.has(q.id));
  if (missing.length > 0) {
    add('answers', QUIZ_MESSAGES.answerEvery);
    for (const q of missing) add(`answers.${q.id}`, QUIZ_MESSAGES.answerThis);
  }
  return Object.keys(problems).length === 0 ? null : problems;
}

/** One of the learner's answers, graded; the correct option only when revealed (see revealedResults). */
export interface AnswerResult {
  questionId: number;
  selected: number;
  correct: boolean;
}

export interface QuizGrade {
  /** Percent, round(correct / total * 100). */
  score: number;
  passed: boolean;
  pass_score: number;
  correct: number;
  total: number;
  results: AnswerResult[];
}

/**
 * Grades complete answers (checked by answerProblems first) against the quiz's questions:
 * score is round(correct / total * 100), passed when score >= passScore. A quiz without
 * questions cannot be passed: it scores 0.
 */
export function gradeQuiz(questions: readonly Pick<GradableQuestion, 'id' | 'correctOption'>[], answers: readonly QuizAnswer[], passScore: number): QuizGrade {
  const chosen = new Map<number, number>();
  for (const a of answers) if (!chosen.has(a.questionId)) chosen.set(a.questionId, a.selected);
  const results = questions.flatMap((q) => {
    const selected = chosen.get(q.id);
    return selected === undefined ? [] : [{ questionId: q.id, selected, correct: selected === q.correctOption }];
  });
  const correct = results.filter((r) => r.correct).length;
  const total = questions.length;
  const score = total === 0 ? 0 : Math.round((correct / total) * 100);
  return { score, passed: total > 0 && score >= passScore, pass_score: passScore, correct, total, results };
}

/** The correct options are shown only to a learner who passed, and only when the quiz allows it. */
export function answersRevealed(policy: RevealPolicy, passed: boolean): boolean {
  return policy === 'after_pass' && passed;
}

export type RevealedResult = AnswerResult & { correct_option?: number };

/** The results with each question's correct option added when revealed; otherwise unchanged. */
export function revealedResults(results: readonly AnswerResult[], questions: readonly Pick<GradableQuestion, 'id' | 'correctOption'>[], reveal: boolean): RevealedResult[] {
  if (!reveal) return results.map((r) => ({ ...r }));
  const correctOf = new Map(questions.map((q) => [q.id, q.correctOption]));
  return results.map((r) => ({ ...r, correct_option: correctOf.get(r.questionId)! }));
}

/** A learner's attempts at one quiz so far. */
export interface AttemptHistory {
  count: number;
  passed: boolean;
  /** ISO time of the newest attempt. */
  lastAttemptAt: string | null;
}

export type AttemptBlock = 'no_questions' | 'passed' | 'no_attempts_left' | 'waiting';

export interface AttemptGate {
  /** May the learner submit an attempt now? */
  open: boolean;
  blocked: AttemptBlock | null;
  /** The number the next attempt would have (count + 1). */
  attemptNumber: number;
  /** null = unlimited. */
  attemptsLeft: number | null;
  /** When waiting: the time the next attempt opens. */
  nextAttemptAt: string | null;
}

/**
 * Whether a learner may attempt a quiz now. A quiz without questions cannot be taken; a passed
 * quiz is done (no further attempts); the attempts allowed are counted; after a failed attempt
 * the quiz's wait must pass.
 */
export function attemptGate(rules: Pick<QuizRules, 'maxAttempts' | 'attemptWaitMinutes'>, history: AttemptHistory, questionCount: number, now: Date): AttemptGate {
  const attemptsLeft = rules.maxAttempts === null ? null : Math.max(0, rules.maxAttempts - history.count);
  const base = { attemptNumber: history.count + 1, attemptsLeft, nextAttemptAt: null };
  if (questionCount === 0) return { ...base, open: false, blocked: 'no_questions' };
  if (history.passed) return { ...base, open: false, blocked: 'passed' };
  if (attemptsLeft === 0) return { ...base, open: false, blocked: 'no_attempts_left' };
  if (rules.attemptWaitMinutes > 0 && history.lastAttemptAt !== null) {
    const opensAt = Date.parse(history.lastAttemptAt) + rules.attemptWaitMinutes * 60_000;
    if (Number.isFinite(opensAt) && opensAt > now.getTime()) return { ...base, open: false, blocked: 'waiting', nextAttemptAt: new Date(opensAt).toISOString() };
  }
  return { ...base, open: true, blocked: null };
}

/**
 * The questions in the order one attempt serves them: a Fisher–Yates shuffle seeded by
 * (user, quiz, attempt number), so a reload shows the same order for the same pending attempt
 * and the next attempt gets a new one. Options stay in place (the correct option is an index).
 */
export function attemptQuestionOrder<T>(questions: readonly T[], key: { userId: number; quizId: number; attemptNumber: number }): T[] {
  const out = [...questions];
  const random = seededRandom(hashText(`${key.userId}:${key.quizId}:${key.attemptNumber}`));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
