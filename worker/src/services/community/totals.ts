import { and, desc, eq, gt } from 'drizzle-orm';
import { communityTotals, courses, lessons, modules, resources } from '../../../../db/schema/index.ts';
import type { CommunityLessonCounts, CommunityWaiting } from '../../../../shared/community.ts';
import { can } from '../../domain/permissions.ts';
import type { CourseActor } from '../../domain/courses.ts';
import { notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { COURSE_NOT_FOUND } from '../courses.ts';
import { accessTo, loadCourse } from '../learner-state.ts';

/**
 * The community's running totals as the outline and the dashboards read them (decision 0075):
 * never the posts, only community_totals (kept by triggers in each post's transaction), one key
 * lookup per scope.
 */

/** The course's questions page (search and the unanswered first), where its instructor answers. */
export const courseQuestionsPath = (courseId: number) => `/learn/courses/${courseId}/questions?sort=unanswered`;

/**
 * GET /api/community/courses/{id}/counts: each lesson's visible questions and unanswered ones, for
 * the course's readers (its learners with access, its instructor, staff and the community's moderators).
 */
export async function courseLessonCounts(db: Db, actor: CourseActor, courseId: number): Promise<CommunityLessonCounts> {
  const course = await loadCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!can(actor.roles, 'community.moderate')) await accessTo(db, actor, course);
  const rows = await db
    .select({ lessonId: lessons.id, questions: communityTotals.questions, unanswered: communityTotals.unanswered })
    .from(modules)
    .innerJoin(lessons, eq(lessons.moduleId, modules.id))
    .leftJoin(communityTotals, and(eq(communityTotals.scopeKind, 'lesson'), eq(communityTotals.scopeId, lessons.id)))
    .where(eq(modules.courseId, courseId));
  const out: CommunityLessonCounts = {};
  for (const r of rows) out[r.lessonId] = { questions: r.questions ?? 0, unanswered: r.unanswered ?? 0 };
  return out;
}

/** Which of the reader's pages the dashboards' line counts: the courses they teach and their profile, their store, or both. */
export const WAITING_SCOPES = ['teaching', 'selling', 'all'] as const;
export type WaitingScope = (typeof WAITING_SCOPES)[number];

/**
 * GET /api/community/waiting: the questions without an answer on the reader's own pages — the
 * lessons of the courses they teach and their instructor profile (teaching), their resources
 * (selling) — and where to answer them: the page with the most.
 */
export async function waitingFor(db: Db, userId: number, scope: WaitingScope): Promise<CommunityWaiting> {
  const places: { unanswered: number; url: string }[] = [];
  if (scope !== 'selling') {
    const taught = await db
      .select({ id: courses.id, unanswered: communityTotals.unanswered })
      .from(courses)
      .innerJoin(communityTotals, and(eq(communityTotals.scopeKind, 'course'), eq(communityTotals.scopeId, courses.id)))
      .where(and(eq(courses.instructorId, userId), gt(communityTotals.unanswered, 0)));
    for (const c of taught) places.push({ unanswered: c.unanswered, url: courseQuestionsPath(c.id) });
    const [own] = await db
      .select({ unanswered: communityTotals.unanswered })
      .from(communityTotals)
      .where(and(eq(communityTotals.scopeKind, 'instructor'), eq(communityTotals.scopeId, userId)));
    if (own && own.unanswered > 0) places.push({ unanswered: own.unanswered, url: `/instructors/${userId}#questions` });
  }
  if (scope !== 'teaching') {
    const [store] = await db
      .select({ unanswered: communityTotals.unanswered })
      .from(communityTotals)
      .where(and(eq(communityTotals.scopeKind, 'seller'), eq(communityTotals.scopeId, userId)));
    if (store && store.unanswered > 0) {
      // The seller's resource with the most waiting: where the link goes (the total is the seller's).
      const [top] = await db
        .select({ id: resources.id })
        .from(resources)
        .innerJoin(communityTotals, and(eq(communityTotals.scopeKind, 'resource'), eq(communityTotals.scopeId, resources.id)))
        .where(and(eq(resources.sellerId, userId), gt(communityTotals.unanswered, 0)))
        .orderBy(desc(communityTotals.unanswered))
        .limit(1);
      places.push({ unanswered: store.unanswered, url: top ? `/curriculum/${top.id}#questions` : '/seller/resources' });
    }
  }
  const unanswered = places.reduce((sum, p) => sum + p.unanswered, 0);
  const first = [...places].sort((a, b) => b.unanswered - a.unanswered)[0];
  return { unanswered, url: first?.url ?? (scope === 'selling' ? '/seller/resources' : '/instructor/dashboard') };
}
