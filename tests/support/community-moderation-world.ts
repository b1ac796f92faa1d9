import { eq, gt } from 'drizzle-orm';
import { auditLog, communityPosts, communityReports } from '../../db/schema/index.ts';
import { createCourse, createEnrollment, createLesson, createModule } from './course-factories.ts';
import { createSignedInUser } from './factories.ts';
import { createSeller } from './seller-factories.ts';
import { makeResource } from './store-factories.ts';
import { createTestApp } from './test-app.ts';

/**
 * The people and pages the community's moderation tests act on (decision 0075): a course's
 * instructor with two enrolled learners on one lesson, a stranger, an admin and a curriculum admin
 * (both moderators), a seller with a published resource; and posts and reports written directly.
 */

type PostInsert = typeof communityPosts.$inferInsert;
export type Person = Awaited<ReturnType<typeof createSignedInUser>>;

export async function createModerationWorld() {
  const t = await createTestApp();
  const [instructor, learner, otherLearner, stranger, admin, moderator] = await Promise.all([
    createSignedInUser(t.db, { roles: ['INSTRUCTOR'] }),
    createSignedInUser(t.db),
    createSignedInUser(t.db),
    createSignedInUser(t.db),
    createSignedInUser(t.db, { roles: ['ADMIN'] }),
    createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] }),
  ]);
  const course = await createCourse(t.db, { instructorId: instructor.user.id });
  const courseId = course.id;
  const lessonId = (await createLesson(t.db, (await createModule(t.db, course.id)).id)).id;
  await createEnrollment(t.db, learner.user.id, course.id);
  await createEnrollment(t.db, otherLearner.user.id, course.id);
  const s = await createSeller(t.db);
  const seller: Person = { user: s.user, token: s.token };
  const resourceId = (await makeResource(t.db, { sellerId: s.user.id })).id;

  /** A question on the lesson (or another target). */
  const question = async (authorId: number, extra: Partial<PostInsert> = {}) => {
    const [row] = await t.db
      .insert(communityPosts)
      .values({ kind: 'question', targetKind: 'lesson', targetId: lessonId, courseId, authorId, title: 'How do I keep my arms soft?', body: 'They feel stiff in port de bras.', ...extra })
      .returning();
    return row!;
  };
  const answer = async (q: { id: number; targetKind: PostInsert['targetKind']; targetId: number; courseId: number | null }, authorId: number, extra: Partial<PostInsert> = {}) => {
    const [row] = await t.db
      .insert(communityPosts)
      .values({ kind: 'answer', targetKind: q.targetKind, targetId: q.targetId, courseId: q.courseId, questionId: q.id, authorId, body: 'Breathe out as you lift them.', ...extra })
      .returning();
    return row!;
  };
  const resourceQuestion = (authorId: number, extra: Partial<PostInsert> = {}) => question(authorId, { targetKind: 'resource', targetId: resourceId, courseId: null, ...extra });
  const postRow = async (id: number) => (await t.db.select().from(communityPosts).where(eq(communityPosts.id, id)))[0]!;
  const openReport = async (postId: number, reporterId: number) => (await t.db.insert(communityReports).values({ postId, reporterId, reason: 'spam' }).returning())[0]!;
  const lastAuditId = async () => (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).at(-1)?.id ?? 0;
  const auditSince = (since: number) => t.db.select().from(auditLog).where(gt(auditLog.id, since));

  return { t, instructor, learner, otherLearner, stranger, admin, moderator, seller, courseId, lessonId, resourceId, question, answer, resourceQuestion, postRow, openReport, lastAuditId, auditSince };
}

export type ModerationWorld = Awaited<ReturnType<typeof createModerationWorld>>;
