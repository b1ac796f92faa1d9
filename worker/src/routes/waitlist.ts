import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { acceptOfferSchema, joinWaitlistSchema } from '../schemas/booking-actions.ts';
import { idParamSchema } from '../schemas/users.ts';
import { acceptOffer, joinWaitlist, leaveWaitlist, listWaitlist } from '../services/bookings/waitlist.ts';

/**
 * The signed-in person's waitlist places (decision 0032): join a full session or a taken slot,
 * leave it, accept an offered place (by paying, or with a package credit). Theirs only (404).
 */
export const waitlistRoutes = new Hono<AppContext>()
  .get('/waitlist', requireUser, async (c) => {
    return c.json(await listWaitlist(c.get('platform'), signedInUser(c).id), 200);
  })
  .post('/waitlist', requireUser, validate('json', joinWaitlistSchema), async (c) => {
    return c.json(await joinWaitlist(c.get('platform'), signedInUser(c).id, c.req.valid('json')), 201);
  })
  .delete('/waitlist/:id', requireUser, validate('param', idParamSchema), async (c) => {
    await leaveWaitlist(c.get('platform'), signedInUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post('/waitlist/:id/accept', requireUser, validate('param', idParamSchema), validate('json', acceptOfferSchema), async (c) => {
    const platform = c.get('platform');
    const answer = await acceptOffer(platform, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json'), new URL(c.req.url).origin);
    return c.json(answer, 200);
  });
