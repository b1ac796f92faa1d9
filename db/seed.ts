import { count, eq, sql } from 'drizzle-orm';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import { ROLE_NAMES, type RoleName } from '../worker/src/domain/roles.ts';
import { hashPassword, verifyPassword } from '../worker/src/domain/password.ts';
import type { AppEnv } from '../worker/src/platform/env.ts';
import type { Db } from '../worker/src/platform/db.ts';
import { passwordSchema, usernameSchema } from '../worker/src/schemas/auth.ts';
import { grantRoleByUsername } from '../worker/src/services/accounts.ts';
import { ensureDefaultCertificateTemplate } from '../worker/src/services/certificates.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail, type DemoAccount } from './seed-accounts.ts';
import { seedDemoCommunity } from './seed-community.ts';
import { seedDemoConnect } from './seed-connect.ts';
import { seedDemoCourses } from './seed-courses.ts';
import { backfillDemoImages, demoPortraitUrl, seedDemoImageUploads } from './seed-images.ts';
import { seedLearningDemo } from './seed-learning.ts';
import { seedDemoPractice } from './seed-practice.ts';
import { seedDemoStore } from './seed-store.ts';
import { seedDemoSubscriptions } from './seed-subscriptions.ts';
import { ageGroups, categories, levels, roles, sessions, users } from './schema/index.ts';

/** The reference lists: dance class categories, age groups and levels. */
export const DANCE_CATEGORIES = [
  'Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other',
] as const;
export const AGE_GROUPS = [
  'All Ages', 'Toddler (2-4)', 'Children (5-8)', 'Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)', 'Senior (55+)',
] as const;
export const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'] as const;

/** What each role is for, shown on /admin/roles. */
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

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './seed-accounts.ts';

