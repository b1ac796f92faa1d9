/**
 * The gated features (decision 0031): one table read by the server's checks
 * (`requireFeature`), by GET /api/features/check/{feature} and by the site's FeatureGate. A feature
 * shows only when the user's level is at least its level; admins pass every gate. The plan that
 * unlocks it is the lowest plan whose level reaches it. Pure data; safe to import from the site.
 */
import { adminFlag, roleList } from './roles.ts';
import { FEATURE_GATE_DEFAULT_MESSAGE, hasFeatureAccess, PLAN_NAMES, SUBSCRIPTION_LEVELS, subscriptionLevel, type PlanKey, type SubscriptionFields } from './subscriptions.ts';

export interface GatedFeature {
  /** Shown as the gate's heading and the upgrade-required dialog's feature. */
  name: string;
  level: number;
  /** The gate's prompt and the dialog's description. */
  description: string;
}

export const FEATURES = {
  /** The course administration screen; on the server, writing courses as a non-admin instructor. */
  course_administration: {
    name: 'Course Administration',
    level: 10,
    description: 'Upgrade to Educator or higher to access course administration features.',
  },
  /** Selling in the curriculum store: creating, editing and submitting one's own resources. */
  store_selling: {
    name: 'Sell in the Curriculum Store',
    level: 10,
    description: 'Upgrade to Educator or higher to sell your lesson plans and curricula in the store.',
  },
  /** Courses marked for Premium (courses.required_level 20): enrolling and learning. */
  premium_courses: {
    name: 'Premium Courses',
    level: 20,
    description: 'Upgrade to Premium or higher to enrol in premium courses.',
  },
  /** A premium listing in the Connect & Book directory (decision 0032; the check is here). */
  premium_directory_listing: {
    name: 'Premium Directory Listing',
    level: 20,
    description: 'Upgrade to Premium or higher for a premium listing in the Connect & Book directory.',
  },
  /** Courses marked for Royalty (courses.required_level 30). */
  royalty_masterclasses: {
    name: 'Royalty Masterclasses',
    level: 30,
    description: 'Upgrade to Royalty to enrol in Royalty masterclasses.',
  },
} as const satisfies Record<string, GatedFeature>;

export type FeatureKey = keyof typeof FEATURES;

export function isFeatureKey(value: string): value is FeatureKey {
  return Object.prototype.hasOwnProperty.call(FEATURES, value);
}

/** The lowest plan whose level reaches a level (royalty when none does). */
export function planForLevel(level: number): PlanKey {
  const plans = (Object.entries(SUBSCRIPTION_LEVELS) as [PlanKey, number][]).sort((a, b) => a[1] - b[1]);
  return plans.find(([, l]) => l >= level)?.[0] ?? 'royalty';
}

/** The plan that unlocks a feature, with its name: `{ key: 'educator', name: 'Educator' }`. */
export function unlockingPlan(feature: FeatureKey): { key: PlanKey; name: string } {
  const key = planForLevel(FEATURES[feature].level);
  return { key, name: PLAN_NAMES[key] };
}

/** The levels a course may require (courses.required_level): everyone, Premium, Royalty. */
export const COURSE_REQUIRED_LEVELS = [0, 20, 30] as const;
export type CourseRequiredLevel = (typeof COURSE_REQUIRED_LEVELS)[number];

/** The course forms' "Required plan" choices. */
export const COURSE_REQUIRED_LEVEL_LABELS: Readonly<Record<CourseRequiredLevel, string>> = { 0: 'Everyone', 20: 'Premium', 30: 'Royalty' };

/** The course forms' select: its values (the levels as text) and their labels. */
export const COURSE_REQUIRED_LEVEL_CHOICES = COURSE_REQUIRED_LEVELS.map(String) as readonly `${CourseRequiredLevel}`[];
export const COURSE_REQUIRED_LEVEL_CHOICE_LABELS = Object.fromEntries(COURSE_REQUIRED_LEVELS.map((l) => [String(l), COURSE_REQUIRED_LEVEL_LABELS[l]])) as Readonly<
  Record<`${CourseRequiredLevel}`, string>
>;

export const COURSE_REQUIRED_LEVEL_MESSAGE = 'Required plan must be Everyone (0), Premium (20) or Royalty (30)';

export function isCourseRequiredLevel(value: unknown): value is CourseRequiredLevel {
  return (COURSE_REQUIRED_LEVELS as readonly unknown[]).includes(value);
}

/** The gate feature of a course's required level: 0 none, 20 premium, 30 royalty (the only levels a course takes). */
export function courseLevelFeature(level: number): FeatureKey | null {
  if (level >= 30) return 'royalty_masterclasses';
  if (level >= 20) return 'premium_courses';
  return null;
}

export interface GateUser extends SubscriptionFields {
  role: readonly string[] | string | null | undefined;
}

/** Whether a user passes a gate of the given level: admins always (the admin flag), others by their current plan's level. */
export function passesLevel(user: GateUser | null | undefined, level: number, now: number = Date.now()): boolean {
  if (!user) return hasFeatureAccess(0, level);
  if (adminFlag(roleList(user.role))) return true;
  return hasFeatureAccess(subscriptionLevel(user, now), level);
}

export function hasFeature(user: GateUser | null | undefined, feature: FeatureKey, now: number = Date.now()): boolean {
  return passesLevel(user, FEATURES[feature].level, now);
}

export { FEATURE_GATE_DEFAULT_MESSAGE };
