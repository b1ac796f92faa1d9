import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { courses, feedbackRequests, practiceReports, practiceTakes, uploads, users } from '../../../../db/schema/index.ts';
import { displayName } from '../../domain/certificates.ts';
import { canManageCourse, type CourseActor } from '../../domain/courses.ts';
import { can } from '../../domain/permissions.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { signTakeLink } from '../media-access.ts';
import type { TakeView } from '../../../../shared/practice.ts';

/**
 * Takes, read (decision 0070): one take with what its view needs (its file's key, its learner,
 * its course's instructor, its feedback request), who may see it, and its view with a signed,
 * short-lived link to the file — made only here, for a viewer this file allowed.
 */

/** How many of a learner's takes of one lesson the practice room lists (newest first). */
export const TAKES_LISTED = 50;

const takeSelection = {
  take: practiceTakes,
  uploadKey: uploads.key,
  learnerFirstName: users.firstName,
  learnerLastName: users.lastName,
  learnerUsername: users.username,
  instructorId: courses.instructorId,
  feedbackId: feedbackRequests.id,
  feedbackStatus: feedbackRequests.status,
  feedbackVerdict: feedbackRequests.verdict,
};

function takeQuery(db: Db) {
  return db
    .select(takeSelection)
    .from(practiceTakes)
    .innerJoin(users, eq(users.id, practiceTakes.userId))
    .innerJoin(courses, eq(courses.id, practiceTakes.courseId))
    .leftJoin(uploads, eq(uploads.id, practiceTakes.uploadId))
    .leftJoin(feedbackRequests, eq(feedbackRequests.takeId, practiceTakes.id));
}

export type TakeRecord = Awaited<ReturnType<ReturnType<typeof takeQuery>['execute']>>[number];

export async function loadTake(db: Db, takeId: number): Promise<TakeRecord | null> {
  const [row] = await takeQuery(db).where(eq(practiceTakes.id, takeId)).limit(1);
  return row ?? null;
}

/** A learner's takes of a lesson, newest first (practice_takes_user_lesson_idx). */
export function learnerTakes(db: Db, userId: number, lessonId: number): Promise<TakeRecord[]> {
  return takeQuery(db)
    .where(and(eq(practiceTakes.userId, userId), eq(practiceTakes.lessonId, lessonId)))
    .orderBy(desc(practiceTakes.id))
    .limit(TAKES_LISTED);
}

/** Open reports, as the literal the partial index practice_reports_open_unique is declared with. */
export const OPEN = sql`${practiceReports.status} = 'open'`;

/** Who someone is to a take: its learner, one of its course's instructors or an admin ('staff'), a moderator of a report on it, or nobody. */
export type TakeViewer = 'learner' | 'staff' | 'moderator' | null;

export async function takeViewerOf(db: Db, actor: CourseActor, record: TakeRecord): Promise<TakeViewer> {
  if (record.take.userId === actor.id) return 'learner';
  if (canManageCourse(actor, { instructorId: record.instructorId })) return 'staff';
  // A moderator reviewing an open report of this take sees it, to judge it.
  if (can(actor.roles, 'practice.moderate')) {
    const [reported] = await db
      .select({ id: practiceReports.id })
      .from(practiceReports)
      .where(and(eq(practiceReports.targetKind, 'take'), eq(practiceReports.targetId, record.take.id), OPEN))
      .limit(1);
    if (reported) return 'moderator';
  }
  return null;
}

/**
 * A take as its viewer sees it: the file through a signed link that expires, none once the file
 * is deleted, and none of a hidden take but for moderators.
 */
export async function toTakeView(platform: Platform, record: TakeRecord, viewer: { moderator: boolean }): Promise<TakeView> {
  const { take } = record;
  const shown = record.uploadKey !== null && (take.hiddenAt === null || viewer.moderator);
  return {
    id: take.id,
    course_id: take.courseId,
    lesson_id: take.lessonId,
    learner: { id: take.userId, name: displayName({ firstName: record.learnerFirstName, lastName: record.learnerLastName, username: record.learnerUsername }, 'A learner') },
    source: take.source,
    video_url: shown ? await signTakeLink(platform, record.uploadKey!) : null,
    duration_ms: take.durationMs,
    size_bytes: take.sizeBytes,
    ref_start_ms: take.refStartMs,
    ref_end_ms: take.refEndMs,
    speed: take.speed,
    offset_ms: take.offsetMs,
    created_at: take.createdAt,
    feedback:
      record.feedbackId !== null && record.feedbackStatus !== null
        ? { id: record.feedbackId, status: record.feedbackStatus, verdict: record.feedbackVerdict }
        : null,
  };
}

/** The bytes a learner's kept takes hold (practice_takes_user_size_idx): what counts against TAKE_QUOTA_MB. */
export function takeBytesUsed(db: Db, userId: number) {
  return db
    .select({ bytes: sql<number>`coalesce(sum(${practiceTakes.sizeBytes}), 0)` })
    .from(practiceTakes)
    .where(and(eq(practiceTakes.userId, userId), isNotNull(practiceTakes.uploadId)));
}
