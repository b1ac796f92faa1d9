import { Hono, type Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { clientAddress } from '../http/client-address.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { changePasswordSchema, forgotPasswordSchema, outboxQuerySchema, resetPasswordSchema } from '../schemas/account.ts';
import { idParamSchema } from '../schemas/users.ts';
import { changePassword } from '../services/accounts.ts';
import { listOutbox } from '../services/outbox.ts';
import { PASSWORD_RESET_DONE, RESET_REQUESTED, requestPasswordReset, resetPassword } from '../services/password-reset.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession, type SessionClient } from '../services/sessions.ts';

export const PASSWORD_CHANGED = 'Your password has been changed. You have been signed out everywhere else.';
export const SESSION_ENDED = 'Signed out of that session';
export const OTHER_SESSIONS_ENDED = 'Signed out everywhere else';

/** The device and address a new session is recorded with (shown on /profile/manage). */
export function sessionClientOf(c: Context<AppContext>): SessionClient {
  return { userAgent: c.req.header('user-agent') ?? null, ipAddress: clientAddress(c) };
}

/** Account recovery and session control (decision 0016). */
export const accountRoutes = new Hono<AppContext>()
  .post('/me/password', requireUser, rateLimit(RATE_LIMITS.passwordChange), validate('json', changePasswordSchema), async (c) => {
    await changePassword(c.get('platform').db, signedInUser(c), c.req.valid('json'));
    return c.json({ message: PASSWORD_CHANGED }, 200);
  })
  .get('/me/sessions', requireUser, async (c) => {
    const { db, env } = c.get('platform');
    const user = signedInUser(c);
    return c.json({ data: await listSessions(db, user.id, user.sessionId, env.SESSION_IDLE_DAYS) }, 200);
  })
  .post('/me/sessions/revoke-others', requireUser, async (c) => {
    const user = signedInUser(c);
    const revoked = await revokeOtherSessions(c.get('platform').db, user.id, user.sessionId);
    return c.json({ message: OTHER_SESSIONS_ENDED, revoked }, 200);
  })
  .delete('/me/sessions/:id', requireUser, validate('param', idParamSchema), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    await revokeOwnSession(c.get('platform').db, user.id, id);
    return c.json({ id, current: id === user.sessionId, message: SESSION_ENDED }, 200);
  })
  .post('/password/forgot', rateLimit(RATE_LIMITS.passwordForgot), validate('json', forgotPasswordSchema), async (c) => {
    await requestPasswordReset(c.get('platform'), c.req.valid('json'));
    return c.json({ message: RESET_REQUESTED }, 202);
  })
  .post('/password/reset', rateLimit(RATE_LIMITS.passwordReset), validate('json', resetPasswordSchema), async (c) => {
    await resetPassword(c.get('platform').db, c.req.valid('json'));
    return c.json({ message: PASSWORD_RESET_DONE }, 200);
  })
  .get('/admin/outbox', requirePermission('outbox.read'), validate('query', outboxQuerySchema), async (c) => {
    return c.json(await listOutbox(c.get('platform').db, c.req.valid('query')), 200);
  });
