import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { communityPosts, courses, lessons, modules, resources, users, type CommunityPostRow } from '../../../../db/schema/index.ts';
import { displayName } from '../../domain/certificates.ts';
import type { Db } from '../../platform/db.ts';
import type { CommunityActor, CommunityTargetInfo } from './access.ts';
import { postView, readerFor } from './views.ts';
import { communityThreadUrl, type CommunityPostView, type CommunityTarget } from '../../../../shared/community.ts';

/**
 * The moderators' view of a post in context (decision 0075): the post as its thread shows it, its
 * question, and its target — the lesson, resource or profile — with the address of the thread and
 * the owner(s) who may hide posts there. A page of the queue reads its posts' targets together,
 * one read per kind by their keys (access.ts's loadTarget reads one).
 */

/** The queue's target: C1's page description, its title naming the course of a lesson. */
export type TargetContext = CommunityTargetInfo;

export const targetKey = (kind: CommunityTarget, id: number) => `${kind}:${id}`;

const base = { isVideo: false, course: null } as const;

/** The targets of some posts, by targetKey, one read per kind. A target deleted since is missing from the map. */
export async function targetContexts(db: Db, refs: readonly { targetKind: CommunityTarget; targetId: number }[]): Promise<Map<string, TargetContext>> {
  const idsOf = (kind: CommunityTarget) => [...new Set(refs.filter((r) => r.targetKind === kind).map((r) => r.targetId))];
  const [lessonIds, resourceIds, instructorIds] = [idsOf('lesson'), idsOf('resource'), idsOf('instructor')];
  const [lessonRows, resourceRows, instructorRows] = await Promise.all([
    lessonIds.length === 0
      ? []
      : db
          .select({ id: lessons.id, title: lessons.title, moduleId: lessons.moduleId, courseId: modules.courseId, courseTitle: courses.title, instructorId: courses.instructorId })
          .from(lessons)
          .innerJoin(modules, eq(modules.id, lessons.moduleId))
          .innerJoin(courses, eq(courses.id, modules.courseId))
          .where(inArray(lessons.id, lessonIds)),
    resourceIds.length === 0
      ? []
      : db.select({ id: resources.id, title: resources.title, sellerId: resources.sellerId }).from(resources).where(inArray(resources.id, resourceIds)),
    instructorIds.length === 0
      ? []
      : db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(inArray(users.id, instructorIds)),
  ]);
  const out = new Map<string, TargetContext>();
  for (const l of lessonRows) {
    out.set(targetKey('lesson', l.id), {
      ...base,
      kind: 'lesson',
      id: l.id,
      title: `${l.courseTitle}: ${l.title}`,
      url: `/courses/${l.courseId}/modules/${l.moduleId}/lessons/${l.id}`,
      ownerIds: l.instructorId === null ? [] : [l.instructorId],
      ownerBadge: 'Instructor',
      isPublic: false,
      courseId: l.courseId,
      moduleId: l.moduleId,
    });
  }
  for (const r of resourceRows) {
    out.set(targetKey('resource', r.id), { ...base, kind: 'resource', id: r.id, title: r.title, url: `/curriculum/${r.id}`, ownerIds: [r.sellerId], ownerBadge: 'Seller', isPublic: true, courseId: null, moduleId: null });
  }
  for (const u of instructorRows) {
    out.set(targetKey('instructor', u.id), {
      ...base,
      kind: 'instructor',
      id: u.id,
      title: `${displayName(u, 'An instructor')}'s profile`,
      url: `/instructors/${u.id}`,
      ownerIds: [u.id],
      ownerBadge: 'Instructor',
      isPublic: true,
      courseId: null,
      moduleId: null,
    });
  }
  return out;
}

/** What a post whose page was deleted since is shown against. */
function goneTarget(post: Pick<CommunityPostRow, 'targetKind' | 'targetId' | 'courseId'>): TargetContext {
  return { ...base, kind: post.targetKind, id: post.targetId, title: 'Deleted since', url: '', ownerIds: [], ownerBadge: 'Instructor', isPublic: false, courseId: post.courseId, moduleId: null };
}

/** The context's link: the thread on its page, opened at the question. */
export function targetLink(context: TargetContext | undefined, post: Pick<CommunityPostRow, 'id' | 'kind' | 'questionId' | 'targetKind' | 'targetId' | 'courseId'>) {
  const questionId = post.kind === 'question' ? post.id : (post.questionId ?? post.id);
  const url = context ? communityThreadUrl({ id: questionId, target_kind: context.kind, target_id: context.id, course_id: context.courseId, module_id: context.moduleId }) : '';
  return { kind: post.targetKind, id: post.targetId, title: context?.title ?? 'Deleted since', url };
}

const question = alias(communityPosts, 'thread_question');

/** Posts with their author and their thread's question, for the queues. */
export function postsInContext(db: Db) {
  return db
    .select({
      post: communityPosts,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      authorUsername: users.username,
      authorImage: users.profileImageUrl,
      questionTitle: question.title,
    })
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.authorId))
    .leftJoin(question, eq(question.id, communityPosts.questionId));
}

export type PostInContext = Awaited<ReturnType<ReturnType<typeof postsInContext>['execute']>>[number];

/** The post as a moderator reads it (its text even when hidden or held), through the threads' own view. */
export function moderatorPostView(row: PostInContext, context: TargetContext | undefined, actor: CommunityActor): CommunityPostView {
  const p = row.post;
  const author =
    p.authorId === null
      ? undefined
      : { id: p.authorId, name: displayName({ firstName: row.authorFirstName, lastName: row.authorLastName, username: row.authorUsername }, 'A member'), profileImageUrl: row.authorImage };
  const target = context ?? goneTarget(p);
  return postView(p, author, readerFor(actor, target), target);
}

/** The thread's question as the queue names it (the post itself when it is a question). */
export function questionOf(row: PostInContext): { id: number; title: string } {
  const p = row.post;
  return p.kind === 'question' ? { id: p.id, title: p.title ?? '' } : { id: p.questionId ?? p.id, title: row.questionTitle ?? '' };
}
