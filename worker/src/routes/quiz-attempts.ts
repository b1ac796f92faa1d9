import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { quizAttemptSchema, quizIdParamSchema } from '../schemas/learning.ts';
import { myAttempts, openQuiz, submitAttempt } from '../services/quiz-attempts.ts';
import { announceCertificate } from '../services/notifications-events.ts';

/** Taking a quiz: questions without answers, attempts graded on the server within the quiz's limits (decision 0012). */
export const quizAttemptRoutes = new Hono<AppContext>()
  .get('/learn/quizzes/:quizId', requireUser, validate('param', quizIdParamSchema), async (c) => {
    return c.json(await openQuiz(c.get('platform').db, signedInUser(c), c.req.valid('param').quizId), 200);
  })
  .get('/learn/quizzes/:quizId/attempts', requireUser, validate('param', quizIdParamSchema), async (c) => {
    return c.json(await myAttempts(c.get('platform').db, signedInUser(c), c.req.valid('param').quizId), 200);
  })
  .post('/learn/quizzes/:quizId/attempts', requireUser, validate('param', quizIdParamSchema), validate('json', quizAttemptSchema), async (c) => {
    const user = signedInUser(c);
    const result = await submitAttempt(c.get('platform').db, user, c.req.valid('param').quizId, c.req.valid('json').answers);
    // A certificate this attempt issued is announced (once; decision 0033).
    if (result.certificate && !result.certificate.revoked) await announceCertificate(c.get('platform'), user.id, result.course_id);
    return c.json(result, 201);
  });
