import { and, eq, notExists, sql } from 'drizzle-orm';
import { courses, feedbackRequests, lessonPracticeRules, lessons, modules, practiceTakes, uploads } from '../../../../db/schema/index.ts';
import type { AuthUser } from '../../app-context.ts';
import { canManageCourse } from '../../domain/courses.ts';
import { uploadKeyOf } from '../../domain/media-links.ts';
import { can } from '../../domain/permissions.ts';
import { lessonVideo } from '../../domain/video.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { audited } from '../audit.ts';
import { LESSON_NOT_FOUND } from '../courses.ts';
import { accessFrom, assertUnlocked, learnerSnapshot } from '../learner-state.ts';
import { signUploadLink } from '../media-access.ts';
import { MB } from '../upload-limits.ts';
import { putObjects, removeObjects, type CheckedFile } from '../uploads.ts';
import { feedbackOffer } from './offer.ts';
import { learnerTakes, loadTake, takeBytesUsed, takeViewerOf, toTakeView, type TakeRecord } from './take-reads.ts';
import type { TakeFields } from '../../schemas/practice.ts';
import {
  PRACTICE_NEEDS_ENROLMENT,
  PRACTICE_NEEDS_VIDEO,
  TAKE_MAX_MB,
  TAKE_MAX_SECONDS,
  TAKE_NOT_FOUND,
  TAKE_QUOTA_FULL,
  TAKE_QUOTA_MB,
  TAKE_TOO_LARGE,
  type PracticeLessonView,
  type TakeView,
} from '../../../../shared/practice.ts';

/**
 * Takes (decision 0070): a lesson's practice room, a take stored with its place on the reference,
 * lined up again, deleted. A take belongs to an enrolled learner; the course's instructors and
 * admins see it; its file is an upload with access 'take', served only through signed links.
 */

export const TAKE_MAX_BYTES = TAKE_MAX_MB * MB;
export const TAKE_QUOTA_BYTES = TAKE_QUOTA_MB * MB;
/** Where take files are kept: a key under it is never served without a signature (routes/upload.ts). */
export const TAKES_FOLDER = 'takes';
export const ONLY_LEARNER_OR_ADMIN_DELETES = 'Only the learner who made this take, or an admin, can delete it.';
export const ONLY_LEARNER_OR_INSTRUCTOR_ALIGNS = "Only the learner and the course's instructors can line up this take.";

export const takeTooLarge = () => new AppError(413, TAKE_TOO_LARGE);
export const takeQuotaFull = () => new AppError(413, TAKE_QUOTA_FULL);

type Actor = Pick<AuthUser, 'id' | 'username' | 'roles' | 'row'>;

async function lessonRow(db: Db, lessonId: number) {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return row;
}

export interface PracticeLessonContext {
  lesson: typeof lessons.$inferSelect;
  course: typeof courses.$inferSelect;
  /** The lesson's clip as stored (`/uploads/…`), signed when handed out. */
  clip: string;
  enrolled: boolean;
}

/**
 * The lesson a practice room opens: it exists (404), the actor is enrolled with access to its
 * module or manages the course (403), and it plays an uploaded clip (400).
 */
export async function practiceLessonContext(db: Db, actor: Actor, lessonId: number): Promise<PracticeLessonContext> {
  const { lesson, course } = await lessonRow(db, lessonId);
  const { outline, record, enrollment } = await learnerSnapshot(db, actor.id, course.id);
  if (!enrollment && !canManageCourse(actor, course)) throw forbidden(PRACTICE_NEEDS_ENROLMENT);
  const access = accessFrom(actor, course, enrollment);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  const video = lesson.type === 'video' ? lessonVideo(lesson.content) : null;
  if (video?.kind !== 'file' || !uploadKeyOf(video.url)) throw badRequest(PRACTICE_NEEDS_VIDEO);
  return { lesson, course, clip: video.url, enrolled: enrollment !== null };
}

