import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { chooseDigest, digestChoice } from '../services/community/digest.ts';
import { courseLessonCounts, WAITING_SCOPES, waitingFor } from '../services/community/totals.ts';

const waitingQuerySchema = z
  .object({ scope: z.enum(WAITING_SCOPES, { message: 'Choose teaching, selling or all.' }).default('all') })
  .strict();

const digestSchema = z.object({ email_digest: z.boolean({ message: 'Choose whether to get the daily digest (true or false).' }) }).strict();

/**
 * The community's running totals (decision 0075) as the course outline and the owners' dashboards
 * read them, and a member's daily digest choice. Every route is a signed-in member's own reading:
 * the course's counts are checked against who may open its lessons.
 */
export const communityTotalsRoutes = new Hono<AppContext>()
  /** The questions without an answer on the reader's own pages (courses taught and profile, store) and where to answer. */
  .get('/community/waiting', requireUser, validate('query', waitingQuerySchema), async (c) => {
    return c.json(await waitingFor(c.get('platform').db, signedInUser(c).id, c.req.valid('query').scope), 200);
  })
  /** Each lesson's questions and unanswered ones, for the course's readers (the outline's "3 questions"). */
  .get('/community/courses/:id/counts', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await courseLessonCounts(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  /** Whether the member's community emails are gathered into one a day. */
  .get('/community/digest', requireUser, async (c) => {
    return c.json(await digestChoice(c.get('platform').db, signedInUser(c).id), 200);
  })
  .put('/community/digest', requireUser, validate('json', digestSchema), async (c) => {
    return c.json(await chooseDigest(c.get('platform').db, signedInUser(c).id, c.req.valid('json').email_digest), 200);
  });
