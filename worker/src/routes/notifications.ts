import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { listPreferences, updatePreferences } from '../services/notification-preferences.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCount } from '../services/notifications.ts';
import { singleLine } from '../schemas/text.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** PUT/PATCH /api/notifications/preferences: the kinds to change, each with the channels to set. */
export const preferencesSchema = z
  .object({
    preferences: z
      .array(
        z
          .object({
            kind: singleLine(z.string().min(1).max(64)),
            in_app: z.boolean().optional(),
            email: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1, 'Choose at least one notification to change.')
      .max(100),
  })
  .strict();

/**
 * A signed-in user's in-app notices (decision 0029) and their choices per kind (decision 0033):
 * theirs only; someone else's notice answers 404.
 */
export const notificationsRoutes = new Hono<AppContext>()
  .get('/notifications', requireUser, async (c) => {
    return c.json(await listNotifications(c.get('platform').db, signedInUser(c).id), 200);
  })
  .get('/notifications/unread', requireUser, async (c) => {
    return c.json({ unread: await unreadCount(c.get('platform').db, signedInUser(c).id) }, 200);
  })
  .get('/notifications/preferences', requireUser, async (c) => {
    return c.json(await listPreferences(c.get('platform').db, signedInUser(c)), 200);
  })
  .put('/notifications/preferences', requireUser, validate('json', preferencesSchema), async (c) => {
    return c.json(await updatePreferences(c.get('platform').db, signedInUser(c), c.req.valid('json').preferences), 200);
  })
  .patch('/notifications/preferences', requireUser, validate('json', preferencesSchema), async (c) => {
    return c.json(await updatePreferences(c.get('platform').db, signedInUser(c), c.req.valid('json').preferences), 200);
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