/** GET /api/practice/lessons/{lessonId}. */
export async function practiceLesson(platform: Platform, actor: Actor, lessonId: number): Promise<PracticeLessonView> {
  const { db } = platform;
  const context = await practiceLessonContext(db, actor, lessonId);
  const { lesson, course } = context;
  const [takes, offer, [used], [rule], [approved], reference] = await Promise.all([
    learnerTakes(db, actor.id, lesson.id),
    feedbackOffer(db, actor.id, course.id),
    takeBytesUsed(db, actor.id),
    db.select({ requires: lessonPracticeRules.requiresApprovedTake }).from(lessonPracticeRules).where(eq(lessonPracticeRules.lessonId, lesson.id)).limit(1),
    db
      .select({ id: feedbackRequests.id })
      .from(feedbackRequests)
      .where(
        and(
          eq(feedbackRequests.userId, actor.id),
          eq(feedbackRequests.courseId, course.id),
          eq(feedbackRequests.lessonId, lesson.id),
          eq(feedbackRequests.verdict, 'approved'),
        ),
      )
      .limit(1),
    signUploadLink(platform, context.clip),
  ]);
  const moderator = can(actor.roles, 'practice.moderate');
  return {
    lesson: { id: lesson.id, title: lesson.title, course_id: course.id, course_title: course.title, module_id: lesson.moduleId },
    reference: { url: reference!, poster: null },
    takes: await Promise.all(takes.map((t) => toTakeView(platform, t, { moderator }))),
    offer,
    limits: { max_seconds: TAKE_MAX_SECONDS, max_bytes: TAKE_MAX_BYTES, quota_bytes: TAKE_QUOTA_BYTES, used_bytes: Number(used?.bytes ?? 0) },
    requires_approved_take: rule?.requires ?? false,
    approved: approved !== undefined,
  };
}

/** The quota, as for any account's uploads: a take's bytes fit in what the learner's kept takes leave. */
export async function takeQuotaOf(platform: Pick<Platform, 'db'>, userId: number): Promise<{ quotaBytes: number; usedBytes: number }> {
  const [used] = await takeBytesUsed(platform.db, userId);
  return { quotaBytes: TAKE_QUOTA_BYTES, usedBytes: Number(used?.bytes ?? 0) };
}

/**
 * A take's size, guarded by the quota inside its INSERT (writers are serialised there): NULL,
 * refused by NOT NULL, when the learner's kept takes and this one would pass it.
 */
function sizeWithinTakeQuota(size: number, userId: number) {
  return sql<number>`CASE WHEN (SELECT coalesce(sum(${practiceTakes.sizeBytes}), 0) FROM ${practiceTakes} WHERE ${practiceTakes.userId} = ${userId} AND ${practiceTakes.uploadId} IS NOT NULL) + ${size} <= ${TAKE_QUOTA_BYTES} THEN ${size} END`;
}

function isTakeQuotaRefusal(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
    if (message.includes('NOT NULL constraint failed: practice_takes.size_bytes')) return true;
  }
  return false;
}

/**
 * POST /api/practice/lessons/{lessonId}/takes, once the file is checked: the quota (413), then the
 * file put under takes/ and, in one batch, its uploads row (access 'take') and the take, whose
 * size is the quota's last guard. Nothing is left behind when a step fails.
 */
export async function storeTake(platform: Platform, actor: Actor, context: PracticeLessonContext, fields: TakeFields, file: CheckedFile): Promise<TakeView> {
  const { db } = platform;
  if (!context.enrolled) throw forbidden(PRACTICE_NEEDS_ENROLMENT);
  const { usedBytes } = await takeQuotaOf(platform, actor.id);
  if (usedBytes + file.size > TAKE_QUOTA_BYTES) throw takeQuotaFull();
  const [key] = await putObjects(platform, [file], TAKES_FOLDER);
  let takeId: number;
  try {
    const [, inserted] = await db.batch([
      db.insert(uploads).values({
        key: key!,
        originalName: file.name,
        mimetype: file.type.mimetype,
        size: file.size,
        userId: actor.id,
        access: 'take',
        courseId: context.course.id,
      }),
      db
        .insert(practiceTakes)
        .values({
          userId: actor.id,
          courseId: context.course.id,
          lessonId: context.lesson.id,
          uploadId: sql`(SELECT ${uploads.id} FROM ${uploads} WHERE ${uploads.key} = ${key!})`,
          source: fields.source,
          durationMs: fields.duration_ms,
          sizeBytes: sizeWithinTakeQuota(file.size, actor.id),
          refStartMs: fields.ref_start_ms,
          refEndMs: fields.ref_end_ms,
          speed: fields.speed,
          offsetMs: fields.offset_ms,
        })
        .returning({ id: practiceTakes.id }),
    ]);
    takeId = inserted[0]!.id;
  } catch (err) {
    await removeObjects(platform, [key!]);
    throw isTakeQuotaRefusal(err) ? takeQuotaFull() : err;
  }
  const record = await loadTake(db, takeId);
  return toTakeView(platform, record!, { moderator: false });
}

