import { and, eq, inArray } from 'drizzle-orm';
import { certificates, courses, users } from '../../../db/schema/index.ts';
import { courseProgress, isCourseComplete, type LearnerState } from '../domain/learning.ts';
import type { Db } from '../platform/db.ts';
import type { CertificateRow } from './certificates.ts';
import type { EnrollmentRow, LoadedOutline } from './learner-state.ts';
import type { EnrollmentView, CertificateRef, ProgressView, CourseSummary } from '../../../shared/learning-views.ts';

export function toEnrollmentView(row: EnrollmentRow): EnrollmentView {
  return {
    id: row.id,
    user_id: row.userId,
    course_id: row.courseId,
    source: row.source,
    last_lesson_id: row.lastLessonId,
    completed_at: row.completedAt,
    enrolled_at: row.createdAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export const toCertificateRef = (row: Pick<CertificateRow, 'id' | 'code' | 'revokedAt'> | null): CertificateRef | null =>
  row ? { id: row.id, code: row.code, revoked: row.revokedAt !== null } : null;

export function progressView(outline: LoadedOutline, record: LearnerState): ProgressView {
  const p = courseProgress(outline, record);
  return { progress_percent: p.percent, completed_lessons: p.completed, total_lessons: p.total, completed: isCourseComplete(outline, record) };
}

/** The summary query of some courses (with the instructor's name), to run alone or in a batch. */
export function courseSummaryQuery(db: Db, courseIds: number[]) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      imageUrl: courses.imageUrl,
      status: courses.status,
      lockModules: courses.lockModules,
      instructorId: courses.instructorId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.instructorId))
    .where(inArray(courses.id, courseIds));
}

export function courseSummaryFrom(rows: Awaited<ReturnType<typeof courseSummaryQuery>>): Map<number, CourseSummary> {
  const out = new Map<number, CourseSummary>();
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      title: r.title,
      description: r.description,
      image_url: r.imageUrl,
      status: r.status,
      lock_modules: r.lockModules,
      instructor: r.instructorId !== null && r.firstName !== null ? { id: r.instructorId, first_name: r.firstName, last_name: r.lastName ?? '' } : null,
    });
  }
  return out;
}

export async function courseSummaries(db: Db, courseIds: number[]): Promise<Map<number, CourseSummary>> {
  if (courseIds.length === 0) return new Map();
  return courseSummaryFrom(await courseSummaryQuery(db, courseIds));
}

export async function certificateRefs(db: Db, userIds: number[], courseIds: number[]): Promise<Map<string, CertificateRef>> {
  const out = new Map<string, CertificateRef>();
  if (userIds.length === 0 || courseIds.length === 0) return out;
  const rows = await db
    .select({ id: certificates.id, code: certificates.code, revokedAt: certificates.revokedAt, userId: certificates.userId, courseId: certificates.courseId })
    .from(certificates)
    .where(and(inArray(certificates.userId, userIds), inArray(certificates.courseId, courseIds)));
  for (const r of rows) out.set(`${r.userId}:${r.courseId}`, toCertificateRef(r)!);
  return out;
}

