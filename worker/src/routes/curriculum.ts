import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { forbidden } from '../http/errors.ts';
import { markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { adminResourceFiltersSchema, adminResourceListQuerySchema } from '../schemas/store.ts';
import { csvExportResponse } from '../services/csv/stream.ts';
import { resourcesExport } from '../services/csv/resources.ts';
import { listAllResources } from '../services/store/resource-reads.ts';
import { downloadHandlers, listResourcesHandlers, resourceDetailHandlers, reviewCreateHandlers, reviewListHandlers } from './resources.ts';

/**
 * The /api/curriculum paths: the same handlers as /api/resources (the list, a resource, its
 * download and its reviews), and /api/curriculum-all, every resource whatever its status, for
 * the curriculum admin screens.
 */

export const CURRICULUM_ALL_DENIED = 'Only curriculum admins and reviewers can list every resource.';

/** resources.manage or resources.review (the review queue and the admin list read the same list). */
const curriculumStaff = createMiddleware<AppContext>(async (c, next) => {
  const user = signedInUser(c);
  if (!can(user.roles, 'resources.manage') && !can(user.roles, 'resources.review')) throw forbidden(CURRICULUM_ALL_DENIED);
  await next();
});

export const curriculumRoutes = new Hono<AppContext>()
  .get('/curriculum', ...listResourcesHandlers)
  .get('/curriculum/:id', ...resourceDetailHandlers)
  .get('/curriculum/:id/download', ...downloadHandlers)
  .get('/curriculum/:id/reviews', ...reviewListHandlers)
  .post('/curriculum/:id/reviews', ...reviewCreateHandlers)
  .get('/curriculum-all', requireUser, curriculumStaff, validate('query', adminResourceListQuerySchema), async (c) => {
    markPersonal(c);
    const q = c.req.valid('query');
    return c.json(await listAllResources(c.get('platform').db, { ...q, featured: q.featured || undefined }), 200);
  })
  // The admin list as CSV: the same filters and sort (no page), every matching resource, the list's order.
  .get('/curriculum-all/export.csv', requireUser, curriculumStaff, validate('query', adminResourceFiltersSchema), async (c) => {
    const q = c.req.valid('query');
    return csvExportResponse(c, 'resources', resourcesExport(c.get('platform').db, { ...q, featured: q.featured || undefined }));
  });
