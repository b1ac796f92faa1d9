import { and, desc, eq, getTableColumns, gt, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema/index.ts';
import { generateToken, hashToken } from '../domain/tokens.ts';
import { describeDevice } from '../domain/user-agent.ts';
import { notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import type { SessionView } from '../../../shared/sessions.ts';

export const SESSION_NOT_FOUND = 'Session not found';
/** Days without use after which a session ends, unless SESSION_IDLE_DAYS says otherwise. */
export const DEFAULT_IDLE_DAYS = 7;
/** last_seen_at moves forward at most this often, so the hot /api/me path rarely writes. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;
/** Longest user agent kept (headers can be long; people only need the device). */
const USER_AGENT_MAX = 512;

/** What the session list shows so a person can tell their sessions apart. */
export interface SessionClient {
  userAgent?: string | null;
  ipAddress?: string | null;
}

function clientValues(client: SessionClient = {}) {
  return {
    userAgent: client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null,
    ipAddress: client.ipAddress && client.ipAddress !== 'unknown' ? client.ipAddress.slice(0, 64) : null,
  };
}

export async function createSession(
  db: Db,
  userId: number,
  ttlHours: number,
  client?: SessionClient,
): Promise<{ token: string; expiresAt: string; sessionId: number }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000).toISOString();
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt, lastSeenAt: new Date().toISOString(), ...clientValues(client) })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/**
 * Records the device and address of a session made elsewhere (registration creates its session
 * inside the account batch), found by its token.
 */
export async function recordSessionClient(db: Db, token: string, client: SessionClient): Promise<void> {
  await db
    .update(sessions)
    .set({ ...clientValues(client), lastSeenAt: sqlNow })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

function idleCutoff(idleDays: number, now = Date.now()): string {
  return new Date(now - idleDays * 86_400_000).toISOString();
}

/** A session that is neither revoked, expired nor unused for `idleDays`. */
function liveSession(now: string | SQLWrapper, cutoff: string | SQLWrapper) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`, cutoff),
  );
}

/** The user's role mappings ({id, role}, oldest first) as JSON, read with the session in one statement. */
const roleMappingsJson = sql<string>`(SELECT json_group_array(json_object('id', m.id, 'role', m.name)) FROM (
    SELECT ur.id AS id, r.name AS name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
    WHERE ur.user_id = ${users.id} ORDER BY ur.id) m)`;

/**
 * The account a session's requests act as: every column of `users` but the password hash, which
 * only signing in and changing the password read (by themselves), so it is never held with a
 * request's user.
 */
const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);

function prepareFindSession(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      user: sessionUserColumns,
      roleMappings: roleMappingsJson,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        liveSession(sql.placeholder('now'), sql.placeholder('idleCutoff')),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare();
}

/** Built once per database: this query runs on every signed-in request. */
const findSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/**
 * The live session of a token: not revoked, not expired, used within `idleDays`, of an active
 * account, with the user's role mappings (one statement: one round trip on Workers). Its last use
 * moves forward at most every few minutes, with a conditional write.
 */
export async function findSession(db: Db, token: string, idleDays = DEFAULT_IDLE_DAYS) {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const [row] = await query.execute({ tokenHash: hashToken(token), now, idleCutoff: idleCutoff(idleDays, nowMs) });
  if (!row) return null;
  const staleBefore = new Date(nowMs - LAST_SEEN_RESOLUTION_MS).toISOString();
  if ((row.lastSeenAt ?? row.createdAt) < staleBefore) {
    // Two requests at once both pass the check above; the condition lets only one of them write.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt}) < ${staleBefore}`));
  }
  const roleMappings = JSON.parse(row.roleMappings) as { id: number; role: string }[];
  return { sessionId: row.sessionId, user: row.user, expiresAt: row.expiresAt, roleMappings };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sqlNow })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The statement that ends every session of a user, for batches. */
export function revokeAllSessionsStatement(db: Db, userId: number) {
  return db
    .update(sessions)
    .set({ revokedAt: sqlNow })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The statement that ends every session of a user but one, for batches. */
export function revokeOtherSessionsStatement(db: Db, userId: number, keepSessionId: number) {
  return db
    .update(sessions)
    .set({ revokedAt: sqlNow })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await revokeAllSessionsStatement(db, userId);
}

/** "Sign out everywhere else": every session of the user but the one making the request. Returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<number> {
  const result = await revokeOtherSessionsStatement(db, userId, keepSessionId);
  return result.rowsAffected;
}

/** Ends one of the user's own sessions; another user's (or an ended) session is 404, never touched. */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number): Promise<void> {
  const result = await db
    .update(sessions)
    .set({ revokedAt: sqlNow })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  if (result.rowsAffected === 0) throw notFound(SESSION_NOT_FOUND);
}

/** GET /api/me/sessions: the user's live sessions, the current one first, then by last use. */
export async function listSessions(db: Db, userId: number, currentSessionId: number, idleDays = DEFAULT_IDLE_DAYS): Promise<SessionView[]> {
  const now = new Date().toISOString();
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSession(now, idleCutoff(idleDays))))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
  const views = rows.map(
    (s): SessionView => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      user_agent: s.userAgent,
      ip_address: s.ipAddress,
      created_at: s.createdAt,
      last_seen_at: s.lastSeenAt ?? s.createdAt,
      expires_at: s.expiresAt,
      current: s.id === currentSessionId,
    }),
  );
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** A new token with the values its session row stores, for writes that create the session inside a batch. */
export async function newSessionSecret(ttlHours: number): Promise<{ token: string; tokenHash: string; expiresAt: string }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000).toISOString();
  return { token, tokenHash: hashToken(token), expiresAt };
}

