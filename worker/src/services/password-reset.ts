import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../../db/schema/index.ts';
import { canSignIn } from '../domain/content-accounts.ts';
import { hashPassword } from '../domain/password.ts';
import { generateToken, hashToken } from '../domain/tokens.ts';
import { badRequest } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { publicLink } from '../platform/public-url.ts';
import { sendNotificationEmail } from './notifications.ts';
import { revokeAllSessionsStatement } from './sessions.ts';
import { sqlNow } from '../platform/sql-expressions.ts';

/** The one answer to every forgot-password request, whether or not it names an account. */
export const RESET_REQUESTED =
  'If an account matches what you entered, we have sent a link to reset its password. The link works once, within one hour.';
export const RESET_LINK_INVALID = 'This password reset link is not valid. Please request a new one.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please request a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please request a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Links sent to one account per hour at most, so nobody can fill a person's inbox with them. */
export const RESET_LINKS_PER_HOUR = 3;
export const PASSWORD_RESET_KIND = 'password-reset' as const;


/** The active account an email address or a username names, when it can receive a reset link. */
async function resettableAccount(db: Db, input: { email?: string; username?: string }) {
  const conditions = [];
  if (input.email) conditions.push(sql`lower(${users.email}) = lower(${input.email})`);
  if (input.username) conditions.push(sql`lower(${users.username}) = lower(${input.username})`);
  // Someone may type their email into a username field or the other way round.
  const identifier = input.email ?? input.username;
  if (identifier) conditions.push(sql`lower(${users.email}) = lower(${identifier})`, sql`lower(${users.username}) = lower(${identifier})`);
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.isActive, true), sql`(${sql.join(conditions, sql` OR `)})`))
    .limit(1);
  if (!row || !row.email || !canSignIn(row.passwordHash)) return null;
  return row;
}

function resetEmailText(name: string, link: string): string {
  return [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your DRX account. To choose a new password, open this link within one hour:',
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
}

/**
 * POST /api/password/forgot. For an account that can receive it: a single-use token (256 random
 * bits, only its SHA-256 kept) valid for an hour, and its link through the outbox. The caller
 * answers the same either way, so nobody learns which names or addresses have accounts.
 */
export async function requestPasswordReset(platform: Pick<Platform, 'db' | 'env' | 'mailer'>, input: { email?: string; username?: string }): Promise<void> {
  const { db, env } = platform;
  const account = await resettableAccount(db, input);
  if (!account) return;
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, account.id), gt(passwordResetTokens.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= RESET_LINKS_PER_HOUR) return;
  const token = generateToken();
  await db.insert(passwordResetTokens).values({
    userId: account.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
  });
  const link = publicLink(env, `/reset-password?token=${encodeURIComponent(token)}`);
  // A required email (decision 0033): the service sends it whatever the user's other choices.
  await sendNotificationEmail(platform, account.id, PASSWORD_RESET_KIND, {
    to: account.email!,
    subject: 'Reset your DRX password',
    text: resetEmailText(account.firstName || account.username, link),
  });
}

const refused = (message: string) => badRequest(message, { token: [message] });

/** Why a token that could not be claimed is refused. */
async function refusal(db: Db, tokenHash: string): Promise<string> {
  const [row] = await db
    .select({ usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return RESET_LINK_INVALID;
  return row.usedAt ? RESET_LINK_USED : RESET_LINK_EXPIRED;
}

/**
 * POST /api/password/reset. The token is claimed with one conditional UPDATE (unused and not
 * expired), so of two resets racing with the same link exactly one gets it. Then, in one batch,
 * the new password is set, every session of the account ends and its other reset links die.
 */
export async function resetPassword(db: Db, input: { token: string; newPassword: string }): Promise<void> {
  const tokenHash = hashToken(input.token);
  // A cheap look first: a made-up token must not cost the server a (deliberately slow) scrypt hash.
  const [candidate] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date().toISOString()),
      ),
    )
    .limit(1);
  if (!candidate) throw refused(await refusal(db, tokenHash));
  // Hashed before the claim, so a claimed token is used at once.
  const passwordHash = await hashPassword(input.newPassword);
  const claimedAt = new Date().toISOString();
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: claimedAt })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, claimedAt),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) throw refused(await refusal(db, tokenHash));
  const userId = claimed.userId;
  try {
    await db.batch([
      db.update(users).set({ passwordHash, updatedAt: sqlNow }).where(eq(users.id, userId)),
      revokeAllSessionsStatement(db, userId),
      expireResetTokensStatement(db, userId),
    ]);
  } catch (err) {
    // Nothing of the reset was written: give the link back so the person can try again.
    await db
      .update(passwordResetTokens)
      .set({ usedAt: null })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), eq(passwordResetTokens.usedAt, claimedAt)))
      .catch(() => undefined);
    throw err;
  }
}

/** The statement that ends every unused reset link of an account (after a password change). */
export function expireResetTokensStatement(db: Db, userId: number) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: sqlNow })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * The link a guest's new account chooses its password with (decision 0065): a reset token of the
 * same table, kept longer, inserted for the account `userId` names (a subquery, so it can run in the
 * batch that creates the account).
 */
export function setPasswordTokenStatement(db: Db, userId: number | SQL<number>, token: string, days: number) {
  return db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + days * 24 * 60 * 60_000).toISOString(),
  });
}

/** The email with that link, through the outbox (a required email, like a reset). */
export async function sendSetPasswordEmail(
  platform: Pick<Platform, 'db' | 'env' | 'mailer'>,
  account: { id: number; email: string; name: string; username: string },
  token: string,
  days: number,
): Promise<void> {
  const link = publicLink(platform.env, `/reset-password?token=${encodeURIComponent(token)}`);
  await sendNotificationEmail(platform, account.id, PASSWORD_RESET_KIND, {
    to: account.email,
    subject: 'Choose a password for your DRX account',
    text: [
      `Hello ${account.name},`,
      '',
      `Your DRX account (username ${account.username}) was created with your order. To sign in later, choose a password with this link within ${days} days:`,
      '',
      link,
      '',
      'Your receipt comes in a separate email once the payment is confirmed. If you did not place this order, ignore this email.',
    ].join('\n'),
  });
}
