import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext, AuthUser } from '../app-context.ts';
import { can, denialMessage, type Action } from '../domain/permissions.ts';
export { PERMISSION_DENIED } from '../domain/permissions.ts';
import { AppError } from '../http/errors.ts';
import { markPersonal, versionClockOf } from '../http/public-cache.ts';
import { findSession } from '../services/sessions.ts';
import type { Db } from '../platform/db.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

function bearerToken(header: string | undefined): string | null {
  return header?.match(BEARER)?.[1] ?? null;
}

/**
 * How long a process keeps a signed-in session it read (decision 0021). Ending a session, any
 * change of a user or of their roles moves the `accounts` version (database triggers), which the
 * process reads again after each write it completes and at least every 250 ms: so a sign-out,
 * password change, deactivation or role change counts at once in this process, within 250 ms in
 * the others, and nothing is kept longer than this.
 */
export const SESSION_MEMORY_MS = 1000;
const SESSION_MEMORY_MAX = 10_000;

interface RememberedSession {
  user: AuthUser;
  accounts: number;
  until: number;
}

/** Until when the session read for a request may be kept (ms), when it is kept at all. */
const keptUntil = new WeakMap<Request, number>();

/**
 * Until when an answer made only from the caller's session and account may be reused for the same
 * token (GET /api/me, through `cacheForSession`); undefined when the session is not kept.
 */
export function sessionKeptUntil(c: Context<AppContext>): number | undefined {
  return keptUntil.get(c.req.raw);
}

/** Sessions kept per app (per process on Node, per isolate on Workers), by token. */
const sessionMemories = new WeakMap<object, Map<string, RememberedSession>>();

async function readUser(db: Db, token: string, idleDays?: number): Promise<{ user: AuthUser; expiresAt: string } | null> {
  const session = await findSession(db, token, idleDays);
  if (!session) return null;
  const mappings = session.roleMappings;
  const user: AuthUser = {
    id: session.user.id,
    username: session.user.username,
    roles: mappings.map((m) => m.role),
    isActive: session.user.isActive,
    sessionId: session.sessionId,
    row: session.user,
    roleMappings: mappings,
  };
  return { user, expiresAt: session.expiresAt };
}

/** Resolves the bearer token once per request; false when a token was sent but is not valid. */
async function resolveUser(c: Context<AppContext>, authorization: string | undefined): Promise<AuthUser | null | false> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const { db, env } = c.get('platform');
  const clock = versionClockOf(c);
  // The versions as known now, read before the session: a session kept is never newer than the
  // version it is kept under. Not known (a write just completed): this request reads its session
  // without waiting for them, and the next ones will find them read.
  const known = clock?.fresh();
  // A write forgets the versions when it completes (decision 0021), so only reads start reading them.
  const reads = c.req.method === 'GET' || c.req.method === 'HEAD';
  if (clock && !known && clock.ttlMs > 0 && reads) clock.read(db).catch(() => undefined);
  const accounts = known?.accounts ?? NaN;
  let memory: Map<string, RememberedSession> | undefined;
  // A clock without a TTL (APP_ENV=test) allows no staleness at all: every request reads its session.
  if (clock && clock.ttlMs > 0 && Number.isFinite(accounts)) {
    memory = sessionMemories.get(clock);
    if (!memory) {
      memory = new Map();
      sessionMemories.set(clock, memory);
    }
    const kept = memory.get(token);
    if (kept && kept.accounts === accounts && Date.now() < kept.until) {
      keptUntil.set(c.req.raw, kept.until);
      return kept.user;
    }
  }
  const found = await readUser(db, token, env.SESSION_IDLE_DAYS);
  if (!found) return false;
  if (memory) {
    if (memory.size >= SESSION_MEMORY_MAX) memory.clear();
    const until = Math.min(Date.now() + SESSION_MEMORY_MS, Date.parse(found.expiresAt));
    // Shared by the requests of the next moment: nobody may change it.
    memory.set(token, { user: Object.freeze(found.user), accounts, until });
    keptUntil.set(c.req.raw, until);
  }
  return found.user;
}

/** An answer that read a session (or a token) is never stored as a public one (decision 0021). */
function authorizationOf(c: Context<AppContext>): string | undefined {
  const header = c.req.header('authorization');
  if (header !== undefined) markPersonal(c);
  return header;
}

/** Sets `user` when a valid token is sent; a missing or bad token leaves it null. */
export const optionalUser = createMiddleware<AppContext>(async (c, next) => {
  const user = await resolveUser(c, authorizationOf(c));
  c.set('user', user || null);
  await next();
});

/** 401 without a user: 'Invalid token' for a bad or expired token (the client then signs in again). */
export const requireUser = createMiddleware<AppContext>(async (c, next) => {
  const user = await resolveUser(c, authorizationOf(c));
  if (user === false) throw new AppError(401, 'Invalid token');
  if (user === null) throw new AppError(401, 'Authentication required');
  c.set('user', user);
  await next();
});

/** The action each `requirePermission()` middleware asks for, read by the OpenAPI generator (decision 0033). */
const requiredActions = new WeakMap<object, Action>();

/**
 * A signed-in user whose roles grant the action in the permission table (decision 0013), else
 * 403. Object rules (own course, ADMIN accounts) are checked by the handler on top.
 */
export function requirePermission(action: Action) {
  const middleware = createMiddleware<AppContext>(async (c, next) => {
    // After requireUser the user is already read; otherwise it is read here.
    const user = c.get('user') ?? (await resolveUser(c, authorizationOf(c)));
    if (user === false) throw new AppError(401, 'Invalid token');
    if (user === null) throw new AppError(401, 'Authentication required');
    if (!can(user.roles, action)) throw new AppError(403, denialMessage(action));
    c.set('user', user);
    await next();
  });
  requiredActions.set(middleware, action);
  return middleware;
}

/** The permission action a route handler requires, or undefined when it is not a `requirePermission()` middleware. */
export function requiredActionOf(handler: unknown): Action | undefined {
  return typeof handler === 'function' ? requiredActions.get(handler) : undefined;
}

/** The user set by `requireUser` / `requirePermission`. */
export function signedInUser(c: Context<AppContext>): AuthUser {
  const user = c.get('user');
  if (!user) throw new AppError(401, 'Authentication required');
  return user;
}
