import { sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { Db } from '../platform/db.ts';

/**
 * What an account made on someone's behalf needs (a visitor's free enrolment, a guest checkout):
 * a username from the email, free at the moment of asking, and whether the email has an account.
 */

const USERNAME_MAX = 32;

/** A username from the email's local part: letters, digits, dots, underscores, hyphens; at least 3 characters. */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 20);
  return cleaned.length >= 3 ? cleaned : `student${cleaned ? `.${cleaned}` : ''}`;
}

function randomSuffix(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return String(n).padStart(6, '0');
}

/** The base name when free, else the base with a random number; the unique index still decides at insert. */
export async function freeUsername(db: Db, base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: 4 }, () => `${base}-${randomSuffix()}`.slice(0, USERNAME_MAX))];
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) IN (${sql.join(candidates.map((c) => sql`${c}`), sql`, `)})`);
  const takenSet = new Set(taken.map((t) => t.username.toLowerCase()));
  return candidates.find((c) => !takenSet.has(c)) ?? `${base}-${randomSuffix()}`;
}

/** Whether an account has this email (as written, lower-cased by the schema that read it). */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return Boolean(row);
}
