import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { forbidden } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import { invitationSchema } from '../schemas/invitations.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { enrollmentsQuerySchema, enrollSchema, guestEnrollSchema, idParamSchema } from '../schemas/learning.ts';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteLearner,
  listCourseInvitations,
  listMyInvitations,
  listTeachingInvitations,
} from '../services/invitations.ts';
import {
  ENROL_OTHERS_FORBIDDEN,
  enrollGuest,
  enrollOther,
  enrollSelf,
  listCourseEnrollments,
  listMyEnrollments,
  listTeachingEnrollments,
  removeEnrollment,
} from '../services/enrolment.ts';
import { switchedOn } from '../services/settings.ts';
import { announceEnrolment } from '../services/notifications-events.ts';

/**
 * Enrolment: free courses at once, paid ones through the cart, guests with a new account; other
 * people only by an admin (enrollments.enrol_directly) or by an invitation they accept.
 */
export const enrollmentRoutes = new Hono<AppContext>()
  .post('/enrollments/guest', switchedOn('registrations_open'), switchedOn('guest_checkout'), rateLimit(RATE_LIMITS.newAccounts), validate('json', guestEnrollSchema), async (c) => {
    const platform = c.get('platform');
    const result = await enrollGuest(platform.db, c.req.valid('json'), platform.env.SESSION_TTL_HOURS);
    if ('status' in result) return c.json(result.body, 402);
    await announceEnrolment(platform, result.user.id, result.enrollment.course_id, 'guest');
    return c.json(result, 201);
  })
  .post('/enrollments', requireUser, validate('json', enrollSchema), async (c) => {
    const { courseId, userId } = c.req.valid('json');
    const db = c.get('platform').db;
    const actor = signedInUser(c);
    const direct = userId !== undefined && can(actor.roles, 'enrollments.enrol_directly');
    if (userId !== undefined && userId !== actor.id && !direct) throw forbidden(ENROL_OTHERS_FORBIDDEN);
    const result = direct ? await enrollOther(db, actor, courseId, userId) : await enrollSelf(db, actor, courseId);
    if (result.status === 402) return c.json(result.body, 402);
    if (result.status === 201) {
      const enrolled = result.enrollment;
      await announceEnrolment(c.get('platform'), enrolled.user_id, enrolled.course_id, enrolled.source === 'admin' ? 'admin' : 'free');
      return c.json(enrolled, 201);
    }
    return c.json(result.enrollment, 200);
  })
  .get('/enrollments', requireUser, validate('query', enrollmentsQuerySchema), async (c) => {
    const { courseId } = c.req.valid('query');
    const db = c.get('platform').db;
    const user = signedInUser(c);
    if (courseId === undefined) return c.json(await listMyEnrollments(db, user.id), 200);
    return c.json(await listCourseEnrollments(db, user, courseId), 200);
  })
  /** The learners of my courses, with their emails: only the courses I teach. */
  .get('/instructor/enrollments', requirePermission('courses.manage_own'), async (c) => {
    return c.json(await listTeachingEnrollments(c.get('platform').db, signedInUser(c)), 200);
  })
  .delete('/enrollments/:id', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await removeEnrollment(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  // Invitations (decision 0013)
  .post('/courses/:id/invitations', requirePermission('enrollments.invite'), validate('param', idParamSchema), validate('json', invitationSchema), async (c) => {
    const result = await inviteLearner(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').email);
    return c.json(result.invitation, result.created ? 201 : 200);
  })
  .get('/courses/:id/invitations', requirePermission('enrollments.invite'), validate('param', idParamSchema), async (c) => {
    return c.json({ data: await listCourseInvitations(c.get('platform').db, signedInUser(c), c.req.valid('param').id) }, 200);
  })
  .get('/instructor/invitations', requirePermission('enrollments.invite'), async (c) => {
    return c.json({ data: await listTeachingInvitations(c.get('platform').db, signedInUser(c)) }, 200);
  })
  .delete('/invitations/:id', requirePermission('enrollments.invite'), validate('param', idParamSchema), async (c) => {
    return c.json(await cancelInvitation(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .get('/me/invitations', requireUser, async (c) => {
    return c.json({ data: await listMyInvitations(c.get('platform').db, signedInUser(c).id) }, 200);
  })
  .post('/me/invitations/:id/accept', requireUser, validate('param', idParamSchema), async (c) => {
    const user = signedInUser(c);
    const accepted = await acceptInvitation(c.get('platform').db, user.id, c.req.valid('param').id, user);
    await announceEnrolment(c.get('platform'), user.id, accepted.course_id, 'instructor');
    return c.json(accepted, 200);
  })
  .post('/me/invitations/:id/decline', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await declineInvitation(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id), 200);
  });
