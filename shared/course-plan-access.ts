/**
 * A plan includes the courses of its level (decision 0063): what the API and the site both decide
 * about a course that requires a plan, from the user's level at this moment and how they enrolled.
 * Pure; no sweep keeps it: a lapsed plan closes the lessons at once and a renewed one reopens them.
 */
import type { enrollments } from '../db/schema/learning.ts';

/** How an enrolment came (enrollments.source). */
export type EnrollmentSourceName = (typeof enrollments.$inferSelect)['source'];

/**
 * Where a signed-in user stands with a course:
 * - `open`: the course requires no plan;
 * - `purchased`: they bought it, which they keep whatever their plan;
 * - `included`: their plan reaches the course's level (enrol without paying, learn);
 * - `plan_ended`: enrolled, but their plan no longer reaches it (lessons closed, progress kept);
 * - `plan_required`: not enrolled and below the level (the plan first, the price second).
 */
export type CoursePlanAccess = 'open' | 'purchased' | 'included' | 'plan_ended' | 'plan_required';

export function coursePlanAccess(requiredLevel: number, passesLevel: boolean, source: EnrollmentSourceName | null): CoursePlanAccess {
  if (requiredLevel <= 0) return 'open';
  if (source === 'purchase') return 'purchased';
  if (passesLevel) return 'included';
  return source === null ? 'plan_required' : 'plan_ended';
}

/** Whether the lessons of an enrolled course are open to its learner now. */
export const lessonsOpen = (access: CoursePlanAccess) => access !== 'plan_ended' && access !== 'plan_required';

/** The 403 an enrolled learner meets when their plan no longer includes the course. */
export const PLAN_ENDED_MESSAGE = 'Your plan no longer includes this course. Renew or upgrade your plan to open its lessons again; your progress and certificates are kept.';

/** The cart's and checkout's reason for a course the buyer's plan already includes. */
export const INCLUDED_IN_PLAN_MESSAGE = 'Included in your plan: no need to buy it. Enrol from the course page at no cost.';

/** The course page's line for a subscriber whose plan includes the course. */
export const INCLUDED_IN_PLAN_LABEL = 'Included in your plan';
