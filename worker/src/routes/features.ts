import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { FEATURES, isFeatureKey, unlockingPlan, type FeatureKey } from '../domain/features.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { optionalUser } from '../middleware/auth.ts';
import { actorHasFeature } from '../services/feature-access.ts';
import type { FeatureCheckView } from '../../../shared/subscriptions/views.ts';

export const FEATURE_NOT_FOUND = 'Feature not found';

/** One row of the gate table as the API answers it (GET /api/features). */
export interface FeatureView {
  feature: FeatureKey;
  name: string;
  description: string;
  level: number;
  required_plan: { key: FeatureCheckView['required_plan']['key']; name: string };
}

function featureView(feature: FeatureKey): FeatureView {
  const gate = FEATURES[feature];
  return { feature, name: gate.name, description: gate.description, level: gate.level, required_plan: unlockingPlan(feature) };
}

const featureParamSchema = z.object({ feature: z.string().min(1).max(64) });

/**
 * The gate table (decision 0031): every gated feature with its level and the plan that unlocks it,
 * and GET /api/features/check/{feature}, the check of one feature for the caller (signed in or not: a visitor has the free level).
 */
export const featuresRoutes = new Hono<AppContext>()
  .get('/features', (c) => c.json({ data: (Object.keys(FEATURES) as FeatureKey[]).map(featureView) }, 200))
  .get('/features/check/:feature', optionalUser, validate('param', featureParamSchema), (c) => {
    const { feature } = c.req.valid('param');
    if (!isFeatureKey(feature)) throw notFound(FEATURE_NOT_FOUND);
    const view: FeatureCheckView = { ...featureView(feature), hasAccess: actorHasFeature(c.get('user'), feature) };
    return c.json(view, 200);
  });
