import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { loginThrottle } from '../../../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';

/**
 * Sign-in throttling with growing delays, kept in the database so it holds across processes and
 * restarts (decision 0014).
 *
 * Two keys count failures: the account *at one client address* (`user:{name}|ip:{address}`) and
 * the client address alone (`ip:{address}`). Nothing counts an account from everywhere, so a
 * guesser elsewhere cannot lock its owner out. A key's first failures are free; from then on each
 * failure blocks the key for a delay that doubles, up to a cap. A key forgets its failures once
 * its window has passed (and it is not blocked).
 *
 * Each attempt reserves its failure *before* the password is checked, in one conditional upsert
 * per key that only succeeds while the key is not blocked, so concurrent guesses cannot slip past
 * together. A successful sign-in gives its reservation back: the account-at-address key is
 * cleared, the address key is lowered by the attempt that turned out not to be a failure.
 *
 * Only verified failures keep a key blocked (decision 0058): each reservation is also counted in
 * `pending` until its password has been checked. An attempt refused while the key's block may
 * still be lifted by such a pending attempt (concurrent correct sign-ins) waits for those checks
 * and tries again, instead of answering 429 for failures that never happened.
 */
export const THROTTLE_WINDOW_MS = 60 * 60_000;
/** Failures of one account from one address before delays begin. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failures from one address (across accounts) before delays begin. */
export const CLIENT_FREE_FAILURES = 20;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;

export interface ThrottleKeys {
  account: string;
  client: string;
}

interface Reservation {
  key: string;
  failures: number;
  blockedUntil: number;
}

export type LoginAttempt =
  | { allowed: true; keys: ThrottleKeys; account: Reservation; client: Reservation }
  | { allowed: false; retryAfterSeconds: number };

export function throttleKeys(username: string, clientAddress: string): ThrottleKeys {
  const client = `ip:${clientAddress}`;
  return { account: `user:${username.trim().toLowerCase()}|${client}`, client };
}

/** How long a key is blocked after its `failures`-th failure (0 while failures are free). */
export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - freeFailures));
}

function reserve(db: Db, key: string, freeFailures: number, now: number) {
  const windowOver = sql`${loginThrottle.windowStartedAt} <= ${now - THROTTLE_WINDOW_MS}`;
  const counted = sql`(CASE WHEN ${windowOver} THEN 1 ELSE ${loginThrottle.failures} + 1 END)`;
  // The same rule as delayAfter, in SQL: 0 while free, then FIRST_DELAY_MS doubling up to the cap.
  const shift = sql`min(${counted} - ${freeFailures}, 30)`;
  const blockedUntil = sql`CASE WHEN ${counted} >= ${freeFailures} THEN ${now} + min(${MAX_DELAY_MS}, ${FIRST_DELAY_MS} << ${shift}) ELSE 0 END`;
  return db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: freeFailures <= 1 ? now + FIRST_DELAY_MS : 0, pending: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: counted,
        pending: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${loginThrottle.pending} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
        blockedUntil,
      },
      setWhere: sql`${loginThrottle.blockedUntil} <= ${now}`,
    })
    .returning({ key: loginThrottle.key, failures: loginThrottle.failures, blockedUntil: loginThrottle.blockedUntil });
}

/**
 * Takes back one reserved failure. The block the reservation set is lifted while the row still
 * holds what the reservation wrote (before a granted reservation the key was not blocked, so 0
 * restores it), or when the verified failures (those not pending) are below the key's free ones:
 * then the block was set by attempts still being checked and is not owed to verified failures.
 */
function giveBack(db: Db, slot: Reservation, freeFailures: number) {
  const untouched = sql`${loginThrottle.failures} = ${slot.failures} AND ${loginThrottle.blockedUntil} = ${slot.blockedUntil}`;
  const unverified = sql`${loginThrottle.failures} - ${loginThrottle.pending} < ${freeFailures}`;
  return db
    .update(loginThrottle)
    .set({
      failures: sql`max(${loginThrottle.failures} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${untouched} OR ${unverified} THEN 0 ELSE ${loginThrottle.blockedUntil} END`,
      pending: sql`max(${loginThrottle.pending} - 1, 0)`,
    })
    .where(eq(loginThrottle.key, slot.key));
}

