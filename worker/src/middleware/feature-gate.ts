import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../app-context.ts';
import type { FeatureKey } from '../domain/features.ts';
import { assertFeature } from '../services/feature-access.ts';
import { signedInUser } from './auth.ts';

/**
 * The server's feature gate (decision 0031): the signed-in user's plan (their row's
 * subscription tier, status and end, read with the session) must reach the feature's level;
 * admins pass. Else 403 with the feature's description as message and `feature`, `requiredPlan`
 * (and the plan's name and level) beside it. Call after `requireUser` / `requirePermission`.
 */
export function requireFeature(c: Context<AppContext>, feature: FeatureKey): void {
  assertFeature(signedInUser(c), feature);
}

/** `requireFeature` as a middleware, for routes whose every caller needs the feature. */
export function featureGate(feature: FeatureKey) {
  return createMiddleware<AppContext>(async (c, next) => {
    requireFeature(c, feature);
    await next();
  });
}
