import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext, AuthUser } from '../app-context.ts';
import { can, denialMessage, type Action } from '../domain/permissions.ts';
export { PERMISSION_DENIED } from '../domain/permissions.ts';
import { AppError } from '../http/errors.ts';
import { markPersonal } from '../http/public-cache.ts';
import { findSession } from '../services/sessions.ts';
import { roleMappingsOfUser } from '../services/users.ts';
import type { Db } from '../platform/db.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

function bearerToken(header: string | undefined): string | null {
  return header?.match(BEARER)?.[1] ?? null;
}

/** Resolves the bearer token once per request; false when a token was sent but is not valid. */
async function resolveUser(db: Db, authorization: string | undefined, idleDays?: number): Promise<AuthUser | null | false> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const session = await findSession(db, token, idleDays);
  if (!session) return false;
  const mappings = await roleMappingsOfUser(db, session.user.id);
  return {
    id: session.user.id,
    username: session.user.username,
    roles: mappings.map((m) => m.role),
    isActive: session.user.isActive,
    sessionId: session.sessionId,
    row: session.user,
    roleMappings: mappings,
  };
}

/** An answer that read a session (or a token) is never stored as a public one (decision 0021). */
function authorizationOf(c: Context<AppContext>): string | undefined {
  const header = c.req.header('authorization');
  if (header !== undefined) markPersonal(c);
  return header;
}

/** Sets `user` when a valid token is sent; a missing or bad token leaves it null. */
export const optionalUser = createMiddleware<AppContext>(async (c, next) => {
  const user = await resolveUser(c.get('platform').db, authorizationOf(c), c.get('platform').env.SESSION_IDLE_DAYS);
  c.set('user', user || null);
  await next();
});

/** 401 without a user: 'Invalid token' for a bad or expired token (the client then signs in again). */
export const requireUser = createMiddleware<AppContext>(async (c, next) => {
  const user = await resolveUser(c.get('platform').db, authorizationOf(c), c.get('platform').env.SESSION_IDLE_DAYS);
  if (user === false) throw new AppError(401, 'Invalid token');
  if (user === null) throw new AppError(401, 'Authentication required');
  c.set('user', user);
  await next();
});

/**
 * A signed-in user whose roles grant the action in the permission table (decision 0013), else
 * 403. Object rules (own course, ADMIN accounts) are checked by the handler on top.
 */
export function requirePermission(action: Action) {
  return createMiddleware<AppContext>(async (c, next) => {
    // After requireUser the user is already read; otherwise it is read here.
    const user = c.get('user') ?? (await resolveUser(c.get('platform').db, authorizationOf(c), c.get('platform').env.SESSION_IDLE_DAYS));
    if (user === false) throw new AppError(401, 'Invalid token');
    if (user === null) throw new AppError(401, 'Authentication required');
    if (!can(user.roles, action)) throw new AppError(403, denialMessage(action));
    c.set('user', user);
    await next();
  });
}

/** The user set by `requireUser` / `requirePermission`. */
export function signedInUser(c: Context<AppContext>): AuthUser {
  const user = c.get('user');
  if (!user) throw new AppError(401, 'Authentication required');
  return user;
}
