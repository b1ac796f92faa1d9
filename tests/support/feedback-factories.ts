import { randomUUID } from 'node:crypto';
import { courseFeedbackSettings, enrollments, feedbackCreditGrants, feedbackNotes, feedbackRequests, lessonPracticeRules, practiceTakes, uploads } from '../../db/schema/index.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createUser, signIn, type FactoryUser } from './factories.ts';
import { buildCourse, type BuiltCourse } from './learning-factories.ts';

/**
 * The practice room's rows for the feedback tests (decision 0070), written straight to the
 * database: a course's feedback settings, a learner's take (an upload with access 'take'), a
 * feedback request, a note, a credit grant.
 */

type SettingsInsert = Partial<Omit<typeof courseFeedbackSettings.$inferInsert, 'courseId'>>;

/** The course's feedback offer (replacing any). */
export async function giveFeedbackSettings(db: Db, courseId: number, settings: SettingsInsert = {}) {
  const values = { mode: 'included' as const, includedReviews: 3, responseDays: 3, ...settings };
  await db.insert(courseFeedbackSettings).values({ courseId, ...values }).onConflictDoUpdate({ target: courseFeedbackSettings.courseId, set: values });
}

export async function requireApprovedTake(db: Db, lessonId: number) {
  await db.insert(lessonPracticeRules).values({ lessonId, requiresApprovedTake: true }).onConflictDoUpdate({ target: lessonPracticeRules.lessonId, set: { requiresApprovedTake: true } });
}

export async function giveCredits(db: Db, userId: number, courseId: number, credits: number, used = 0) {
  const [row] = await db.insert(feedbackCreditGrants).values({ userId, courseId, credits, used }).returning();
  return row!;
}

/** A kept take of a lesson by a learner, its file an upload with access 'take'. */
export async function createTake(db: Db, take: { userId: number; courseId: number; lessonId: number; durationMs?: number; offsetMs?: number }) {
  const [upload] = await db
    .insert(uploads)
    .values({ key: `takes/${randomUUID()}.webm`, originalName: 'take.webm', mimetype: 'video/webm', size: 1000, userId: take.userId, access: 'take', courseId: take.courseId })
    .returning();
  const [row] = await db
    .insert(practiceTakes)
    .values({
      userId: take.userId,
      courseId: take.courseId,
      lessonId: take.lessonId,
      uploadId: upload!.id,
      source: 'recorded',
      durationMs: take.durationMs ?? 20_000,
      sizeBytes: 1000,
      refStartMs: 4000,
      refEndMs: 24_000,
      speed: 1,
      offsetMs: take.offsetMs ?? 0,
    })
    .returning();
  return { ...row!, key: upload!.key };
}

type RequestInsert = Partial<Omit<typeof feedbackRequests.$inferInsert, 'takeId' | 'userId' | 'courseId' | 'lessonId'>>;

/** A feedback request of a take, written as the spending route would (waiting, due in 3 days unless told). */
export async function createFeedbackRequest(db: Db, take: { id: number; userId: number; courseId: number; lessonId: number }, options: RequestInsert = {}) {
  const [row] = await db
    .insert(feedbackRequests)
    .values({
      takeId: take.id,
      userId: take.userId,
      courseId: take.courseId,
      lessonId: take.lessonId,
      question: 'Are my arms in time on the turn?',
      paidBy: 'included',
      dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      ...options,
    })
    .returning();
  return row!;
}

export async function createNote(db: Db, requestId: number, authorId: number | null, options: Partial<typeof feedbackNotes.$inferInsert> = {}) {
  const [row] = await db.insert(feedbackNotes).values({ requestId, authorId, atMs: 1500, body: 'Lift the elbow here.', ...options }).returning();
  return row!;
}

export interface PracticeWorld {
  course: BuiltCourse;
  lessonId: number;
  instructor: FactoryUser;
  instructorToken: string;
  learner: FactoryUser;
  learnerToken: string;
}

/**
 * A published course taught by a new instructor (INSTRUCTOR by default), with a video lesson, a
 * learner enrolled in it and the course's feedback settings (3 included reviews unless told).
 */
export async function practiceWorld(db: Db, options: { settings?: SettingsInsert | null; instructorRoles?: FactoryUser['roles'] } = {}): Promise<PracticeWorld> {
  const instructor = await createUser(db, { roles: options.instructorRoles ?? ['INSTRUCTOR'], firstName: 'Ines', lastName: 'Teacher' });
  const learner = await createUser(db, { firstName: 'Lea', lastName: 'Learner' });
  const course = await buildCourse(db, {
    instructorId: instructor.id,
    modules: [{ lessons: [{ type: 'video', content: `/uploads/${randomUUID()}.mp4` }, { type: 'text' }] }],
  });
  await db.insert(enrollments).values({ userId: learner.id, courseId: course.id, source: 'free' });
  if (options.settings !== null) await giveFeedbackSettings(db, course.id, options.settings ?? {});
  return {
    course,
    lessonId: course.lessons[0]!.id,
    instructor,
    instructorToken: await signIn(db, instructor.id),
    learner,
    learnerToken: await signIn(db, learner.id),
  };
}
