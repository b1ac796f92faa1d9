import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema/index.ts';
import { hashPassword } from '../../worker/src/domain/password.ts';
import type { RoleName } from '../../worker/src/domain/roles.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createSession } from '../../worker/src/services/sessions.ts';

/** The password of every factory user unless a test picks one. */
export const DEFAULT_PASSWORD = 'factory-password-1';

let counter = 0;
let defaultHash: Promise<string> | undefined;

/** Unique within the process (counter) and across processes (random suffix); fits the 32-character limit. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix.slice(0, 12)}_${counter}_${randomBytes(4).toString('hex')}`;
}

/** scrypt is slow on purpose: the default password is hashed once per process. */
function passwordHashFor(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

export interface UserOptions {
  username?: string;
  password?: string;
  email?: string | null;
  roles?: readonly RoleName[];
  isActive?: boolean;
  firstName?: string;
  lastName?: string;
  bio?: string;
  profileImageUrl?: string | null;
  subscriptionTier?: string;
  createdAt?: string;
}

export type FactoryUser = UserRow & { password: string; roles: RoleName[] };

/** A user with the given roles (STUDENT by default), written with its role mappings in one batch. */
export async function createUser(db: Db, options: UserOptions = {}): Promise<FactoryUser> {
  const username = options.username ?? uniqueUsername();
  const password = options.password ?? DEFAULT_PASSWORD;
  const roles = [...(options.roles ?? ['STUDENT'])];
  const passwordHash = await passwordHashFor(password);
  const [[row]] = await db.batch([
    db
      .insert(users)
      .values({
        username,
        email: options.email === undefined ? `${username.toLowerCase()}@test.drx.example` : options.email,
        passwordHash,
        firstName: options.firstName ?? 'Test',
        lastName: options.lastName ?? 'User',
        bio: options.bio ?? '',
        profileImageUrl: options.profileImageUrl ?? null,
        subscriptionTier: options.subscriptionTier ?? 'free',
        isActive: options.isActive ?? true,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning(),
    ...roles.map((role) =>
      db.run(sql`INSERT INTO user_roles (user_id, role_id)
        SELECT u.id, r.id FROM users u, roles r WHERE lower(u.username) = lower(${username}) AND r.name = ${role}`),
    ),
  ]);
  return { ...row!, password, roles };
}

export function createAdmin(db: Db, options: Omit<UserOptions, 'roles'> = {}): Promise<FactoryUser> {
  return createUser(db, { firstName: 'Admin', ...options, roles: ['ADMIN'] });
}

/** A bearer token for the user, as login would give. */
export async function signIn(db: Db, userId: number, ttlHours = 24): Promise<string> {
  return (await createSession(db, userId, ttlHours)).token;
}

/** A user and a token of theirs. */
export async function createSignedInUser(db: Db, options: UserOptions = {}): Promise<{ user: FactoryUser; token: string }> {
  const user = await createUser(db, options);
  return { user, token: await signIn(db, user.id) };
}
