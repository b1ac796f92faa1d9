import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requirePermission, signedInUser } from '../middleware/auth.ts';
import { adminUpdateUserSchema, grantRoleSchema, idParamSchema, listUsersFiltersSchema, listUsersQuerySchema, userRoleParamSchema } from '../schemas/users.ts';
import { grantRole, listRoles, listUsers, revokeRole, updateUserAsAdmin, USER_NOT_FOUND } from '../services/admin-users.ts';
import { csvExportResponse } from '../services/csv/stream.ts';
import { usersExport } from '../services/csv/users.ts';
import { loadUserView, toPublicUserView } from '../services/users.ts';

export const usersRoutes = new Hono<AppContext>()
  .get('/users', requirePermission('users.list'), validate('query', listUsersQuerySchema), async (c) => {
    return c.json(await listUsers(c.get('platform').db, c.req.valid('query')), 200);
  })
  // The list as CSV: the same filters (no page), every matching user, the list's order.
  .get('/users/export.csv', requirePermission('users.list'), validate('query', listUsersFiltersSchema), async (c) => {
    return csvExportResponse(c, 'users', usersExport(c.get('platform').db, c.req.valid('query')));
  })
  /**
   * users.read_private (ADMIN) and the account itself see the whole account; anyone else, signed
   * in or not, the public profile (/profile/{userId}) of an active account: no email, no role list.
   */
  .get('/users/:id', optionalUser, validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const viewer = c.get('user');
    const view = await loadUserView(c.get('platform').db, id);
    if (viewer && (can(viewer.roles, 'users.read_private') || viewer.id === id)) {
      if (!view) throw notFound(USER_NOT_FOUND);
      return c.json(view, 200);
    }
    if (!view || !view.is_active) throw notFound(USER_NOT_FOUND);
    return c.json(toPublicUserView(view), 200);
  })
  /** Profile fields need users.update; a change of is_active needs users.deactivate too (checked by the service). */
  .patch('/users/:id', requirePermission('users.update'), validate('param', idParamSchema), validate('json', adminUpdateUserSchema), async (c) => {
    const view = await updateUserAsAdmin(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(view, 200);
  })
  .post('/users/:id/roles', requirePermission('roles.grant'), validate('param', idParamSchema), validate('json', grantRoleSchema), async (c) => {
    const view = await grantRole(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').role);
    return c.json(view, 200);
  })
  .delete('/users/:id/roles/:role', requirePermission('roles.revoke'), validate('param', userRoleParamSchema), async (c) => {
    const { id, role } = c.req.valid('param');
    return c.json(await revokeRole(c.get('platform').db, signedInUser(c), id, role), 200);
  })
  .get('/roles', requirePermission('roles.list'), async (c) => c.json({ data: await listRoles(c.get('platform').db) }, 200));
