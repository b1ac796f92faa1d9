import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { communityReportSchema } from '../schemas/community-moderation.ts';
import { idParamSchema } from '../schemas/users.ts';
import { hidePost, restorePost } from '../services/community/moderation.ts';
import { reportPost } from '../services/community/reports.ts';

/**
 * Moderation where the posts are (decision 0075): the page's owner or a moderator
 * ('community.moderate', checked where the post is read) hides and restores a post; a member
 * reports one.
 */
export const communityModerationRoutes = new Hono<AppContext>()
  /** Hidden from everyone but its author, the page's owners and the moderators (audited). */
  .post('/community/posts/:id/hide', requireUser, validate('param', idParamSchema), async (c) =>
    c.json(await hidePost(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200),
  )
  /** Shown again (an owner restores only what no moderator hid; audited). */
  .post('/community/posts/:id/restore', requireUser, validate('param', idParamSchema), async (c) =>
    c.json(await restorePost(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200),
  )
  /** A member's report of someone else's post, once per post. */
  .post('/community/posts/:id/reports', requireUser, validate('param', idParamSchema), validate('json', communityReportSchema), async (c) =>
    c.json(await reportPost(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
