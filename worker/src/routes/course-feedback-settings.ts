import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { featureGate } from '../middleware/feature-gate.ts';
import { idParamSchema } from '../schemas/users.ts';
import { readFeedbackSettings, writeFeedbackSettings, writePracticeRule } from '../services/practice/feedback-settings.ts';
import { feedbackSettingsSchema, practiceRuleSchema } from '../../../shared/course-feedback-settings.ts';

/**
 * A course's feedback on takes (decision 0070), set by whoever manages the course: its own
 * instructor ('courses.manage_own' on their course) or an admin ('courses.manage_any'). The offer
 * (none, reviews included with the course, credits sold in packs), the answer time and how long
 * take files are kept; and per video lesson whether it is completed only with an approved take.
 */
export const courseFeedbackSettingsRoutes = new Hono<AppContext>()
  .get('/courses/:id/feedback-settings', requirePermission('courses.manage_own'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    return c.json(await readFeedbackSettings(db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .put(
    '/courses/:id/feedback-settings',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', feedbackSettingsSchema),
    async (c) => {
      const db = c.get('platform').db;
      return c.json(await writeFeedbackSettings(db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
    },
  )
  .put(
    '/lessons/:id/practice-rule',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', practiceRuleSchema),
    async (c) => {
      const db = c.get('platform').db;
      return c.json(await writePracticeRule(db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').requires_approved_take), 200);
    },
  );
