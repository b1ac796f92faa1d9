import { Hono, type Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { clientKey } from '../http/client-address.ts';
import { AppError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { cacheForSession } from '../http/public-cache.ts';
import { requireUser, sessionKeptUntil, signedInUser } from '../middleware/auth.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { loginSchema, registerSchema, updateProfileSchema } from '../schemas/auth.ts';
import { authenticate, register, updateUserFields } from '../services/accounts.ts';
import { recordSessionClient, revokeSession } from '../services/sessions.ts';
import { sessionClientOf } from './account.ts';
import { loadUserView, toUserView } from '../services/users.ts';
import { type UserView } from '../../../shared/users.ts';
import { switchedOn } from '../services/settings.ts';

/**
 * The signed-in user as read with the session by the auth middleware. The answer depends on the
 * session and the account alone: kept for this token a moment (decision 0021).
 */
function signedInView(c: Context<AppContext>): UserView {
  const user = signedInUser(c);
  const until = sessionKeptUntil(c);
  if (until !== undefined) cacheForSession(c, until);
  return toUserView(user.row, user.roleMappings);
}

async function currentUserView(c: Context<AppContext>): Promise<UserView> {
  const user = await loadUserView(c.get('platform').db, signedInUser(c).id);
  if (!user) throw new AppError(401, 'Invalid token');
  return user;
}

export const authRoutes = new Hono<AppContext>()
  .post('/register', switchedOn('registrations_open'), rateLimit(RATE_LIMITS.newAccounts), validate('json', registerSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, env } = c.get('platform');
    const body = await register(
      db,
      { username: input.username, password: input.password, email: input.email, firstName: input.first_name, lastName: input.last_name },
      env.SESSION_TTL_HOURS,
    );
    await recordSessionClient(db, body.access_token, sessionClientOf(c));
    return c.json(body, 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { db, env } = c.get('platform');
    const body = await authenticate(db, c.req.valid('json'), clientKey(c), env.SESSION_TTL_HOURS);
    await recordSessionClient(db, body.access_token, sessionClientOf(c));
    return c.json(body, 200);
  })
  .post('/logout', requireUser, async (c) => {
    await revokeSession(c.get('platform').db, signedInUser(c).sessionId);
    return c.json({ message: 'Logged out' as const }, 200);
  })
  .get('/me', requireUser, (c) => c.json(signedInView(c), 200))
  .get('/user', requireUser, (c) => c.json(signedInView(c), 200))
  .patch('/me', requireUser, validate('json', updateProfileSchema), async (c) => {
    const input = c.req.valid('json');
    await updateUserFields(c.get('platform').db, signedInUser(c).id, {
      firstName: input.first_name,
      lastName: input.last_name,
      bio: input.bio,
      profileImageUrl: input.profile_image_url,
    });
    return c.json(await currentUserView(c), 200);
  });
