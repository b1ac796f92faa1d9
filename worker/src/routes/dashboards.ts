import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import { areaSummaries } from '../services/dashboards/areas.ts';
import { profileImageCheck } from '../services/dashboards/image-debug.ts';
import { instructorDashboard } from '../services/dashboards/instructor.ts';
import { instructorStats } from '../services/dashboards/instructor-stats.ts';
import { learnerDashboard } from '../services/dashboards/learner.ts';
import { workQueues } from '../services/dashboards/queues.ts';
import { IMAGE_DEBUG_URL_MAX } from '../../../shared/dashboards/image-debug.ts';

/** ?url= the image address to check; the signed-in person's profile image when absent. */
export const imageDebugQuerySchema = z.object({
  url: z.string().max(IMAGE_DEBUG_URL_MAX, { error: `url must be at most ${IMAGE_DEBUG_URL_MAX} characters` }).optional(),
});

/**
 * The signed-in person's own dashboards (decision 0033): every figure is their own, so the only
 * check is being signed in. The admin dashboard is GET /api/admin/dashboard (routes/admin-stats.ts);
 * a sub-admin's landing reads what waits for them (GET /api/admin/queues).
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
  .get('/instructor/dashboard', requireUser, async (c) => c.json(await instructorDashboard(c.get('platform').db, signedInUser(c).id), 200))
  /** The instructor dashboard's course figures and newest enrolments, from running totals (decision 0077): the courses one teaches. */
  .get('/instructor/stats', requirePermission('courses.manage_own'), async (c) => c.json(await instructorStats(c.get('platform').db, signedInUser(c).id), 200))
  /** A reviewer's landing: the review queue's count and oldest items; the seller applications for those who decide them. */
  .get('/admin/queues', requirePermission('resources.review'), async (c) => {
    const roles = signedInUser(c).roles;
    return c.json(await workQueues(c.get('platform').db, { review: true, sellers: can(roles, 'sellers.manage') }), 200);
  })
  /** /profile-image-debug (staff only): whether an image address is one of this site's uploads and is stored. */
  .get('/me/profile-image-debug', requirePermission('diagnostics.read'), validate('query', imageDebugQuerySchema), async (c) => {
    const user = signedInUser(c);
    const url = c.req.valid('query').url ?? user.row.profileImageUrl ?? null;
    return c.json(await profileImageCheck(c.get('platform').storage, url), 200);
  });
