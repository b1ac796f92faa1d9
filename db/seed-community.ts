import { and, asc, eq, sql } from 'drizzle-orm';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import type { Db } from '../worker/src/platform/db.ts';
import { communityMembers, communityPosts, communityReports, communityVotes, courses, lessons, modules, resources, users } from './schema/index.ts';
import { DEMO_RESOURCES } from './seed-store-content.ts';

/**
 * The community's demo (decision 0075), seeded once (nothing is written when a post exists):
 * - on the ballet course's first lesson, a question by the demo learner with two answers — the
 *   instructor's accepted one with a reply under it — and votes; on its first video lesson, a
 *   question about a moment of the clip, still unanswered;
 * - on the first published demo resource, a buyer's question the seller answered, and a newcomer's
 *   first question held for a moderator;
 * - on the demo instructor's profile, a question they answered and a promoter's answer that the
 *   demo learner reported (the moderators' queue has an open report).
 * Posts by demo accounts missing from the database are left out.
 */

export const DEMO_COMMUNITY_COURSE = 'Foundations of Classical Ballet Teaching';
export const DEMO_COMMUNITY_INSTRUCTOR = 'instructor_admin';
/** Two content accounts of the community's demo (no sign-in): a newcomer whose first post waits, a promoter who was reported. */
export const DEMO_COMMUNITY_NEWCOMER = 'nina_newcomer';
export const DEMO_COMMUNITY_PROMOTER = 'shoe_deals_pete';
export const DEMO_VIDEO_QUESTION_AT_MS = 5_000;
export const DEMO_RESOURCE_QUESTION = 'Does the plan work for a class of twenty adults?';

const DAY_MS = 86_400_000;
const ago = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();

async function idOf(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id ?? null;
}

async function contentAccount(db: Db, username: string, firstName: string, lastName: string): Promise<number> {
  await db.insert(users).values({ username, email: null, passwordHash: NO_SIGN_IN_PASSWORD_HASH, firstName, lastName, bio: '' }).onConflictDoNothing();
  return (await idOf(db, username))!;
}

type NewPost = typeof communityPosts.$inferInsert;

