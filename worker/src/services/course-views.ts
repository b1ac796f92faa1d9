import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { lessons, modules, quizQuestions, quizzes } from '../../../db/schema/index.ts';
import type { Db } from '../platform/db.ts';
import type { QuizRef, LessonView, ModuleView } from '../../../shared/courses.ts';
import type { QuizView, QuestionView } from '../../../shared/course-views.ts';

/** Modules, lessons, quizzes and questions as the API answers them. */

type ModuleRow = typeof modules.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;

export function toModuleView(row: ModuleRow, lessonList: LessonView[] = []): ModuleView<LessonView> {
  return {
    id: row.id,
    course_id: row.courseId,
    title: row.title,
    description: row.description,
    order: row.position,
    position: row.position,
    lessonCount: lessonList.length,
    lessons: lessonList,
  };
}

export function toLessonView(row: LessonRow, quizList: QuizRef[] = []): LessonView {
  return {
    id: row.id,
    module_id: row.moduleId,
    title: row.title,
    description: row.description,
    content: row.content,
    type: row.type,
    order: row.position,
    position: row.position,
    quiz: quizList[0] ?? null,
    quizzes: quizList,
  };
}

type QuizRow = typeof quizzes.$inferSelect;

export function toQuizView(row: QuizRow, questionCount = 0): QuizView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    passScore: row.passScore,
    lessonId: row.lessonId,
    questionCount,
    maxAttempts: row.maxAttempts,
    attemptWaitMinutes: row.attemptWaitMinutes,
    shuffleQuestions: row.shuffleQuestions,
    revealAnswers: row.revealAnswers,
  };
}

export function toQuestionView(row: QuestionRow): QuestionView {
  return {
    id: row.id,
    quizId: row.quizId,
    question: row.question,
    options: row.options,
    correctOption: row.correctOption,
    position: row.position,
  };
}

export async function loadModuleView(db: Db, moduleId: number): Promise<ModuleView<LessonView> | null> {
  const [row] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!row) return null;
  const lessonRows = await db.select().from(lessons).where(eq(lessons.moduleId, moduleId)).orderBy(asc(lessons.position), asc(lessons.id));
  const quizRefs = await quizRefsOf(
    db,
    lessonRows.map((l) => l.id),
  );
  return toModuleView(
    row,
    lessonRows.map((l) => toLessonView(l, quizRefs.get(l.id))),
  );
}

export async function loadLessonView(db: Db, lessonId: number): Promise<LessonView | null> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!row) return null;
  return toLessonView(row, (await quizRefsOf(db, [lessonId])).get(lessonId));
}

export async function loadQuizView(db: Db, quizId: number): Promise<QuizView | null> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  if (!row) return null;
  const [n] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return toQuizView(row, n?.n ?? 0);
}

async function quizRefsOf(db: Db, lessonIds: number[]): Promise<Map<number, QuizRef[]>> {
  const out = new Map<number, QuizRef[]>();
  if (lessonIds.length === 0) return out;
  const rows = await db
    .select({
      id: quizzes.id,
      lessonId: quizzes.lessonId,
      title: quizzes.title,
      passScore: quizzes.passScore,
      questionCount: sql<number>`(SELECT count(*) FROM quiz_questions q WHERE q.quiz_id = quizzes.id)`.mapWith(Number),
    })
    .from(quizzes)
    .where(inArray(quizzes.lessonId, lessonIds))
    .orderBy(asc(quizzes.id));
  for (const r of rows) {
    const list = out.get(r.lessonId) ?? [];
    list.push({ id: r.id, title: r.title, passScore: r.passScore, questionCount: r.questionCount });
    out.set(r.lessonId, list);
  }
  return out;
}
