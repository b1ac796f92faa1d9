import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { courseIdParamSchema, lessonIdParamSchema } from '../schemas/learning.ts';
import { completeLesson, openLesson, playerData } from '../services/learning.ts';
import { withSignedLessonMedia } from '../services/media-access.ts';
import { announceCertificate } from '../services/notifications-events.ts';

/** The course player: outline with progress and locks, lessons, completion. */
export const learningRoutes = new Hono<AppContext>()
  .get('/learn/courses/:courseId', requireUser, validate('param', courseIdParamSchema), async (c) => {
    return c.json(await playerData(c.get('platform').db, signedInUser(c), c.req.valid('param').courseId), 200);
  })
  .get('/learn/lessons/:lessonId', requireUser, validate('param', lessonIdParamSchema), async (c) => {
    const platform = c.get('platform');
    const lesson = await openLesson(platform.db, signedInUser(c), c.req.valid('param').lessonId);
    // Lesson media of this course: signed links, for this enrolled learner or manager only (decision 0015).
    return c.json(await withSignedLessonMedia(platform, lesson), 200);
  })
  .post('/learn/lessons/:lessonId/complete', requireUser, validate('param', lessonIdParamSchema), async (c) => {
    const user = signedInUser(c);
    const result = await completeLesson(c.get('platform').db, user, c.req.valid('param').lessonId);
    // A certificate this completion issued is announced (once; decision 0033).
    if (result.certificate && !result.certificate.revoked) await announceCertificate(c.get('platform'), user.id, result.course_id);
    return c.json(result, 200);
  });
