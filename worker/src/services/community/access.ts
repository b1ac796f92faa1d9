import { and, eq, sql } from 'drizzle-orm';
import { communityPosts, type CommunityPostRow } from '../../../../db/schema/community.ts';
import { courses, lessons, modules, resourceOwnerships } from '../../../../db/schema/index.ts';
import { COMMUNITY_MESSAGES, type CommunityTarget } from '../../../../shared/community.ts';
import { canManageCourse, COURSE_INSTRUCTOR_ROLES } from '../../domain/courses.ts';
import { can } from '../../domain/permissions.ts';
import type { Db } from '../../platform/db.ts';
import { assertCourseAccess, type GateActor } from '../feature-access.ts';
import { enrollmentOf } from '../learner-state.ts';
import { findResourceRef, isPublicRef } from '../store/resource-views.ts';

/**
 * Who may read and write the community of a page (decision 0075). Exported (the moderation and
 * public-page parts build on these; keep the signatures):
 * - `CommunityActor`, `CommunityTargetInfo`, `PostContext` — the shapes;
 * - `loadTarget(db, kind, id)` — the page a question is on, with its owners, or null;
 * - `loadPostContext(db, postId)` — a post, its thread's question and target, or null;
 * - `isCommunityModerator(actor)`, `isCommunityOwner(actor, target)` — the page's owners and staff;
 * - `mayReadTarget(db, actor, target)` — the page's readers;
 * - `postRefusal(db, actor, target, kind)` — why the actor may not ask / answer / reply, or null.
 */

/** The signed-in member (an AuthUser fits): id, roles, and the row the plan gate reads. */
export type CommunityActor = { id: number; roles: readonly string[] } & GateActor;

export interface CommunityTargetInfo {
  kind: CommunityTarget;
  id: number;
  /** "Lesson title", the resource's title, or the instructor's name. */
  title: string;
  /** The page's address (without the question). */
  url: string;
  /** Lesson targets: the course and module (the outline, the thread's address). */
  courseId: number | null;
  moduleId: number | null;
  /** The course's instructor, the resource's seller, or the profile's instructor. */
  ownerIds: number[];
  /** The badge an owner carries on this page. */
  ownerBadge: 'Instructor' | 'Seller';
  /** A lesson that plays a video: its questions may name a moment. */
  isVideo: boolean;
  /** Everyone may read (a public resource or profile); lesson targets: never. */
  isPublic: boolean;
  /** Lesson targets: what the lesson's readers need (the course's plan level). */
  course: { instructorId: number | null; requiredLevel: number } | null;
}

export interface PostContext {
  post: CommunityPostRow;
  /** The thread's question (the post itself when it is one). */
  question: CommunityPostRow;
  target: CommunityTargetInfo;
}

export const isCommunityModerator = (actor: { roles: readonly string[] } | null): boolean => actor !== null && can(actor.roles, 'community.moderate');

/** The page's owner: the course's instructor on its lessons, the seller on their resource, the instructor on their profile. */
export const isCommunityOwner = (actor: { id: number } | null, target: CommunityTargetInfo): boolean => actor !== null && target.ownerIds.includes(actor.id);

/** The page a question is on, or null when there is no such page (a resource or profile that is not public is found; readers are checked apart). */
export async function loadTarget(db: Db, kind: CommunityTarget, id: number): Promise<CommunityTargetInfo | null> {
  if (kind === 'lesson') {
    const [row] = await db
      .select({
        title: lessons.title,
        type: lessons.type,
        moduleId: lessons.moduleId,
        courseId: modules.courseId,
        instructorId: courses.instructorId,
        requiredLevel: courses.requiredLevel,
      })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .where(eq(lessons.id, id))
      .limit(1);
    if (!row) return null;
    return {
      kind,
      id,
      title: row.title,
      url: `/courses/${row.courseId}/modules/${row.moduleId}/lessons/${id}`,
      courseId: row.courseId,
      moduleId: row.moduleId,
      ownerIds: row.instructorId === null ? [] : [row.instructorId],
      ownerBadge: 'Instructor',
      isVideo: row.type === 'video',
      isPublic: false,
      course: { instructorId: row.instructorId, requiredLevel: row.requiredLevel },
    };
  }
  if (kind === 'resource') {
    const ref = await findResourceRef(db, id);
    if (!ref) return null;
    return {
      kind,
      id,
      title: ref.title,
      url: `/curriculum/${id}`,
      courseId: null,
      moduleId: null,
      ownerIds: [ref.sellerId],
      ownerBadge: 'Seller',
      isVideo: false,
      isPublic: isPublicRef(ref),
      course: null,
    };
  }
  const page = await findPublicInstructor(db, id);
  if (!page) return null;
  return {
    kind,
    id,
    title: `${page.first_name} ${page.last_name}`.trim() || page.username,
    url: `/instructors/${id}`,
    courseId: null,
    moduleId: null,
    ownerIds: [id],
    ownerBadge: 'Instructor',
    isVideo: false,
    isPublic: true,
    course: null,
  };
}

