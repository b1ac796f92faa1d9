import { createUpdateSchema } from 'drizzle-zod';
import { Hono } from 'hono';
import { subscriptionPlans } from '../../../db/schema/subscriptions.ts';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { adminSubscriptionsQuerySchema, planFields, type PlanChanges } from '../schemas/subscriptions-admin.ts';
import { getAdminPlan, listAdminPlans, listAdminSubscriptions, updatePlan } from '../services/subscriptions/admin.ts';
import { subscriptionStats } from '../services/subscriptions/stats.ts';

/**
 * The admin's routes of plans and subscriptions (decision 0031): plans.manage for the plans,
 * subscriptions.manage for the subscriptions and their figures (both ADMIN's alone).
 */

/** The editable columns of a plan, from the table, with the rules and messages of the form. */
export const updatePlanSchema = createUpdateSchema(subscriptionPlans, planFields).pick({
  name: true,
  description: true,
  monthlyPriceCents: true,
  yearlyPriceCents: true,
  features: true,
  active: true,
}).partial();

export const subscriptionsAdminRoutes = new Hono<AppContext>()
  .get('/admin/subscription-plans', requirePermission('plans.manage'), async (c) => c.json(await listAdminPlans(c.get('platform').db), 200))
  .patch('/admin/subscription-plans/:id', requirePermission('plans.manage'), validate('param', idParamSchema), validate('json', updatePlanSchema), async (c) => {
    const platform = c.get('platform');
    const id = c.req.valid('param').id;
    const changes: PlanChanges = c.req.valid('json');
    await updatePlan(platform.db, id, changes);
    return c.json(await getAdminPlan(platform.db, id), 200);
  })
  .get('/admin/subscriptions', requirePermission('subscriptions.manage'), validate('query', adminSubscriptionsQuerySchema), async (c) =>
    c.json(await listAdminSubscriptions(c.get('platform').db, c.req.valid('query')), 200),
  )
  .get('/admin/subscription-stats', requirePermission('subscriptions.manage'), async (c) => c.json(await subscriptionStats(c.get('platform').db), 200));
