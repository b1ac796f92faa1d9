import { count, sql } from 'drizzle-orm';
import { ROLE_NAMES, type RoleName } from '../worker/src/domain/roles.ts';
import { hashPassword } from '../worker/src/domain/password.ts';
import type { AppEnv } from '../worker/src/platform/env.ts';
import type { Db } from '../worker/src/platform/db.ts';
import { passwordSchema, usernameSchema } from '../worker/src/schemas/auth.ts';
import { grantRoleByUsername } from '../worker/src/services/accounts.ts';
import { ensureDefaultCertificateTemplate } from '../worker/src/services/certificates.ts';
import { seedDemoCourses } from './seed-courses.ts';
import { seedLearningDemo } from './seed-learning.ts';
import { ageGroups, categories, levels, roles, users } from './schema/index.ts';

/** The enumerations of §3. */
export const DANCE_CATEGORIES = [
  'Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other',
] as const;
export const AGE_GROUPS = [
  'All Ages', 'Toddler (2-4)', 'Children (5-8)', 'Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)', 'Senior (55+)',
] as const;
export const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'] as const;

/** What each role of §6 is for, shown on /admin/roles. */
export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  STUDENT: 'Learner: enrols in courses, buys resources and books instructors',
  PROFESSIONAL: 'Professional dance educator',
  SELLER: 'Sells curriculum resources in the store',
  ADMIN: 'Full administration of the platform',
  CURRICULUM_ADMIN: 'Administers the curriculum store, its resources and sellers',
  INSTRUCTOR: 'Teaches courses and can be booked',
  COURSE_CREATOR: 'Creates certification courses',
  CERTIFICATION_MANAGER: 'Manages certificates and their templates',
  DIRECTORY_MEMBER: 'Listed in the instructor directory',
  BOOKING_PROFESSIONAL: 'Offers sessions through Connect & Book',
  BOOKING_USER: 'Books sessions through Connect & Book',
  INSTRUCTOR_ADMIN: 'Administers courses and instructors',
  COURSE_CREATOR_ADMIN: 'Administers course creation',
  CURRICULUM_SELLER: 'Sells curriculum through the curriculum store',
  GUEST_USER: 'Guest account created at guest enrolment',
  CURRICULUM_OFFICER: 'Reviews curriculum and resources; receives seller payments',
};

/** Idempotent: inserts what is missing, changes nothing that exists. Runs at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.batch([
    db.insert(roles).values(ROLE_NAMES.map((name) => ({ name, description: ROLE_DESCRIPTIONS[name] }))).onConflictDoNothing(),
    db.insert(categories).values(DANCE_CATEGORIES.map((name, position) => ({ name, position }))).onConflictDoNothing(),
    db.insert(ageGroups).values(AGE_GROUPS.map((name, position) => ({ name, position }))).onConflictDoNothing(),
    db.insert(levels).values(LEVELS.map((name, position) => ({ name, position }))).onConflictDoNothing(),
  ]);
  await ensureDefaultCertificateTemplate(db);
}

export const DEMO_PASSWORD = 'drx-demo-2026';

export interface DemoAccount {
  username: string;
  password: string;
  roles: readonly RoleName[];
  firstName: string;
  lastName: string;
  description: string;
}

/** One account per kind of user of §6, listed by the README and printed at start. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'student', password: DEMO_PASSWORD, roles: ['STUDENT'], firstName: 'Maya', lastName: 'Thompson', description: 'Learner: courses, purchases, bookings' },
  { username: 'seller', password: DEMO_PASSWORD, roles: ['SELLER'], firstName: 'Carlos', lastName: 'Rivera', description: 'Sells resources; seller area' },
  { username: 'curriculum_seller', password: DEMO_PASSWORD, roles: ['CURRICULUM_SELLER'], firstName: 'Priya', lastName: 'Nair', description: 'Curriculum seller; multi-dashboard' },
  { username: 'instructor_admin', password: DEMO_PASSWORD, roles: ['INSTRUCTOR_ADMIN', 'INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova', description: 'Instructor and course administrator' },
  { username: 'curriculum_admin', password: DEMO_PASSWORD, roles: ['CURRICULUM_ADMIN'], firstName: 'James', lastName: 'Okafor', description: 'Administers the curriculum store' },
  { username: 'admin', password: DEMO_PASSWORD, roles: ['ADMIN'], firstName: 'Grace', lastName: 'Whitfield', description: 'Platform administrator' },
  { username: 'multirole', password: DEMO_PASSWORD, roles: ['STUDENT', 'SELLER', 'INSTRUCTOR'], firstName: 'Sofia', lastName: 'Marin', description: 'Student, seller and instructor at once' },
];

/** Inserts one account with its roles in one batch; an existing name is left as it is. */
async function insertAccount(
  db: Db,
  account: { username: string; password: string; roles: readonly RoleName[]; firstName?: string; lastName?: string; email?: string | null },
  passwordHash?: string,
) {
  passwordHash ??= await hashPassword(account.password);
  await db.batch([
    db
      .insert(users)
      .values({
        username: account.username,
        email: account.email ?? null,
        passwordHash,
        firstName: account.firstName ?? '',
        lastName: account.lastName ?? '',
      })
      .onConflictDoNothing(),
    ...account.roles.map((role) => grantRoleByUsername(db, account.username, role, passwordHash)),
  ]);
}

async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/**
 * The demo accounts, only on a database without users, so a real installation is never touched.
 * Returns whether it seeded. Two processes starting at once both find the names taken at worst.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  if ((await userCount(db)) > 0) return false;
  // One after another, so every fresh database gives the demo accounts the same ids (the
  // catalog's content hashes, decision 0007, include instructor ids).
  // They share the published demo password, so it is hashed once (scrypt is costly by design).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const a of DEMO_ACCOUNTS) {
    await insertAccount(db, { ...a, email: `${a.username.replace(/_/g, '.')}@demo.drx.example` }, passwordHash);
  }
  // Courses with modules, lessons and quizzes, then the demo student's enrolments and certificate.
  await seedDemoCourses(db);
  await seedLearningDemo(db);
  return true;
}

/** The demo accounts present in this database (printed at start). */
export async function existingDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const names = DEMO_ACCOUNTS.map((a) => a.username);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`);
  const present = new Set(rows.map((r) => r.username.toLowerCase()));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.username));
}

/**
 * DRX_ADMIN_USERNAME / DRX_ADMIN_PASSWORD: creates that ADMIN account when no user has the name,
 * and changes nothing once it exists (not even the password).
 */
export async function ensureAdminAccount(
  db: Db,
  env: Pick<AppEnv, 'DRX_ADMIN_USERNAME' | 'DRX_ADMIN_PASSWORD'>,
): Promise<{ created: boolean; username: string | null }> {
  const rawName = env.DRX_ADMIN_USERNAME;
  const password = env.DRX_ADMIN_PASSWORD;
  if (!rawName || !password) return { created: false, username: null };
  const name = usernameSchema.safeParse(rawName);
  if (!name.success) throw new Error(`DRX_ADMIN_USERNAME: ${name.error.issues[0]?.message}`);
  const pass = passwordSchema.safeParse(password);
  if (!pass.success) throw new Error(`DRX_ADMIN_PASSWORD: ${pass.error.issues[0]?.message}`);
  const username = name.data;
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  if (existing) return { created: false, username };
  await insertAccount(db, { username, password, roles: ['ADMIN'] });
  return { created: true, username };
}

/** Reference data and demo accounts (what `DRX_SEED=demo` does at start). */
export async function seedDatabase(db: Db): Promise<void> {
  await seedReferenceData(db);
  await seedDemoData(db);
}
