import { eq } from 'drizzle-orm';
import MarkdownIt from 'markdown-it';
import { courses, enrollments, lessonProgress, lessons, modules } from '../../../db/schema/index.ts';
import { taskLists } from '../../../shared/markdown-task-lists.ts';
import type { CourseActor } from '../domain/courses.ts';
import { adjacentLessons, completedLessonIds, lockedModuleIds, resumeLessonId } from '../domain/learning.ts';
import { lessonVideo } from '../domain/video.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND } from './courses.ts';
import { ensureCertificate, type CertificateRow } from './certificates.ts';
import { bind, runBatch } from './prepared-batch.ts';
import { accessFrom, courseById, assertUnlocked, learnerSnapshot, progressAfterWrite, requireEnrollment, snapshotFrom, type CourseRow, type LearnerRecord, type LoadedOutline, type LoadedQuiz, snapshotQueries } from './learner-state.ts';
import { courseSummaryQuery, courseSummaryFrom, progressView, toCertificateRef, toEnrollmentView } from './learning-views.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import type { LessonQuizView, PlayerData, LessonView, CompletionView } from '../../../shared/learning.ts';
import { LESSON_NEEDS_APPROVED_TAKE } from '../../../shared/practice.ts';
import { awaitsApprovedTake } from './practice/approval.ts';

/**
 * Learning: the course player, a lesson, completing it and what follows (the certificate). The
 * learner's state comes from learner-state.ts in one round trip; enrolment lives in enrolment.ts,
 * taking quizzes in quiz-attempts.ts.
 */

export { COURSE_NOT_FOUND, LESSON_NOT_FOUND, QUIZ_NOT_FOUND } from './courses.ts';
export { MODULE_LOCKED, NOT_ENROLLED } from './learner-state.ts';

export type { GuestEnrollment } from './enrolment.ts';
export const QUIZ_LESSON_NEEDS_PASS = 'Pass the quiz of this lesson to complete it.';

// ---------------------------------------------------------------------------------------------
// Markdown

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false }).use(taskLists);
/** Links and images only to the web, mail, or paths of this site. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Lesson markdown as HTML: raw HTML in the source is shown as text, links only to safe places. */
export function renderLessonMarkdown(source: string): string {
  return markdown.render(source);
}

/** GET /api/learn/courses/{courseId}. */
export async function playerData(db: Db, user: CourseActor, courseId: number): Promise<PlayerData> {
  const rows = await runBatch(db, [...snapshotQueries(db, user.id, courseId), courseById(db, courseId), bind(courseSummaryQuery(db, [courseId]).prepare())]);
  const course = rows[7][0];
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const { outline, record, enrollment, certificate } = snapshotFrom(user.id, courseId, rows);
  const access = accessFrom(user, course, enrollment);
  const summaries = courseSummaryFrom(rows[8]);
  const locked = lockedModuleIds(outline, record, course.lockModules);
  const done = completedLessonIds(outline, record);
  const quizzesByLesson = new Map<number, LoadedQuiz[]>();
  for (const q of outline.quizzes) quizzesByLesson.set(q.lessonId, [...(quizzesByLesson.get(q.lessonId) ?? []), q]);
  return {
    course: summaries.get(courseId)!,
    preview: access.enrollment === null,
    enrollment: access.enrollment ? toEnrollmentView(access.enrollment) : null,
    modules: outline.modules.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      position: m.position,
      locked: locked.has(m.id),
      lessons: m.lessons.map((l) => ({
        id: l.id,
        title: l.title,
        type: l.type,
        position: l.position,
        completed: done.has(l.id),
        quizzes: (quizzesByLesson.get(l.id) ?? []).map((q) => ({ id: q.id, title: q.title, passed: record.passedQuizIds.has(q.id) })),
      })),
    })),
    ...progressView(outline, record),
    resume_lesson_id: resumeLessonId(outline, record, access.enrollment?.lastLessonId ?? null),
    certificate: toCertificateRef(certificate),
  };
}

async function lessonContext(db: Db, lessonId: number) {
  const [row] = await db
    .select({ lesson: lessons, moduleTitle: modules.title, course: courses })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return row;
}

function lessonQuizViews(outline: LoadedOutline, record: LearnerRecord, lessonId: number): LessonQuizView[] {
  return outline.quizzes
    .filter((q) => q.lessonId === lessonId)
    .map((q) => ({
      id: q.id,
      title: q.title,
      description: q.description,
      pass_score: q.passScore,
      question_count: q.questionCount,
      best_score: record.bestScores.get(q.id) ?? null,
      attempts: record.attemptCounts.get(q.id) ?? 0,
      passed: record.passedQuizIds.has(q.id),
    }));
}

