import { FEATURES, courseLevelFeature, passesLevel, unlockingPlan, type FeatureKey, type GateUser } from '../domain/features.ts';
import { adminFlag } from '../domain/roles.ts';
import { subscriptionLevel } from '../domain/subscriptions.ts';
import { AppError } from '../http/errors.ts';
import { coursePlanAccess, lessonsOpen, PLAN_ENDED_MESSAGE, type EnrollmentSourceName } from '../../../shared/course-plan-access.ts';

/**
 * The server's side of the gate table (decision 0031): what a signed-in user's row says about
 * their plan, and the 403 a gate answers. Used by `requireFeature` (routes) and by the services
 * that check a course's required level (enrolment, learning, buying).
 */

/** The user columns access is decided from, as the session reads them (AuthUser.row). */
export interface PlanColumns {
  subscriptionTier: string | null;
  subscriptionStatus: string | null;
  subscriptionExpiresAt: string | null;
}

/** A signed-in person as the gates read them: roles, and the row when it was read. */
export interface GateActor {
  roles: readonly string[];
  row?: PlanColumns | null;
}

/** A signed-in user in the API's snake_case spelling (role, subscription_tier, …), for the gate table's functions. */
export function gateUserOf(actor: GateActor): GateUser {
  return {
    role: actor.roles,
    subscription_tier: actor.row?.subscriptionTier ?? null,
    subscription_status: actor.row?.subscriptionStatus ?? null,
    subscription_expires_at: actor.row?.subscriptionExpiresAt ?? null,
  };
}

/** Admins pass every gate: as a level, above every plan's. */
export const ADMIN_GATE_LEVEL = Number.MAX_SAFE_INTEGER;

/** The level the user's gates compare with: admins above all, others their current plan's level (0 when none). */
export function gateLevelOf(actor: GateActor | null, now: number = Date.now()): number {
  if (!actor) return 0;
  if (adminFlag([...actor.roles])) return ADMIN_GATE_LEVEL;
  return subscriptionLevel(gateUserOf(actor), now);
}

export function actorHasFeature(actor: GateActor | null, feature: FeatureKey, now: number = Date.now()): boolean {
  return passesLevel(actor ? gateUserOf(actor) : null, FEATURES[feature].level, now);
}

/**
 * The 403 of a gate, in the error shape: the feature's description as the message, and what the
 * site needs to show the upgrade-required dialog (feature key and name, required level and plan).
 */
export function featureDenied(feature: FeatureKey, message: string = FEATURES[feature].description, extra: Record<string, unknown> = {}): AppError {
  const gate = FEATURES[feature];
  const plan = unlockingPlan(feature);
  return new AppError(403, message, {
    details: { feature, featureName: gate.name, requiredLevel: gate.level, requiredPlan: plan.key, requiredPlanName: plan.name, ...extra },
  });
}

/** Throws the gate's 403 unless the user passes it. */
export function assertFeature(actor: GateActor | null, feature: FeatureKey, now: number = Date.now()): void {
  if (!actorHasFeature(actor, feature, now)) throw featureDenied(feature);
}

/**
 * A course's required level (0, 20 or 30): the premium or Royalty gate, unless the user's level
 * reaches it. Level 0 needs nothing.
 */
export function assertCourseLevel(actor: GateActor | null, requiredLevel: number, now: number = Date.now()): void {
  const feature = courseLevelFeature(requiredLevel);
  if (feature) assertFeature(actor, feature, now);
}

/** Whether the user's plan (or admin flag) reaches a course's required level now; level 0 always. */
export function reachesCourseLevel(actor: GateActor | null, requiredLevel: number, now: number = Date.now()): boolean {
  return gateLevelOf(actor, now) >= requiredLevel;
}

/**
 * The lessons of a course that requires a plan (decision 0063), decided at read time: open to a
 * buyer whatever their plan, and to a learner whose plan reaches the level now. An enrolled
 * learner whose plan no longer does meets the gate with the plan-ended message (`planEnded`);
 * anyone else the gate's own.
 */
export function assertCourseAccess(actor: GateActor | null, requiredLevel: number, source: EnrollmentSourceName | null, now: number = Date.now()): void {
  const feature = courseLevelFeature(requiredLevel);
  if (!feature) return;
  const access = coursePlanAccess(requiredLevel, reachesCourseLevel(actor, requiredLevel, now), source);
  if (lessonsOpen(access)) return;
  throw access === 'plan_ended' ? featureDenied(feature, PLAN_ENDED_MESSAGE, { planEnded: true }) : featureDenied(feature);
}
