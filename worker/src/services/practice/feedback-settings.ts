import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { courseFeedbackSettings, lessonPracticeRules, lessons, modules } from '../../../../db/schema/index.ts';
import { uploadKeyOf } from '../../domain/media-links.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { auditedIfStaff, type AuditActor } from '../audit.ts';
import { requireManagedCourse, assertManages, lessonWithCourse } from '../course-access.ts';
import { LESSON_NOT_FOUND } from '../courses.ts';
import type { CourseFeedbackSettingsView } from '../../../../shared/practice.ts';
import {
  lessonsNeedFeedback,
  RULE_NEEDS_CLIP,
  RULE_NEEDS_FEEDBACK,
  type CourseFeedbackSettingsPage,
  type FeedbackSettingsValues,
  type LessonPracticeRuleView,
  type PracticeRuleLesson,
} from '../../../../shared/course-feedback-settings.ts';

/**
 * A course's feedback offer and its lessons' practice rules, as the course's managers set them
 * (decision 0070): 'courses.manage_own' on their own course, or every course for admins. A course
 * without a settings row offers no feedback.
 */

type Actor = AuditActor;

const DEFAULTS: Omit<CourseFeedbackSettingsView, 'course_id'> = {
  mode: 'none',
  included_reviews: 0,
  credit_pack_cents: 0,
  credits_per_pack: 1,
  response_days: 3,
  delete_takes_after_days: null,
};

/** The offer of a course (its defaults when it has no row). */
export async function courseFeedbackSettingsOf(db: Db, courseId: number): Promise<CourseFeedbackSettingsView> {
  const [row] = await db.select().from(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, courseId)).limit(1);
  if (!row) return { course_id: courseId, ...DEFAULTS };
  return {
    course_id: courseId,
    mode: row.mode,
    included_reviews: row.includedReviews,
    credit_pack_cents: row.creditPackCents,
    credits_per_pack: row.creditsPerPack,
    response_days: row.responseDays,
    delete_takes_after_days: row.deleteTakesAfterDays,
  };
}

/** The course's video lessons in course order, with their rule: a course's lessons, by module (modules_course_idx, lessons_module_idx). */
async function videoLessonsOf(db: Db, courseId: number): Promise<PracticeRuleLesson[]> {
  const rows = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      content: lessons.content,
      moduleTitle: modules.title,
      requires: lessonPracticeRules.requiresApprovedTake,
    })
    .from(modules)
    .innerJoin(lessons, eq(lessons.moduleId, modules.id))
    .leftJoin(lessonPracticeRules, eq(lessonPracticeRules.lessonId, lessons.id))
    .where(and(eq(modules.courseId, courseId), eq(lessons.type, 'video')))
    .orderBy(asc(modules.position), asc(modules.id), asc(lessons.position), asc(lessons.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    module_title: r.moduleTitle,
    practice_ready: uploadKeyOf(r.content) !== null,
    requires_approved_take: r.requires === true,
  }));
}

