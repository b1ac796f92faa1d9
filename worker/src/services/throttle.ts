import { and, eq, inArray, sql } from 'drizzle-orm';
import { loginThrottle } from '../../../db/schema/index.ts';
import type { Db } from '../platform/db.ts';

/**
 * Sign-in throttling, kept in the database so it holds across processes and restarts.
 *
 * Each attempt first takes a slot in a fixed 15-minute window for its account and its client, in
 * one conditional upsert per key: the counter rises only while it is under the limit (or the
 * window has passed), so RETURNING gives no row once the key is exhausted. Taking the slot before
 * the password is checked means concurrent guesses cannot slip past the limit together. A
 * successful sign-in gives its slots back: the account's counter is cleared, the client's
 * counter is lowered by the one attempt that turned out not to be a failure.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const CLIENT_FAILURE_LIMIT = 20;

export interface ThrottleKeys {
  account: string;
  client: string;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function throttleKeys(username: string, clientIp: string): ThrottleKeys {
  return { account: `user:${username.trim().toLowerCase()}`, client: `ip:${clientIp}` };
}

function takeSlot(db: Db, key: string, limit: number, now: number) {
  const windowOver = sql`${loginThrottle.windowStartedAt} <= ${now - THROTTLE_WINDOW_MS}`;
  return db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
      },
      setWhere: sql`${loginThrottle.failures} < ${limit} OR ${windowOver}`,
    })
    .returning({ failures: loginThrottle.failures });
}

function giveBack(db: Db, key: string) {
  return db
    .update(loginThrottle)
    .set({ failures: sql`max(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** Takes a slot for one sign-in attempt, or says how long the caller must wait. */
export async function beginLoginAttempt(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<ThrottleDecision> {
  const [account, client] = await db.batch([
    takeSlot(db, keys.account, ACCOUNT_FAILURE_LIMIT, now),
    takeSlot(db, keys.client, CLIENT_FAILURE_LIMIT, now),
  ]);
  const accountOk = account.length > 0;
  const clientOk = client.length > 0;
  if (accountOk && clientOk) return { allowed: true };

  // A refused attempt must not count against the key that still had room.
  if (accountOk) await giveBack(db, keys.account);
  if (clientOk) await giveBack(db, keys.client);

  const blocked = [...(accountOk ? [] : [keys.account]), ...(clientOk ? [] : [keys.client])];
  const rows = await db
    .select({ windowStartedAt: loginThrottle.windowStartedAt })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, blocked));
  const until = Math.max(now, ...rows.map((r) => r.windowStartedAt + THROTTLE_WINDOW_MS));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
}

/** The password was right: the account starts afresh and the client gets its slot back. */
export async function loginSucceeded(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.batch([db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account)), giveBack(db, keys.client)]);
}

/** Failures counted for a key in its current window (0 when none or when the window has passed). */
export async function failuresOf(db: Db, key: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), sql`${loginThrottle.windowStartedAt} > ${now - THROTTLE_WINDOW_MS}`));
  return row?.failures ?? 0;
}
