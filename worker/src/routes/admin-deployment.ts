import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requirePermission } from '../middleware/auth.ts';
import { runDeploymentChecks } from '../services/deployment-checks.ts';
import { deploymentFacts } from '../services/deployment.ts';

/**
 * The deployment's state (/admin/deployment, decision 0033; deployment.read, ADMIN's): the static
 * facts of this server, and its checks run on demand (each ok / warn / fail, never a 500).
 */
export const adminDeploymentRoutes = new Hono<AppContext>()
  .get('/admin/deployment', requirePermission('deployment.read'), async (c) => {
    return c.json(await deploymentFacts(c.get('platform')), 200);
  })
  .post('/admin/deployment/checks', requirePermission('deployment.read'), async (c) => {
    return c.json(await runDeploymentChecks(c.get('platform')), 200);
  });
