import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { CALENDAR_NOT_FOUND, instructorFeed, rotateCalendarToken } from '../services/bookings/calendar.ts';

/**
 * The instructor's private calendar feed (decision 0032): public to whoever holds the secret
 * token (a calendar app subscribes to it), and the owner's rotation of that token.
 */
export const calendarFeedRoutes = new Hono<AppContext>()
  .get('/connect/calendar/:file', async (c) => {
    const file = c.req.param('file');
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const ics = token ? await instructorFeed(c.get('platform').db, token) : null;
    if (!ics) throw notFound(CALENDAR_NOT_FOUND);
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="drx-bookings.ics"',
      'cache-control': 'private, no-store',
    });
  })
  .post('/connect/profile/calendar-token', requireUser, async (c) => {
    return c.json(await rotateCalendarToken(c.get('platform'), signedInUser(c).id), 200);
  });
