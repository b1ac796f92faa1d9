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

export interface GradableQuestion {
  id: number;
  correctOption: number;
}

export interface QuizAnswer {
  questionId: number;
  selected: number | null;
}

export interface QuestionResult {
  questionId: number;
  correct: boolean;
  correct_option: number;
  selected: number | null;
}

export interface QuizGrade {
  /** Percent, round(correct / total * 100). */
  score: number;
  passed: boolean;
  pass_score: number;
  correct: number;
  total: number;
  results: QuestionResult[];
}

/**
 * Grades answers against the quiz's questions: an unanswered question counts wrong, score is
 * round(correct / total * 100), passed when score >= passScore. Answers to questions not in the
 * list are ignored (the service refuses them before grading). A quiz without questions has
 * nothing to get wrong: 100.
 */
export function gradeQuiz(questions: readonly GradableQuestion[], answers: readonly QuizAnswer[], passScore: number): QuizGrade {
  const chosen = new Map<number, number | null>();
  for (const a of answers) if (!chosen.has(a.questionId)) chosen.set(a.questionId, a.selected);
  const results = questions.map((q) => {
    const selected = chosen.get(q.id) ?? null;
    return { questionId: q.id, correct: selected !== null && selected === q.correctOption, correct_option: q.correctOption, selected };
  });
  const correct = results.filter((r) => r.correct).length;
  const total = questions.length;
  const score = total === 0 ? 100 : Math.round((correct / total) * 100);
  return { score, passed: score >= passScore, pass_score: passScore, correct, total, results };
}
