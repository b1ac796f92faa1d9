import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import {
  communityCursorQuerySchema,
  communityReportActionSchema,
  communityReportListQuerySchema,
  communitySuspensionSchema,
  userIdParamSchema,
} from '../schemas/community-moderation.ts';
import { idParamSchema } from '../schemas/users.ts';
import { approvePost, listPending, postHistory, rejectPost } from '../services/community/moderation.ts';
import { decideReport, listReports } from '../services/community/reports.ts';
import { liftSuspension, listSuspensions, suspendMember } from '../services/community/suspensions.ts';

/**
 * The community's moderators (decision 0075, 'community.moderate'): the queue of reported posts,
 * the posts held for approval, a post's earlier versions, and members' suspensions. Every decision
 * is audited.
 */
export const adminCommunityRoutes = new Hono<AppContext>()
  /** A page of the reports of one status (open by default: oldest first); `cursor` is the previous page's `next`. */
  .get('/admin/community/reports', requirePermission('community.moderate'), validate('query', communityReportListQuerySchema), async (c) => {
    const { status, cursor } = c.req.valid('query');
    return c.json(await listReports(c.get('platform').db, signedInUser(c), status, cursor), 200);
  })
  /** A report decided: dismissed, or the post hidden or deleted; every open report of the post with it. */
  .post(
    '/admin/community/reports/:id',
    requirePermission('community.moderate'),
    validate('param', idParamSchema),
    validate('json', communityReportActionSchema),
    async (c) => c.json(await decideReport(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').action), 200),
  )
  /** Posts held for approval (members' first posts), oldest first. */
  .get('/admin/community/pending', requirePermission('community.moderate'), validate('query', communityCursorQuerySchema), async (c) =>
    c.json(await listPending(c.get('platform').db, signedInUser(c), c.req.valid('query').cursor), 200),
  )
  /** A held post approved: it becomes visible, its author is no longer held, and the people it concerns hear of it. */
  .post('/admin/community/posts/:id/approve', requirePermission('community.moderate'), validate('param', idParamSchema), async (c) =>
    c.json(await approvePost(c.get('platform'), signedInUser(c), c.req.valid('param').id), 200),
  )
  /** A held post rejected: deleted, never shown. */
  .post('/admin/community/posts/:id/reject', requirePermission('community.moderate'), validate('param', idParamSchema), async (c) =>
    c.json(await rejectPost(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200),
  )
  /** A post's earlier versions, newest first. */
  .get('/admin/community/posts/:id/history', requirePermission('community.moderate'), validate('param', idParamSchema), async (c) =>
    c.json(await postHistory(c.get('platform').db, c.req.valid('param').id), 200),
  )
  /** Members suspended now, the soonest to end first. */
  .get('/admin/community/suspensions', requirePermission('community.moderate'), validate('query', communityCursorQuerySchema), async (c) =>
    c.json(await listSuspensions(c.get('platform').db, c.req.valid('query').cursor), 200),
  )
  /** A member suspended from posting for N days, with a reason (a running suspension is replaced). */
  .post('/admin/community/suspensions', requirePermission('community.moderate'), validate('json', communitySuspensionSchema), async (c) =>
    c.json(await suspendMember(c.get('platform').db, signedInUser(c), c.req.valid('json')), 201),
  )
  /** A suspension lifted. */
  .delete('/admin/community/suspensions/:userId', requirePermission('community.moderate'), validate('param', userIdParamSchema), async (c) => {
    await liftSuspension(c.get('platform').db, signedInUser(c), c.req.valid('param').userId);
    return c.body(null, 204);
  });
