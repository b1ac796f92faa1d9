import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createCourseCast, type CourseCast } from '../../../tests/support/course-factories.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import type { InstructorListEntry, InstructorProfile } from './instructors.ts';

type ErrorBody = { message: string };

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

describe('GET /api/instructors', () => {
  it('lists active users with INSTRUCTOR, INSTRUCTOR_ADMIN or COURSE_CREATOR for ADMIN', async () => {
    const inactive = await createUser(t.db, { roles: ['INSTRUCTOR'], isActive: false });
    const res = await t.json('GET', '/api/instructors', undefined, cast.admin.token);
    expect(res.status).toBe(200);
    const { data } = await read<{ data: InstructorListEntry[] }>(res);
    const ids = data.map((i) => i.id);
    for (const who of ['instructor', 'otherInstructor', 'instructorAdmin', 'courseCreator'] as const) expect(ids).toContain(cast[who].user.id);
    for (const who of ['admin', 'student', 'curriculumAdmin'] as const) expect(ids).not.toContain(cast[who].user.id);
    expect(ids).not.toContain(inactive.id);
    expect(data.find((i) => i.id === cast.instructor.user.id)).toEqual({
      id: cast.instructor.user.id,
      username: cast.instructor.user.username,
      first_name: 'Ivan',
      last_name: 'Teacher',
      firstName: 'Ivan',
      lastName: 'Teacher',
      email: cast.instructor.user.email,
      bio: '',
      profile_image_url: null,
    });
  });

  it('loads only for ADMIN', async () => {
    expect((await t.json('GET', '/api/instructors')).status).toBe(401);
    for (const who of ['instructorAdmin', 'instructor', 'student', 'curriculumAdmin'] as const) {
      expect((await t.json('GET', '/api/instructors', undefined, cast[who].token)).status).toBe(403);
    }
  });
});

describe('GET /api/instructors/{id}', () => {
  it("shows an instructor's public profile with their published courses only", async () => {
    const { user } = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Rosa', lastName: 'Lopez', bio: 'Salsa teacher' });
    const published = await createCourse(t.db, { instructorId: user.id });
    await createCourse(t.db, { instructorId: user.id, status: 'draft' });
    const res = await t.json('GET', `/api/instructors/${user.id}`);
    expect(res.status).toBe(200);
    const body = await read<InstructorProfile>(res);
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      first_name: 'Rosa',
      last_name: 'Lopez',
      firstName: 'Rosa',
      lastName: 'Lopez',
      bio: 'Salsa teacher',
      profile_image_url: null,
      course_count: 1,
    });
    expect(body).not.toHaveProperty('email');
    expect(body.courses.map((c) => c.id)).toEqual([published.id]);
  });

  it('shows an admin who teaches a published course', async () => {
    await createCourse(t.db, { instructorId: cast.admin.user.id });
    expect((await t.json('GET', `/api/instructors/${cast.admin.user.id}`)).status).toBe(200);
  });

  it('answers 404 for a user who is not an instructor, an inactive one or an unknown id, and 400 for a bad id', async () => {
    const inactive = await createUser(t.db, { roles: ['INSTRUCTOR'], isActive: false });
    for (const id of [cast.student.user.id, inactive.id, 99999999]) {
      const res = await t.json('GET', `/api/instructors/${id}`);
      expect(res.status).toBe(404);
      expect((await read<ErrorBody>(res)).message).toBe('Instructor not found');
    }
    expect((await t.json('GET', '/api/instructors/abc')).status).toBe(400);
  });
});
