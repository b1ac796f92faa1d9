import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../services/notifications.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** A signed-in user's in-app notices (decision 0029): theirs only; someone else's answers 404. */
export const notificationsRoutes = new Hono<AppContext>()
  .get('/notifications', requireUser, async (c) => {
    return c.json(await listNotifications(c.get('platform').db, signedInUser(c).id), 200);
  })
  .post('/notifications/read-all', requireUser, async (c) => {
    const { db } = c.get('platform');
    const userId = signedInUser(c).id;
    await markAllNotificationsRead(db, userId);
    return c.json(await listNotifications(db, userId), 200);
  })
  .post('/notifications/:id/read', requireUser, validate('param', idParamSchema), async (c) => {
    const { db } = c.get('platform');
    const userId = signedInUser(c).id;
    if (!(await markNotificationRead(db, userId, c.req.valid('param').id))) throw notFound(NOTIFICATION_NOT_FOUND);
    return c.json(await listNotifications(db, userId), 200);
  });