/** Inserts one account with its roles in one batch; an existing name is left as it is. */
async function insertAccount(
  db: Db,
  account: {
    username: string;
    password: string;
    roles: readonly RoleName[];
    firstName?: string;
    lastName?: string;
    email?: string | null;
    bio?: string;
    profileImageUrl?: string | null;
  },
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
        bio: account.bio ?? '',
        profileImageUrl: account.profileImageUrl ?? null,
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
 * Whether this start may create the demo logins, whose shared password the README publishes
 * (decision 0016): only a local demo — no configured admin, demo seeding on, and the embedded
 * database rather than a remote one. Everywhere else demo content gets owners that cannot sign in.
 */
export function demoLoginsAllowed(env: Pick<AppEnv, 'DRX_ADMIN_USERNAME' | 'DRX_SEED' | 'LIBSQL_URL'>): boolean {
  return env.DRX_SEED === 'demo' && !env.DRX_ADMIN_USERNAME && !env.LIBSQL_URL;
}

/** Demo content owners on a deployment keep the roles their content needs, none containing ADMIN. */
const contentRoles = (roles: readonly RoleName[]) => roles.filter((r) => !r.includes('ADMIN'));

/**
 * The demo accounts and content, only on a database without users, so a real installation is
 * never touched. Returns whether it seeded. Two processes starting at once both find the names
 * taken at worst.
 *
 * With `logins: false` (a deployment) the same accounts are made so the content has its owners
 * and instructor pages, but none can sign in: the password hash is a marker no password matches,
 * there is no email to send a reset link to, no role contains ADMIN, and the demo learner's
 * progress and certificate are left out.
 */
export async function seedDemoData(db: Db, options: { logins?: boolean } = {}): Promise<boolean> {
  const logins = options.logins ?? true;
  if ((await userCount(db)) > 0) {
    // A demo seeded before the demo had images gets them now (decision 0019); nothing else changes.
    await backfillDemoImages(db);
    return false;
  }
  // One after another, so every fresh database gives the demo accounts the same ids (the
  // catalog's content hashes, decision 0007, include instructor ids).
  // They share the published demo password, so it is hashed once (scrypt is costly by design).
  const passwordHash = logins ? await hashPassword(DEMO_PASSWORD) : NO_SIGN_IN_PASSWORD_HASH;
  for (const a of DEMO_ACCOUNTS) {
    const person = { ...a, profileImageUrl: demoPortraitUrl(a.username) };
    await insertAccount(
      db,
      logins
        ? { ...person, email: demoEmail(a.username) }
        : { ...person, email: null, roles: contentRoles(a.roles) },
      passwordHash,
    );
  }
  // Courses with modules, lessons and quizzes (each with its cover art), the uploads rows of
  // the covers and portraits (their files are put into the object store by ensureDemoImages),
  // then the demo student's enrolments and certificate.
  await seedDemoCourses(db);
  await seedDemoImageUploads(db);
  if (logins) await seedLearningDemo(db);
  // The practice room (decision 0070): the courses' feedback offers, and the demo learner's takes and feedback.
  await seedDemoPractice(db, { logins });
  // The curriculum store: sellers, resources with files and covers (put into the object store at
  // start by ensureDemoStoreFiles), paid orders, reviews (db/seed-store.ts).
  await seedDemoStore(db);
  // The demo sellers' Educator subscriptions (selling needs the plan, decision 0031); multirole stays free.
  await seedDemoSubscriptions(db);
  // Connect & Book: published instructors, lesson types, hours, packages, bookings and reviews (db/seed-connect.ts).
  await seedDemoConnect(db);
  // The community's questions and answers on a lesson, a resource and a profile (db/seed-community.ts).
  await seedDemoCommunity(db);
  return true;
}

/**
 * On a start where demo logins are not allowed, a database seeded earlier as a local demo may
 * still hold demo accounts with the published password. Those lose it (and any role containing
 * ADMIN, and their sessions); a demo account whose password someone changed is left alone.
 * Returns the names locked.
 */
export async function lockPublicDemoLogins(db: Db): Promise<string[]> {
  const names = DEMO_ACCOUNTS.map((a) => a.username);
  const rows = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`);
  const verdicts = new Map<string, Promise<boolean>>();
  const locked: string[] = [];
  for (const row of rows) {
    if (row.passwordHash === NO_SIGN_IN_PASSWORD_HASH) continue;
    // The demo accounts share one hash: verified once, not once per account.
    if (!verdicts.has(row.passwordHash)) verdicts.set(row.passwordHash, verifyPassword(DEMO_PASSWORD, row.passwordHash));
    if (!(await verdicts.get(row.passwordHash))) continue;
    await db.batch([
      db.update(users).set({ passwordHash: NO_SIGN_IN_PASSWORD_HASH, email: null }).where(eq(users.id, row.id)),
      db.run(sql`DELETE FROM user_roles WHERE user_id = ${row.id} AND role_id IN (SELECT id FROM roles WHERE name LIKE '%ADMIN%')`),
      db.update(sessions).set({ revokedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` }).where(sql`${sessions.userId} = ${row.id} AND ${sessions.revokedAt} IS NULL`),
    ]);
    locked.push(row.username);
  }
  return locked;
}

/** The demo accounts of this database that can sign in (printed at start). */
export async function existingDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const names = DEMO_ACCOUNTS.map((a) => a.username);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(
      sql`lower(${users.username}) IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) AND ${users.passwordHash} <> ${NO_SIGN_IN_PASSWORD_HASH}`,
    );
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

/** Reference data and demo accounts (what `DRX_SEED=demo` does at a local start). */
export async function seedDatabase(db: Db): Promise<void> {
  await seedReferenceData(db);
  await seedDemoData(db);
}

/**
 * The seed of a start or deployment: reference data always; demo data when DRX_SEED=demo, with
 * logins only where `demoLoginsAllowed`; otherwise demo logins left from an earlier demo locked;
 * then the configured admin.
 */
export async function seedForStart(
  db: Db,
  env: Pick<AppEnv, 'DRX_ADMIN_USERNAME' | 'DRX_ADMIN_PASSWORD' | 'DRX_SEED' | 'LIBSQL_URL'>,
  options: { allowDemoLogins?: boolean } = {},
): Promise<{ seeded: boolean; demoLogins: boolean; locked: string[]; admin: { created: boolean; username: string | null } }> {
  const demoLogins = (options.allowDemoLogins ?? true) && demoLoginsAllowed(env);
  await seedReferenceData(db);
  const seeded = env.DRX_SEED === 'demo' ? await seedDemoData(db, { logins: demoLogins }) : false;
  const locked = demoLogins ? [] : await lockPublicDemoLogins(db);
  const admin = await ensureAdminAccount(db, env);
  return { seeded, demoLogins, locked, admin };
}
