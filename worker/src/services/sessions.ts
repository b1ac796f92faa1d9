import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema/index.ts';
import { generateToken, hashToken } from '../domain/tokens.ts';
import type { Db } from '../platform/db.ts';

export async function createSession(db: Db, userId: number, ttlHours: number): Promise<{ token: string; expiresAt: string }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000).toISOString();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

function prepareFindSession(db: Db) {
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare();
}

/** Built once per database: this query runs on every signed-in request. */
const findSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/** The live session of a token: not revoked, not expired, of an active account. */
export async function findSession(db: Db, token: string) {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** A new token with the values its session row stores, for writes that create the session inside a batch. */
export async function newSessionSecret(ttlHours: number): Promise<{ token: string; tokenHash: string; expiresAt: string }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000).toISOString();
  return { token, tokenHash: hashToken(token), expiresAt };
}
