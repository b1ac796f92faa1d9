import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { courses, enrollments, statTotals, users } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { emptyOutline, emptyRecord, outlinesOf, recordsOf } from '../learner-state.ts';
import { progressView } from '../learning-views.ts';
import { INSTRUCTOR_RECENT_LIMIT, type InstructorStats, type InstructorStatsLearner } from '../../../../shared/dashboards/instructor-stats.ts';

/**
 * The instructor dashboard's figures (GET /api/instructor/stats, the courses the signed-in person
 * teaches), read from running totals, never from the enrolments themselves (decision 0077): each
 * course's learners (`courses.enrollment_count`), completions (`course.completions:{id}`) and
 * lessons its learners completed (`course.lessons_done:{id}`), the instructor's distinct learners
 * (`instructor.learners:{id}`), summed over the courses they teach (courses_instructor_idx). The
 * newest enrolments and completions are one walk each of the enrolments' instructor indexes.
 */

const completions = alias(statTotals, 'sc');
const lessonsDone = alias(statTotals, 'sd');

/** A course's lessons, through its modules' and lessons' indexes (as many as the course has). */
const lessonCount = sql<number>`(SELECT count(*) FROM modules m JOIN lessons l ON l.module_id = m.id WHERE m.course_id = ${courses.id})`.mapWith(Number);

const learnerFields = { userId: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName };

function learnerOf(r: { userId: number; username: string; firstName: string | null; lastName: string | null }): InstructorStatsLearner {
  return { id: r.userId, username: r.username, first_name: r.firstName, last_name: r.lastName };
}

export async function instructorStats(db: Db, instructorId: number): Promise<InstructorStats> {
  const [perCourse, learners, recent, completed] = await db.batch([
    db
      .select({
        id: courses.id,
        status: courses.status,
        enrollments: courses.enrollmentCount,
        completions: sql<number>`coalesce(${completions.value}, 0)`.mapWith(Number),
        lessonsDone: sql<number>`coalesce(${lessonsDone.value}, 0)`.mapWith(Number),
        lessons: lessonCount,
      })
      .from(courses)
      .leftJoin(completions, and(eq(completions.metric, sql`'course.completions:' || ${courses.id}`), eq(completions.day, '')))
      .leftJoin(lessonsDone, and(eq(lessonsDone.metric, sql`'course.lessons_done:' || ${courses.id}`), eq(lessonsDone.day, '')))
      .where(eq(courses.instructorId, instructorId))
      .orderBy(courses.id),
    db
      .select({ value: statTotals.value })
      .from(statTotals)
      .where(and(eq(statTotals.metric, `instructor.learners:${instructorId}`), eq(statTotals.day, ''))),
    db
      .select({ id: enrollments.id, courseId: enrollments.courseId, title: courses.title, enrolledAt: enrollments.createdAt, ...learnerFields })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.instructorId, instructorId))
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
      .limit(INSTRUCTOR_RECENT_LIMIT),
    db
      .select({ id: enrollments.id, courseId: enrollments.courseId, title: courses.title, completedAt: sql<string>`${enrollments.completedAt}`, ...learnerFields })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(eq(enrollments.instructorId, instructorId), isNotNull(enrollments.completedAt)))
      .orderBy(desc(enrollments.completedAt), desc(enrollments.id))
      .limit(INSTRUCTOR_RECENT_LIMIT),
  ]);

  // The listed enrolments' progress as the learner sees it: their few records in those few courses.
  const courseIds = [...new Set(recent.map((r) => r.courseId))];
  const [outlines, records] = await Promise.all([outlinesOf(db, courseIds), recordsOf(db, [...new Set(recent.map((r) => r.userId))], courseIds)]);

  let enrolled = 0;
  let done = 0;
  let progressSum = 0;
  for (const c of perCourse) {
    enrolled += c.enrollments;
    done += c.completions;
    // Each enrolment's progress is its lessons completed over the course's lessons; their sum per
    // course is the course's lessons completed over its lessons (0 for a course without lessons).
    if (c.lessons > 0) progressSum += (Math.min(c.lessonsDone, c.enrollments * c.lessons) * 100) / c.lessons;
  }
  return {
    courses: perCourse.length,
    published: perCourse.filter((c) => c.status === 'published').length,
    drafts: perCourse.filter((c) => c.status === 'draft').length,
    enrollments: enrolled,
    learners: Number(learners[0]?.value ?? 0),
    completions: done,
    average_progress: enrolled === 0 ? 0 : Math.round(progressSum / enrolled),
    per_course: perCourse.map((c) => ({ id: c.id, enrollments: c.enrollments, completions: c.completions })),
    recent_enrollments: recent.map((r) => ({
      id: r.id,
      user: learnerOf(r),
      course: { id: r.courseId, title: r.title },
      enrolled_at: r.enrolledAt,
      progress_percent: progressView(outlines.get(r.courseId) ?? emptyOutline(), records.get(r.userId) ?? emptyRecord()).progress_percent,
    })),
    recent_completions: completed.map((r) => ({ id: r.id, user: learnerOf(r), course: { id: r.courseId, title: r.title }, completed_at: r.completedAt })),
  };
}
