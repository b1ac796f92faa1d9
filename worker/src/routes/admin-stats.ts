import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission } from '../middleware/auth.ts';
import { adminStats } from '../services/admin-stats.ts';
import { adminDashboard } from '../services/dashboards/admin.ts';
import { DASHBOARD_WINDOWS, type DashboardWindow } from '../../../shared/dashboards/window.ts';

const DAYS_MESSAGE = `days must be one of ${DASHBOARD_WINDOWS.join(', ')}`;

/** ?days=30|90|365, 30 when absent. */
export const dashboardQuerySchema = z.object({
  days: z
    .enum(DASHBOARD_WINDOWS.map(String) as [string, ...string[]], { error: DAYS_MESSAGE })
    .optional()
    .transform((v) => Number(v ?? 30) as DashboardWindow),
});

export const adminStatsRoutes = new Hono<AppContext>()
  .get('/admin/stats', requirePermission('admin.stats'), async (c) => c.json(await adminStats(c.get('platform').db), 200))
  .get('/admin/dashboard', requirePermission('admin.stats'), validate('query', dashboardQuerySchema), async (c) =>
    c.json(await adminDashboard(c.get('platform').db, c.req.valid('query').days), 200),
  );