/** A take and who the actor is to it; 404 for anyone who may not see it (its existence is not told). */
async function visibleTake(db: Db, actor: Actor, takeId: number): Promise<{ record: TakeRecord; viewer: NonNullable<Awaited<ReturnType<typeof takeViewerOf>>> }> {
  const record = await loadTake(db, takeId);
  const viewer = record ? await takeViewerOf(db, actor, record) : null;
  if (!record || !viewer) throw notFound(TAKE_NOT_FOUND);
  return { record, viewer };
}

/** GET /api/practice/takes/{id}: the learner, the course's instructors and admins (and a moderator of a report on it). */
export async function getTake(platform: Platform, actor: Actor, takeId: number): Promise<TakeView> {
  const { record } = await visibleTake(platform.db, actor, takeId);
  return toTakeView(platform, record, { moderator: can(actor.roles, 'practice.moderate') });
}

/**
 * PATCH /api/practice/takes/{id} {offset_ms}: the take lined up with the reference again, by its
 * learner or by the course's instructors while answering (both replay it in sync).
 */
export async function setTakeOffset(platform: Platform, actor: Actor, takeId: number, offsetMs: number): Promise<TakeView> {
  const { db } = platform;
  const { record, viewer } = await visibleTake(db, actor, takeId);
  if (viewer !== 'learner' && viewer !== 'staff') throw forbidden(ONLY_LEARNER_OR_INSTRUCTOR_ALIGNS);
  await db.update(practiceTakes).set({ offsetMs }).where(eq(practiceTakes.id, takeId));
  const fresh = await loadTake(db, takeId);
  return toTakeView(platform, fresh ?? record, { moderator: can(actor.roles, 'practice.moderate') });
}

/**
 * DELETE /api/practice/takes/{id}: by its learner, or an admin (audited). The file goes first,
 * then its row; the take's row goes too unless a feedback request was made of it, which stays
 * with its answer, file-less.
 */
export async function deleteTake(platform: Platform, actor: Actor, takeId: number): Promise<void> {
  const { db } = platform;
  const { record, viewer } = await visibleTake(db, actor, takeId);
  const moderator = can(actor.roles, 'practice.moderate');
  if (viewer !== 'learner' && !moderator) throw forbidden(ONLY_LEARNER_OR_ADMIN_DELETES);
  const { take } = record;
  if (record.uploadKey) await platform.storage.delete(record.uploadKey);
  const statements = [
    db
      .delete(practiceTakes)
      .where(and(eq(practiceTakes.id, takeId), notExists(db.select({ one: sql`1` }).from(feedbackRequests).where(eq(feedbackRequests.takeId, takeId))))),
    db.update(practiceTakes).set({ uploadId: null, fileDeletedAt: sqlNow, deleteFileAt: null }).where(and(eq(practiceTakes.id, takeId), sql`${practiceTakes.fileDeletedAt} IS NULL`)),
    ...(take.uploadId !== null ? [db.delete(uploads).where(and(eq(uploads.id, take.uploadId), eq(uploads.access, 'take')))] : []),
  ] as const;
  if (viewer === 'learner') {
    await db.batch(statements);
    return;
  }
  await db.batch(
    audited(db, actor, { action: 'practice_take.delete', table: practiceTakes, id: takeId, summary: `Deleted take ${takeId} of ${record.learnerUsername}`, ifChanged: false }, statements),
  );
}
