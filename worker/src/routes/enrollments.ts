import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { enrollmentsQuerySchema, enrollSchema, guestEnrollSchema, idParamSchema } from '../schemas/learning.ts';
import {
  enrollGuest,
  enrollOther,
  enrollSelf,
  listCourseEnrollments,
  listMyEnrollments,
  listTeachingEnrollments,
  removeEnrollment,
} from '../services/learning.ts';

/** Enrolment (§2 of the courses issue): free courses at once, paid ones through the cart, guests with a new account. */
export const enrollmentRoutes = new Hono<AppContext>()
  .post('/enrollments/guest', validate('json', guestEnrollSchema), async (c) => {
    const { db, env } = c.get('platform');
    const result = await enrollGuest(db, c.req.valid('json'), env.SESSION_TTL_HOURS);
    if ('status' in result) return c.json(result.body, 402);
    return c.json(result, 201);
  })
  .post('/enrollments', requireUser, validate('json', enrollSchema), async (c) => {
    const { courseId, userId } = c.req.valid('json');
    const db = c.get('platform').db;
    const actor = signedInUser(c);
    // With a userId (even one's own), an admin or the course's instructor enrols without payment.
    const result = userId === undefined ? await enrollSelf(db, actor, courseId) : await enrollOther(db, actor, courseId, userId);
    if (result.status === 402) return c.json(result.body, 402);
    if (result.status === 201) return c.json(result.enrollment, 201);
    return c.json(result.enrollment, 200);
  })
  .get('/enrollments', requireUser, validate('query', enrollmentsQuerySchema), async (c) => {
    const { courseId } = c.req.valid('query');
    const db = c.get('platform').db;
    const user = signedInUser(c);
    if (courseId === undefined) return c.json(await listMyEnrollments(db, user.id), 200);
    return c.json(await listCourseEnrollments(db, user, courseId), 200);
  })
  .get('/instructor/enrollments', requireUser, async (c) => {
    return c.json(await listTeachingEnrollments(c.get('platform').db, signedInUser(c)), 200);
  })
  .delete('/enrollments/:id', requireUser, validate('param', idParamSchema), async (c) => {
    await removeEnrollment(c.get('platform').db, signedInUser(c), c.req.valid('param').id);
    return c.json({ message: 'Enrollment removed' as const }, 200);
  });
