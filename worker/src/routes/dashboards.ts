import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { areaSummaries } from '../services/dashboards/areas.ts';
import { instructorDashboard } from '../services/dashboards/instructor.ts';
import { learnerDashboard } from '../services/dashboards/learner.ts';

/**
 * The signed-in person's own dashboards (decision 0033): every figure is their own, so the only
 * check is being signed in. The admin dashboard is GET /api/admin/dashboard (routes/admin-stats.ts).
 */
export const dashboardRoutes = new Hono<AppContext>()
  /** /dashboard/user: courses, certificates, purchases, bookings and plan. */
  .get('/me/dashboard', requireUser, async (c) => c.json(await learnerDashboard(c.get('platform').db, signedInUser(c).id), 200))
  /** /multi-dashboard: one or two live figures per area the roles open. */
  .get('/me/areas', requireUser, async (c) => {
    const user = signedInUser(c);
    return c.json(await areaSummaries(c.get('platform').db, { id: user.id, roles: user.roles }), 200);
  })
  /** The instructor dashboard's sessions and this month's earnings from bookings and packages (one's own). */
  .get('/instructor/dashboard', requireUser, async (c) => c.json(await instructorDashboard(c.get('platform').db, signedInUser(c).id), 200));
