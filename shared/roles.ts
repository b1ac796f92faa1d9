import { isRoleName, roleList, type RoleName } from '../worker/src/domain/roles.ts';
import { PLAN_NAMES, planOfTier, SUBSCRIPTION_LEVELS, type PlanKey } from '../worker/src/domain/subscriptions.ts';

/**
 * Roles and plans in words, wherever a person reads them (the user menu, the profile, the admin
 * lists): the role names and the plan keys stay the API's, the words are the site's.
 */

export const ROLE_LABELS: Readonly<Record<RoleName, string>> = {
  STUDENT: 'Student',
  PROFESSIONAL: 'Professional',
  SELLER: 'Seller',
  ADMIN: 'Admin',
  CURRICULUM_ADMIN: 'Curriculum admin',
  INSTRUCTOR: 'Instructor',
  COURSE_CREATOR: 'Course creator',
  CERTIFICATION_MANAGER: 'Certification manager',
  DIRECTORY_MEMBER: 'Directory member',
  BOOKING_PROFESSIONAL: 'Bookable instructor',
  BOOKING_USER: 'Booking user',
  INSTRUCTOR_ADMIN: 'Instructor admin',
  COURSE_CREATOR_ADMIN: 'Course creator admin',
  CURRICULUM_SELLER: 'Curriculum seller',
  GUEST_USER: 'Guest',
  CURRICULUM_OFFICER: 'Curriculum officer',
};

/** 'CURRICULUM_ADMIN' → 'Curriculum admin'; a name outside the list in words the same way. */
export function roleLabel(role: string): string {
  if (isRoleName(role)) return ROLE_LABELS[role];
  const words = role.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A user's roles in words, in the order held ('Learner' for none: everyone may learn). */
export function roleLabels(roles: readonly string[] | string | null | undefined): string[] {
  const list = roleList(roles);
  return list.length ? list.map(roleLabel) : ['Learner'];
}

/** The plan a level opens: the highest plan whose level is at or below it (10 → Educator). */
export function planOfLevel(level: number): PlanKey {
  let best: PlanKey = 'free';
  for (const [plan, at] of Object.entries(SUBSCRIPTION_LEVELS) as [PlanKey, number][]) if (at <= level && at >= SUBSCRIPTION_LEVELS[best]) best = plan;
  return best;
}

/** A plan's name from its tier ('educator', 'NOBILITY') or its level (10): never 'Level 10'. */
export function planName(tierOrLevel: string | number | null | undefined): string {
  return PLAN_NAMES[typeof tierOrLevel === 'number' ? planOfLevel(tierOrLevel) : planOfTier(tierOrLevel)];
}