/** The reservation's password was checked and was wrong: its failure stays, it is no longer pending. */
function settle(db: Db, key: string) {
  return db
    .update(loginThrottle)
    .set({ pending: sql`max(${loginThrottle.pending} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** Reserves one failure for the attempt on both keys, or says how long the caller must wait. */
export async function beginLoginAttempt(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<LoginAttempt> {
  if (Math.random() < 0.01) await forgetExpired(db, now);
  const [[account], [client]] = await db.batch([
    reserve(db, keys.account, ACCOUNT_FREE_FAILURES, now),
    reserve(db, keys.client, CLIENT_FREE_FAILURES, now),
  ]);
  if (account && client) return { allowed: true, keys, account, client };

  // A refused attempt must not count against the key that still had room.
  if (account) await giveBack(db, account, ACCOUNT_FREE_FAILURES);
  if (client) await giveBack(db, client, CLIENT_FREE_FAILURES);

  const blocked = [...(account ? [] : [keys.account]), ...(client ? [] : [keys.client])];
  const rows = await db
    .select({ blockedUntil: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, blocked));
  const until = Math.max(now, ...rows.map((r) => r.blockedUntil));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
}

/**
 * What blocks the attempt's keys now: nothing ('clear', e.g. a success lifted the block meanwhile),
 * only keys with attempts whose password is still being checked ('pending'), or a key whose block
 * rests on verified failures alone ('verified'). One read; nothing is written.
 */
async function blockOf(db: Db, keys: ThrottleKeys, now: number): Promise<'clear' | 'pending' | 'verified'> {
  const rows = await db
    .select({ blockedUntil: loginThrottle.blockedUntil, pending: loginThrottle.pending })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [keys.account, keys.client]));
  const blocking = rows.filter((r) => r.blockedUntil > now);
  if (blocking.length === 0) return 'clear';
  return blocking.every((r) => r.pending > 0) ? 'pending' : 'verified';
}

/** How long a refused attempt waits in all for pending checks to settle, and how often it looks again. */
export const PENDING_WAIT_MS = 5_000;
const PENDING_POLL_MS = 25;

/**
 * beginLoginAttempt, waiting while the refusal rests on attempts still being checked: once they
 * are settled the block either was lifted (correct passwords) or stands on verified failures.
 * After PENDING_WAIT_MS (a check that never settled, e.g. a process that died) the refusal stands.
 */
export async function awaitLoginAttempt(db: Db, keys: ThrottleKeys, waitMs = PENDING_WAIT_MS): Promise<LoginAttempt> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const attempt = await beginLoginAttempt(db, keys);
    if (attempt.allowed) return attempt;
    // Read (without writing) until the pending checks are settled, then try again.
    let block = await blockOf(db, keys, Date.now());
    while (block === 'pending' && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
      block = await blockOf(db, keys, Date.now());
    }
    if (block !== 'clear') return attempt;
  }
}

/** The password was wrong: both failures stand (and so does any block they set); they are no longer pending. */
export async function loginFailed(db: Db, attempt: Extract<LoginAttempt, { allowed: true }>): Promise<void> {
  await db.batch([settle(db, attempt.keys.account), settle(db, attempt.keys.client)]);
}

/** The password was right: the account at this address starts afresh, the address gets its slot back. */
export async function loginSucceeded(db: Db, attempt: Extract<LoginAttempt, { allowed: true }>): Promise<void> {
  await db.batch([db.delete(loginThrottle).where(eq(loginThrottle.key, attempt.keys.account)), giveBack(db, attempt.client, CLIENT_FREE_FAILURES)]);
}

/** Rows whose window has passed and which block nothing any more. */
export async function forgetExpired(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(and(lte(loginThrottle.windowStartedAt, now - THROTTLE_WINDOW_MS), lte(loginThrottle.blockedUntil, now)));
}

/** Failures counted for a key in its current window (0 when none or when the window has passed). */
export async function failuresOf(db: Db, key: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), sql`${loginThrottle.windowStartedAt} > ${now - THROTTLE_WINDOW_MS}`));
  return row?.failures ?? 0;
}

/** "30 seconds", "1 minute", "15 minutes": a wait as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 of a throttled sign-in, with the wait in Retry-After and in words. */
export function tooManySignInAttempts(retryAfterSeconds: number): AppError {
  return new AppError(429, `Too many failed sign-in attempts. Please try again in ${waitText(retryAfterSeconds)}.`, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