export async function seedDemoCommunity(db: Db, now: number = Date.now()): Promise<{ posts: number }> {
  const [existing] = await db.select({ id: communityPosts.id }).from(communityPosts).limit(1);
  if (existing) return { posts: 0 };
  const student = await idOf(db, 'student');
  const multirole = await idOf(db, 'multirole');
  const instructor = await idOf(db, DEMO_COMMUNITY_INSTRUCTOR);
  const seller = await idOf(db, 'seller');
  let written = 0;
  const post = async (values: NewPost) => {
    const [row] = await db.insert(communityPosts).values(values).returning({ id: communityPosts.id });
    written += 1;
    return row!.id;
  };
  const vote = (postId: number, ...voters: (number | null)[]) =>
    Promise.all(voters.filter((v): v is number => v !== null).map((userId) => db.insert(communityVotes).values({ postId, userId }).onConflictDoNothing()));

  // The ballet course: its first lesson, and its first video lesson.
  const lessonRows = await db
    .select({ id: lessons.id, type: lessons.type, courseId: courses.id })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(courses.title, DEMO_COMMUNITY_COURSE))
    .orderBy(asc(modules.position), asc(lessons.position));
  const first = lessonRows[0];
  const video = lessonRows.find((l) => l.type === 'video');
  if (first && student !== null && instructor !== null) {
    const lesson = { targetKind: 'lesson' as const, targetId: first.id, courseId: first.courseId };
    const question = await post({
      ...lesson,
      kind: 'question',
      authorId: student,
      title: 'How much turnout should seven-year-olds use in first position?',
      body: 'My youngest class rolls in on their arches when I ask for first position. Should I let them stand in a **smaller first**, or keep correcting?',
      createdAt: ago(now, 9),
      lastActivityAt: ago(now, 9),
    });
    const accepted = await post({
      ...lesson,
      kind: 'answer',
      questionId: question,
      authorId: instructor,
      body: 'A smaller first, always. Turnout comes from the hips: ask them to turn out only as far as their knees stay over their toes, and check it standing with the heels together. A rolling arch means too far.',
      createdAt: ago(now, 8),
    });
    const other = multirole === null ? null : await post({ ...lesson, kind: 'answer', questionId: question, authorId: multirole, body: 'I draw a "slice of pizza" on the floor with chalk: their feet stay inside it. It works with six-year-olds too.', createdAt: ago(now, 7) });
    await post({ ...lesson, kind: 'reply', questionId: question, parentId: accepted, authorId: student, body: 'Thank you! The knees-over-toes check made it click for them.', createdAt: ago(now, 6) });
    await db.update(communityPosts).set({ acceptedAnswerId: accepted }).where(eq(communityPosts.id, question));
    await vote(question, multirole);
    await vote(accepted, student, multirole);
    if (other !== null) await vote(other, student);
  }
  if (video && student !== null) {
    await post({
      targetKind: 'lesson',
      targetId: video.id,
      courseId: video.courseId,
      kind: 'question',
      authorId: student,
      title: 'Is the arm in second position too high here?',
      body: 'At this moment the arms look level with the shoulders. I was taught slightly below them: which do you teach to beginners?',
      videoAtMs: DEMO_VIDEO_QUESTION_AT_MS,
      createdAt: ago(now, 2),
      lastActivityAt: ago(now, 2),
    });
  }

  // The first published demo resource: a buyer's question the seller answered, and a newcomer's held first question.
  const resourceTitle = DEMO_RESOURCES.find((r) => r.status === 'published')?.title;
  const [resource] = resourceTitle ? await db.select({ id: resources.id, sellerId: resources.sellerId }).from(resources).where(and(eq(resources.title, resourceTitle), eq(resources.status, 'published'))) : [];
  const newcomer = await contentAccount(db, DEMO_COMMUNITY_NEWCOMER, 'Nina', 'Newcomer');
  if (resource && student !== null) {
    const on = { targetKind: 'resource' as const, targetId: resource.id };
    const question = await post({ ...on, kind: 'question', authorId: student, title: 'Are the music suggestions included as a playlist?', body: 'I teach in a studio without internet. Does the plan list the tracks so I can buy them?', createdAt: ago(now, 5), lastActivityAt: ago(now, 5) });
    const answer = await post({ ...on, kind: 'answer', questionId: question, authorId: resource.sellerId, body: 'Yes: every lesson lists its tracks with artist, tempo and a backup choice, so you can buy them ahead.', createdAt: ago(now, 4) });
    await db.update(communityPosts).set({ acceptedAnswerId: answer }).where(eq(communityPosts.id, question));
    await vote(answer, student, multirole);
    await post({ ...on, kind: 'question', authorId: newcomer, status: 'pending', title: DEMO_RESOURCE_QUESTION, body: 'Most of my students are adults returning to dance. Is the pace right for them?', createdAt: ago(now, 0.5), lastActivityAt: ago(now, 0.5) });
  }

  // The demo instructor's profile: a question they answered, and a promoter's answer reported as spam.
  const promoter = await contentAccount(db, DEMO_COMMUNITY_PROMOTER, 'Pete', 'Deals');
  if (instructor !== null && multirole !== null) {
    const on = { targetKind: 'instructor' as const, targetId: instructor };
    const question = await post({ ...on, kind: 'question', authorId: multirole, title: 'Do you coach teachers preparing for exams?', body: 'I am preparing my first ballet teaching exam next spring. Do you offer mock exams?', createdAt: ago(now, 12), lastActivityAt: ago(now, 12) });
    await post({ ...on, kind: 'answer', questionId: question, authorId: instructor, body: 'I do: book a private lesson and tell me the syllabus and grade; we run the exam class and go through the notes together.', createdAt: ago(now, 11) });
    const spam = await post({ ...on, kind: 'answer', questionId: question, authorId: promoter, body: 'Exam shoes 70% off this week only!!! Visit my shop for deals.', createdAt: ago(now, 3) });
    if (student !== null) await db.insert(communityReports).values({ postId: spam, reporterId: student, reason: 'spam', detail: 'Advertising shoes, not an answer.', createdAt: ago(now, 1) }).onConflictDoNothing();
  }

  // Members: those with visible posts are past the first-post hold; the newcomer's first post waits.
  const approved = [student, multirole, instructor, seller, promoter].filter((id): id is number => id !== null);
  for (const userId of approved) await db.insert(communityMembers).values({ userId, approvedPosts: 1 }).onConflictDoNothing();
  await db.insert(communityMembers).values({ userId: newcomer, approvedPosts: 0 }).onConflictDoNothing();
  return { posts: written };
}
