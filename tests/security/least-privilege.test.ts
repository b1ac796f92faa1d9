import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, enrollments, roles, userRoles, users } from '../../db/schema/index.ts';
import { createAdmin, createSignedInUser, createUser, type FactoryUser } from '../support/factories.ts';
import { buildCourse } from '../support/learning-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Least privilege (decision 0013), as the attacker tried it: a curriculum admin managing people and itself, an
 * instructor enrolling strangers by id, reading their email and certifying them, and anyone
 * reading an account's email and roles without a token. Each is refused and writes nothing.
 */

let t: TestApp;
let fullAdmin: FactoryUser;
let curriculumAdmin: { user: FactoryUser; token: string };
let instructor: { user: FactoryUser; token: string };

const rolesOf = async (userId: number) =>
  (await t.db.select({ role: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId))).map((r) => r.role);
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  fullAdmin = await createAdmin(t.db, { firstName: 'Grace' });
  curriculumAdmin = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
  instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
});
afterAll(() => t.close());

describe('a curriculum admin', () => {
  it('cannot list users and their emails', async () => {
    const res = await t.json('GET', '/api/users?search=@', undefined, curriculumAdmin.token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain('@');
  });

  it('cannot grant itself INSTRUCTOR, or ADMIN', async () => {
    for (const role of ['INSTRUCTOR', 'ADMIN']) {
      expect((await t.json('POST', `/api/users/${curriculumAdmin.user.id}/roles`, { role }, curriculumAdmin.token)).status).toBe(403);
    }
    expect(await rolesOf(curriculumAdmin.user.id)).toEqual(['CURRICULUM_ADMIN']);
  });

  it("cannot edit the ADMIN's profile, deactivate the ADMIN, or take the ADMIN's role", async () => {
    expect((await t.json('PATCH', `/api/users/${fullAdmin.id}`, { first_name: 'Pwned', bio: 'owned' }, curriculumAdmin.token)).status).toBe(403);
    expect((await t.json('PATCH', `/api/users/${fullAdmin.id}`, { is_active: false }, curriculumAdmin.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/users/${fullAdmin.id}/roles/ADMIN`, undefined, curriculumAdmin.token)).status).toBe(403);
    expect(await row(fullAdmin.id)).toMatchObject({ firstName: 'Grace', bio: '', isActive: true });
    expect(await rolesOf(fullAdmin.id)).toEqual(['ADMIN']);
  });

  it('cannot deactivate an ordinary user either', async () => {
    const victim = await createUser(t.db);
    expect((await t.json('PATCH', `/api/users/${victim.id}`, { is_active: false }, curriculumAdmin.token)).status).toBe(403);
    expect((await row(victim.id)).isActive).toBe(true);
  });
});

describe('an instructor', () => {
  it('cannot enrol a user by id in their draft or published course', async () => {
    const victim = await createUser(t.db);
    for (const status of ['draft', 'published'] as const) {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id, status });
      const res = await t.json('POST', '/api/enrollments', { courseId: course.id, userId: victim.id }, instructor.token);
      expect(res.status).toBe(403);
      expect(await t.db.select().from(enrollments).where(and(eq(enrollments.userId, victim.id), eq(enrollments.courseId, course.id)))).toEqual([]);
    }
  });

  it("cannot read a stranger's email or roles", async () => {
    const victim = await createUser(t.db, { roles: ['STUDENT', 'SELLER'] });
    const body = (await (await t.json('GET', `/api/users/${victim.id}`, undefined, instructor.token)).json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('role');
    expect(JSON.stringify(body)).not.toContain(victim.email!);
  });

  it('cannot issue a verifiable certificate to someone not enrolled in their course', async () => {
    const victim = await createUser(t.db);
    const course = await buildCourse(t.db, { instructorId: instructor.user.id });
    const res = await t.json('POST', '/api/certificates', { userId: victim.id, courseId: course.id }, instructor.token);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'A certificate can only be issued to a learner enrolled in this course.' });
    expect(await t.db.select().from(certificates).where(eq(certificates.userId, victim.id))).toEqual([]);
  });

  it("cannot issue a certificate for someone else's course", async () => {
    const learner = await createUser(t.db);
    const course = await buildCourse(t.db);
    await t.db.insert(enrollments).values({ userId: learner.id, courseId: course.id });
    expect((await t.json('POST', '/api/certificates', { userId: learner.id, courseId: course.id }, instructor.token)).status).toBe(403);
  });
});

describe('anyone without a token', () => {
  it('gets only the public profile of an account: no email, no role list', async () => {
    for (const target of [fullAdmin, curriculumAdmin.user, instructor.user]) {
      const res = await t.json('GET', `/api/users/${target.id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['badges', 'bio', 'first_name', 'id', 'last_name', 'profile_image_url', 'username']);
    }
    const admin = (await (await t.json('GET', `/api/users/${fullAdmin.id}`)).json()) as { badges: string[] };
    expect(admin.badges).toEqual([]);
    const teacher = (await (await t.json('GET', `/api/users/${instructor.user.id}`)).json()) as { badges: string[] };
    expect(teacher.badges).toEqual(['Instructor']);
  });
});
