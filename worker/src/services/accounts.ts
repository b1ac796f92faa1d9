import { and, eq, sql } from 'drizzle-orm';
import { roles, sessions, userRoles, users, type UserRow } from '../../../db/schema/index.ts';
import type { RoleName } from '../domain/roles.ts';
import { hashPassword, verifyPassword } from '../domain/password.ts';
import { AppError, conflict } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { uniqueViolation } from './db-errors.ts';
import { expireResetTokensStatement } from './password-reset.ts';
import { createSession, newSessionSecret, revokeOtherSessionsStatement } from './sessions.ts';
import { awaitLoginAttempt, loginFailed, loginSucceeded, throttleKeys, tooManySignInAttempts } from './throttle.ts';
import { loadUserView } from './users.ts';
import { type UserView } from '../../../shared/users.ts';

export const USERNAME_TAKEN = 'Username already exists';
export const EMAIL_TAKEN = 'Email already exists';
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';

export interface NewAccount {
  username: string;
  password: string;
  email?: string | null;
  firstName?: string;
  lastName?: string;
  roles?: readonly RoleName[];
}

export interface SignedIn {
  access_token: string;
  user: UserView;
}

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(byUsername(username)).limit(1);
  return row ?? null;
}

/**
 * The statement that gives a user (found by name, so it can run in the same batch as the insert) a
 * role. With `passwordHash` (salted, so unique) it only applies to the account that batch inserted,
 * never to an older account of the same name.
 */
export function grantRoleByUsername(db: Db, username: string, role: RoleName, passwordHash?: string) {
  return db
    .insert(userRoles)
    .select(
      db
        .select(insertSelection(userRoles, { userId: users.id, roleId: roles.id }))
        .from(users)
        .innerJoin(roles, eq(roles.name, role))
        .where(and(byUsername(username), passwordHash === undefined ? undefined : eq(users.passwordHash, passwordHash))),
    )
    .onConflictDoNothing();
}

/**
 * The statement that opens a session for the account named `username` (found by name, so it can run
 * in the same batch as the insert of the account), only that account when `passwordHash` is given.
 */
export function sessionForUsernameStatement(db: Db, username: string, session: { tokenHash: string; expiresAt: string }, passwordHash?: string) {
  return db.insert(sessions).select(
    db
      .select(insertSelection(sessions, { userId: users.id, tokenHash: session.tokenHash, expiresAt: session.expiresAt }))
      .from(users)
      .where(and(byUsername(username), passwordHash === undefined ? undefined : eq(users.passwordHash, passwordHash))),
  );
}

function conflictOf(err: unknown): AppError | null {
  const index = uniqueViolation(err);
  if (index === 'users_username_unique') return conflict(USERNAME_TAKEN);
  if (index === 'users_email_unique') return conflict(EMAIL_TAKEN);
  return null;
}

/**
 * Creates an account with its roles, and a session when `sessionTtlHours` is given, in one batch:
 * either all of it is written or none. A name taken meanwhile (two sign-ups racing) ends in the
 * unique index and answers 409 like a name taken before.
 */
export async function createAccount(db: Db, account: NewAccount, sessionTtlHours?: number): Promise<{ id: number; token: string | null }> {
  const email = account.email ? account.email.toLowerCase() : null;
  // Cheap early answers for the usual case; the unique indexes decide races.
  if (await findUserByUsername(db, account.username)) throw conflict(USERNAME_TAKEN);
  if (email) {
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (taken) throw conflict(EMAIL_TAKEN);
  }
  const passwordHash = await hashPassword(account.password);
  const session = sessionTtlHours === undefined ? null : await newSessionSecret(sessionTtlHours);
  const roleStatements = (account.roles ?? ['STUDENT']).map((role) => grantRoleByUsername(db, account.username, role));
  const sessionStatement = session ? [sessionForUsernameStatement(db, account.username, session)] : [];
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({
          username: account.username,
          email,
          passwordHash,
          firstName: account.firstName ?? '',
          lastName: account.lastName ?? '',
        })
        .returning({ id: users.id }),
      ...roleStatements,
      ...sessionStatement,
    ]);
    return { id: inserted[0]!.id, token: session?.token ?? null };
  } catch (err) {
    throw conflictOf(err) ?? err;
  }
}

/** POST /api/register: a STUDENT account, signed in at once. */
export async function register(db: Db, account: Omit<NewAccount, 'roles'>, sessionTtlHours: number): Promise<SignedIn> {
  const { id, token } = await createAccount(db, { ...account, roles: ['STUDENT'] }, sessionTtlHours);
  const user = await loadUserView(db, id);
  if (!user || !token) throw new Error('The new account could not be read back');
  return { access_token: token, user };
}

let dummyHash: Promise<string> | undefined;

/** A hash no password matches, checked for unknown names so they take as long as known ones. */
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${crypto.randomUUID()}`);
  return dummyHash;
}

/**
 * POST /api/login. The throttle is asked first and, when it refuses, the password is not checked
 * at all. A deactivated account is told so only after its password proved right.
 */
export async function authenticate(
  db: Db,
  credentials: { username: string; password: string },
  clientIp: string,
  sessionTtlHours: number,
): Promise<SignedIn> {
  const attempt = await awaitLoginAttempt(db, throttleKeys(credentials.username, clientIp));
  if (!attempt.allowed) throw tooManySignInAttempts(attempt.retryAfterSeconds);
  let ok = false;
  let row: UserRow | null;
  try {
    row = await findUserByUsername(db, credentials.username);
    // The hash is checked even without an account, so the answer takes as long either way.
    const verified = await verifyPassword(credentials.password, row?.passwordHash ?? (await timingDummyHash()));
    ok = !!row && verified;
  } finally {
    // Only a verified failure keeps counting (decision 0058); an attempt that broke off counts as one.
    if (!ok) await loginFailed(db, attempt);
  }
  if (!row || !ok) throw new AppError(401, INVALID_CREDENTIALS);
  await loginSucceeded(db, attempt);
  if (!row.isActive) throw new AppError(403, ACCOUNT_DEACTIVATED);
  const { token } = await createSession(db, row.id, sessionTtlHours);
  const user = await loadUserView(db, row.id);
  if (!user) throw new AppError(401, INVALID_CREDENTIALS);
  return { access_token: token, user };
}

export type ProfileChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'bio' | 'profileImageUrl' | 'isActive'>>;

/** Writes the given fields (only those) and the update time. */
export async function updateUserFields(db: Db, id: number, changes: ProfileChanges): Promise<boolean> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ProfileChanges;
  const result = await db
    .update(users)
    .set({ ...set, updatedAt: sqlNow })
    .where(eq(users.id, id));
  return result.rowsAffected > 0;
}

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * POST /api/me/password: the current password proves it is the owner, not someone at an unlocked
 * screen. The new hash, the end of every other session and of any pending reset link are one batch.
 */
export async function changePassword(
  db: Db,
  actor: { id: number; sessionId: number },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id)).limit(1);
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError(400, CURRENT_PASSWORD_WRONG, { validationErrors: { currentPassword: [CURRENT_PASSWORD_WRONG] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: sqlNow })
      .where(eq(users.id, actor.id)),
    revokeOtherSessionsStatement(db, actor.id, actor.sessionId),
    expireResetTokensStatement(db, actor.id),
  ]);
}