const instructorRoles = sql.join(
  COURSE_INSTRUCTOR_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/**
 * The instructor whose public profile /instructors/{id} shows, by the rule of instructor-pages.ts
 * (an active user with an instructor role, or who teaches a published course, or with a published
 * Connect & Book profile), without reading the page's courses and profile.
 */
async function findPublicInstructor(db: Db, id: number) {
  const [row] = await db.all<{ username: string; first_name: string; last_name: string }>(
    sql`SELECT u.username, u.first_name, u.last_name FROM users u WHERE u.id = ${id} AND u.is_active = 1 AND (
      EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.name IN (${instructorRoles}))
      OR EXISTS (SELECT 1 FROM courses c WHERE c.instructor_id = u.id AND c.status = 'published')
      OR EXISTS (SELECT 1 FROM instructor_profiles p WHERE p.user_id = u.id AND p.status = 'published'))`,
  );
  return row ?? null;
}

/** A post with its thread's question and target, or null when any of them is gone. */
export async function loadPostContext(db: Db, postId: number): Promise<PostContext | null> {
  const [post] = await db.select().from(communityPosts).where(eq(communityPosts.id, postId)).limit(1);
  if (!post) return null;
  let question = post;
  if (post.questionId !== null) {
    const [row] = await db.select().from(communityPosts).where(eq(communityPosts.id, post.questionId)).limit(1);
    if (!row) return null;
    question = row;
  }
  const target = await loadTarget(db, question.targetKind, question.targetId);
  return target ? { post, question, target } : null;
}

/** Lesson targets: the course's instructor or staff who manage it, or an enrolled learner whose plan opens the course. */
async function lessonReader(db: Db, actor: CommunityActor, target: CommunityTargetInfo): Promise<'manager' | 'learner' | null> {
  if (!target.course || target.courseId === null) return null;
  if (canManageCourse(actor, target.course)) return 'manager';
  const enrollment = await enrollmentOf(db, actor.id, target.courseId);
  if (!enrollment) return null;
  try {
    assertCourseAccess(actor, target.course.requiredLevel, enrollment.source);
  } catch {
    return null;
  }
  return 'learner';
}

/** Whether the actor (null: a visitor) may read the target's questions. */
export async function mayReadTarget(db: Db, actor: CommunityActor | null, target: CommunityTargetInfo): Promise<boolean> {
  if (isCommunityModerator(actor) || isCommunityOwner(actor, target)) return true;
  if (target.kind === 'lesson') return actor !== null && (await lessonReader(db, actor, target)) !== null;
  if (target.isPublic) return true;
  // A resource that is not public: those who may still see it (its staff reviewers).
  return actor !== null && target.kind === 'resource' && (can(actor.roles, 'resources.manage') || can(actor.roles, 'resources.review'));
}

async function ownsResource(db: Db, userId: number, resourceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: resourceOwnerships.id })
    .from(resourceOwnerships)
    .where(and(eq(resourceOwnerships.userId, userId), eq(resourceOwnerships.resourceId, resourceId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Why the actor may not write a post of this kind on the target, or null when they may: on a lesson
 * its learners and the course's managers; on a resource anyone signed in asks, its buyers and seller
 * answer and reply; on a profile every member. Moderators may write everywhere they may read.
 */
export async function postRefusal(db: Db, actor: CommunityActor | null, target: CommunityTargetInfo, kind: 'question' | 'answer' | 'reply'): Promise<string | null> {
  if (!actor) return COMMUNITY_MESSAGES.SIGN_IN_TO_POST;
  if (isCommunityModerator(actor) || isCommunityOwner(actor, target)) return null;
  if (target.kind === 'lesson') return (await lessonReader(db, actor, target)) ? null : COMMUNITY_MESSAGES.LESSON_NEEDS_ENROLMENT;
  if (!target.isPublic) return COMMUNITY_MESSAGES.TARGET_NOT_FOUND;
  if (target.kind === 'resource' && kind !== 'question') return (await ownsResource(db, actor.id, target.id)) ? null : COMMUNITY_MESSAGES.RESOURCE_NEEDS_PURCHASE;
  return null;
}