/** The titles of the course's lessons completed only with an approved take. */
async function lessonsRequiringApproval(db: Db, courseId: number): Promise<string[]> {
  const rows = await db
    .select({ title: lessons.title })
    .from(lessonPracticeRules)
    .innerJoin(lessons, eq(lessons.id, lessonPracticeRules.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(and(eq(modules.courseId, courseId), eq(lessonPracticeRules.requiresApprovedTake, true)))
    .orderBy(asc(modules.position), asc(lessons.position));
  return rows.map((r) => r.title);
}

/** GET /api/courses/{id}/feedback-settings */
export async function readFeedbackSettings(db: Db, actor: Actor, courseId: number): Promise<CourseFeedbackSettingsPage> {
  await requireManagedCourse(db, actor, courseId);
  const [settings, lessonRows] = await Promise.all([courseFeedbackSettingsOf(db, courseId), videoLessonsOf(db, courseId)]);
  return { ...settings, lessons: lessonRows };
}

/**
 * PUT /api/courses/{id}/feedback-settings: the offer replaced whole, audited for staff. Turning
 * feedback off is refused while a lesson of the course is completed only with an approved take.
 * Requests already made keep what they were given (their due date, what paid for them).
 */
export async function writeFeedbackSettings(db: Db, actor: Actor, courseId: number, input: FeedbackSettingsValues): Promise<CourseFeedbackSettingsPage> {
  await requireManagedCourse(db, actor, courseId);
  const values = {
    mode: input.mode,
    includedReviews: input.included_reviews,
    creditPackCents: input.credit_pack_cents,
    creditsPerPack: input.credits_per_pack,
    responseDays: input.response_days,
    deleteTakesAfterDays: input.delete_takes_after_days,
  };
  // Off only while no lesson of the course needs an approved take (checked in the statement, so a
  // rule written at the same moment cannot slip past it).
  const noRuleNeedsFeedback = notExists(
    db
      .select({ one: sql`1` })
      .from(lessonPracticeRules)
      .innerJoin(lessons, eq(lessons.id, lessonPracticeRules.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(and(eq(modules.courseId, courseId), eq(lessonPracticeRules.requiresApprovedTake, true))),
  );
  const upsert = db
    .insert(courseFeedbackSettings)
    .values({ courseId, ...values })
    .onConflictDoUpdate({ target: courseFeedbackSettings.courseId, set: { ...values, updatedAt: sqlNow }, ...(input.mode === 'none' ? { setWhere: noRuleNeedsFeedback } : {}) })
    .returning({ courseId: courseFeedbackSettings.courseId });
  const summary = `Set the feedback on takes of course #${courseId}: ${input.mode}${input.mode === 'included' ? ` (${input.included_reviews} reviews)` : ''}${
    input.mode === 'credits' ? ` (${input.credits_per_pack} credits for $${(input.credit_pack_cents / 100).toFixed(2)})` : ''
  }.`;
  const results = await db.batch(auditedIfStaff(db, actor, { action: 'course.feedback_settings', table: courseFeedbackSettings, idColumn: courseFeedbackSettings.courseId, id: courseId, summary }, [upsert]));
  if (!results.some(returnedRows)) {
    const message = lessonsNeedFeedback(await lessonsRequiringApproval(db, courseId));
    throw badRequest(message, { mode: [message] });
  }
  return readFeedbackSettings(db, actor, courseId);
}

/** A batch result that is the returned rows of a write that changed something. */
const returnedRows = (result: unknown) => Array.isArray(result) && result.length > 0;

/**
 * PUT /api/lessons/{id}/practice-rule: whether the lesson is completed only with an approved take.
 * Only a video lesson with an uploaded clip may need one, and only in a course that offers
 * feedback (else nobody could approve the take). The guard on the offer is in the statement: a
 * settings change to 'none' racing this write cannot leave a rule behind it.
 */
export async function writePracticeRule(db: Db, actor: Actor, lessonId: number, requiresApprovedTake: boolean): Promise<LessonPracticeRuleView> {
  const found = await lessonWithCourse(db, lessonId);
  if (!found) throw notFound(LESSON_NOT_FOUND);
  assertManages(actor, found);
  const summary = `${requiresApprovedTake ? 'Lesson' : 'Lesson no longer'} completed only with an approved take: #${lessonId} of course #${found.courseId}.`;
  const target = { action: 'lesson.practice_rule', table: lessonPracticeRules, idColumn: lessonPracticeRules.lessonId, id: lessonId, summary };
  if (!requiresApprovedTake) {
    await db.batch(auditedIfStaff(db, actor, target, [db.update(lessonPracticeRules).set({ requiresApprovedTake: false }).where(eq(lessonPracticeRules.lessonId, lessonId))]));
    return { lesson_id: lessonId, course_id: found.courseId, requires_approved_take: false };
  }
  const [lesson] = await db.select({ type: lessons.type, content: lessons.content }).from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!lesson || lesson.type !== 'video' || uploadKeyOf(lesson.content) === null) {
    throw badRequest(RULE_NEEDS_CLIP, { requires_approved_take: [RULE_NEEDS_CLIP] });
  }
  const upsert = db
    .insert(lessonPracticeRules)
    .select(db.select(insertSelection(lessonPracticeRules, { lessonId, requiresApprovedTake: true })).from(courseFeedbackSettings).where(and(eq(courseFeedbackSettings.courseId, found.courseId), inArray(courseFeedbackSettings.mode, ['included', 'credits']))))
    .onConflictDoUpdate({ target: lessonPracticeRules.lessonId, set: { requiresApprovedTake: true } })
    .returning({ lessonId: lessonPracticeRules.lessonId });
  const results = await db.batch(auditedIfStaff(db, actor, target, [upsert]));
  if (!results.some(returnedRows)) throw badRequest(RULE_NEEDS_FEEDBACK, { requires_approved_take: [RULE_NEEDS_FEEDBACK] });
  return { lesson_id: lessonId, course_id: found.courseId, requires_approved_take: true };
}
