import { eq } from 'drizzle-orm';
import { communityMembers, communityPosts } from '../../db/schema/community.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createCourse, createEnrollment, createLesson, createModule } from './course-factories.ts';
import { createSignedInUser } from './factories.ts';
import { createResource, createSeller } from './seller-factories.ts';
import { makeOwnership } from './store-factories.ts';

/**
 * The community's cast (decision 0075): a published course with a text and a video lesson, its
 * instructor and an enrolled learner; a public resource, its seller and a buyer; an instructor's
 * profile; a plain member, an outsider to the course, and a moderator. Members start approved
 * (their posts are not held) unless a test says otherwise.
 */
export async function createCommunityCast(db: Db) {
  const [instructor, learner, otherLearner, member, moderator, buyer] = await Promise.all([
    createSignedInUser(db, { roles: ['INSTRUCTOR'], firstName: 'Ivan', lastName: 'Teacher' }),
    createSignedInUser(db, { firstName: 'Maya', lastName: 'Learner' }),
    createSignedInUser(db, { firstName: 'Lena', lastName: 'Learner' }),
    createSignedInUser(db, { firstName: 'Max', lastName: 'Member' }),
    createSignedInUser(db, { roles: ['CURRICULUM_ADMIN'], firstName: 'Mo', lastName: 'Derator' }),
    createSignedInUser(db, { firstName: 'Bea', lastName: 'Buyer' }),
  ]);
  const course = await createCourse(db, { status: 'published', instructorId: instructor.user.id });
  const module = await createModule(db, course.id);
  const lesson = await createLesson(db, module.id, { title: 'Pliés in first position' });
  const videoLesson = await createLesson(db, module.id, { title: 'Turns', type: 'video', content: '/uploads/videos/turns.mp4' });
  await Promise.all([createEnrollment(db, learner.user.id, course.id), createEnrollment(db, otherLearner.user.id, course.id)]);
  const seller = await createSeller(db);
  const resource = await createResource(db, seller.user.id, { status: 'published' });
  await makeOwnership(db, buyer.user.id, resource.id);
  await approveMembers(db, [learner, otherLearner, member, buyer].map((u) => u.user.id));
  return { instructor, learner, otherLearner, member, moderator, buyer, seller, course, module, lesson, videoLesson, resource };
}
export type CommunityCast = Awaited<ReturnType<typeof createCommunityCast>>;

/** Members whose posts are no longer held (one of theirs was approved). */
export async function approveMembers(db: Db, userIds: number[]) {
  for (const userId of userIds) {
    await db.insert(communityMembers).values({ userId, approvedPosts: 1 }).onConflictDoUpdate({ target: communityMembers.userId, set: { approvedPosts: 1 } });
  }
}

export async function postRow(db: Db, id: number) {
  const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, id));
  return row!;
}
