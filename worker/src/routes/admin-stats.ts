import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requirePermission } from '../middleware/auth.ts';
import { adminStats } from '../services/admin-stats.ts';

export const adminStatsRoutes = new Hono<AppContext>().get('/admin/stats', requirePermission('admin.stats'), async (c) =>
  c.json(await adminStats(c.get('platform').db), 200),
);