/** GET /api/learn/lessons/{lessonId}: the lesson, and it becomes the resume point. */
export async function openLesson(db: Db, user: CourseActor, lessonId: number): Promise<LessonView> {
  const { lesson, moduleTitle, course } = await lessonContext(db, lessonId);
  const { outline, record, enrollment } = await learnerSnapshot(db, user.id, course.id);
  const access = accessFrom(user, course, enrollment);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  if (access.enrollment) {
    await db.update(enrollments).set({ lastLessonId: lesson.id, updatedAt: sqlNow }).where(eq(enrollments.id, access.enrollment.id));
  }
  const { previous, next } = adjacentLessons(outline, lesson.id);
  const locked = lockedModuleIds(outline, record, course.lockModules);
  const nextModule = next === null ? null : outline.modules.find((m) => m.lessons.some((l) => l.id === next));
  const video = lesson.type === 'video' ? lessonVideo(lesson.content) : null;
  return {
    id: lesson.id,
    module_id: lesson.moduleId,
    course_id: course.id,
    title: lesson.title,
    description: lesson.description,
    type: lesson.type,
    position: lesson.position,
    content: lesson.content,
    content_html: video ? null : renderLessonMarkdown(lesson.content),
    video,
    completed: completedLessonIds(outline, record).has(lesson.id),
    prev_lesson_id: previous,
    next_lesson_id: next,
    next_locked: !access.manager && nextModule !== null && nextModule !== undefined && locked.has(nextModule.id),
    module: { id: lesson.moduleId, title: moduleTitle },
    course: { id: course.id, title: course.title, lock_modules: course.lockModules, image_url: course.imageUrl },
    quizzes: lessonQuizViews(outline, record, lesson.id),
    preview: access.enrollment === null,
  };
}

/**
 * After any progress: reads the learner's state again and, when the course is now complete,
 * issues the certificate (once; see ensureCertificate). Each write commits before this read, so
 * of two writes racing (last lesson and last quiz) at least one sees both and issues it.
 */
export async function settleCompletion(
  db: Db,
  userId: number,
  course: CourseRow,
  outline: LoadedOutline,
): Promise<{ view: CompletionView; record: LearnerRecord }> {
  const { record, certificate: existing } = await progressAfterWrite(db, userId, course.id);
  return completionOf(db, userId, course, outline, record, existing);
}

/** The completion view of a record; a complete course without its certificate gets it here (once; see ensureCertificate). */
export async function completionOf(
  db: Db,
  userId: number,
  course: CourseRow,
  outline: LoadedOutline,
  record: LearnerRecord,
  existing: CertificateRow | null,
): Promise<{ view: CompletionView; record: LearnerRecord }> {
  const progress = progressView(outline, record);
  const certificate: CertificateRow | null = progress.completed && !existing ? await ensureCertificate(db, userId, course) : existing;
  return { view: { ...progress, course_id: course.id, course_completed: progress.completed, certificate: toCertificateRef(certificate) }, record };
}

/** POST /api/learn/lessons/{lessonId}/complete: idempotent. A quiz lesson completes by passing its quiz. */
export async function completeLesson(db: Db, user: CourseActor, lessonId: number): Promise<CompletionView & { lesson_id: number; next_lesson_id: number | null }> {
  const { lesson, course } = await lessonContext(db, lessonId);
  const { outline, record, enrollment } = await learnerSnapshot(db, user.id, course.id);
  const access = accessFrom(user, course, enrollment);
  requireEnrollment(access);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  const ownQuizzes = outline.quizzes.filter((q) => q.lessonId === lesson.id);
  if (lesson.type === 'quiz' && ownQuizzes.some((q) => !record.passedQuizIds.has(q.id))) throw conflict(QUIZ_LESSON_NEEDS_PASS);
  // A lesson whose rule asks for an approved take completes by the approving answer (decision 0070).
  if (!record.completedLessonIds.has(lesson.id) && (await awaitsApprovedTake(db, user.id, lesson.id))) throw conflict(LESSON_NEEDS_APPROVED_TAKE);
  await db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId: lesson.id }).onConflictDoNothing();
  const { view } = await settleCompletion(db, user.id, course, outline);
  return { ...view, lesson_id: lesson.id, next_lesson_id: adjacentLessons(outline, lesson.id).next };
}

// ---------------------------------------------------------------------------------------------
// Quizzes: taking them lives in quiz-attempts.ts (decision 0012); their views are re-exported here
// for the islands' types.

