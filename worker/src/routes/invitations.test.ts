import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInvitations, emailOutbox, enrollments } from '../../../db/schema/index.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import type { InvitationView, MyInvitation } from '../../../shared/invitations.ts';
import type { StudentEnrollment } from '../../../shared/enrolment.ts';

type Signed = { user: FactoryUser; token: string };

describe('course invitations (decision 0013)', () => {
  let t: TestApp;
  let instructor: Signed;
  let otherInstructor: Signed;
  let admin: Signed;
  let course: BuiltCourse;

  const invite = (courseId: number, email: string, token?: string) => t.json('POST', `/api/courses/${courseId}/invitations`, { email }, token);
  const mine = async (token: string) => (await read<{ data: MyInvitation[] }>(await t.json('GET', '/api/me/invitations', undefined, token))).data;
  const enrolled = async (userId: number, courseId: number) =>
    (await t.db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))))[0];

  beforeAll(async () => {
    t = await createTestApp();
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
    otherInstructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const adminUser = await createAdmin(t.db);
    admin = { user: adminUser, token: await signIn(t.db, adminUser.id) };
    course = await buildCourse(t.db, { instructorId: instructor.user.id, priceCents: 4900 });
  });
  afterAll(() => t.close());

  it('invites by email (201), queues an email, and the learner sees it, accepts and is enrolled (source instructor)', async () => {
    const learner = await createSignedInUser(t.db, { email: `Mixed.Case.${Date.now()}@Example.com` });
    const res = await invite(course.id, learner.user.email!.toUpperCase(), instructor.token);
    expect(res.status).toBe(201);
    const invitation = await read<InvitationView>(res);
    expect(invitation).toMatchObject({ course: { id: course.id, title: course.title }, email: learner.user.email!.toLowerCase(), status: 'pending' });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, learner.user.email!.toLowerCase()));
    expect(mail).toMatchObject({ kind: 'course-invitation' });
    expect(mail!.textBody).toContain('/my-courses');

    expect(await enrolled(learner.user.id, course.id)).toBeUndefined();
    const list = await mine(learner.token);
    expect(list).toEqual([expect.objectContaining({ id: invitation.id, course: expect.objectContaining({ id: course.id }), invited_by: { id: instructor.user.id, name: 'Elena Petrova' } })]);

    const accepted = await t.json('POST', `/api/me/invitations/${invitation.id}/accept`, undefined, learner.token);
    expect(accepted.status).toBe(200);
    expect(await enrolled(learner.user.id, course.id)).toMatchObject({ source: 'instructor' });
    expect(await mine(learner.token)).toEqual([]);
    const again = await t.json('POST', `/api/me/invitations/${invitation.id}/accept`, undefined, learner.token);
    expect(again.status).toBe(409);

    const students = await read<StudentEnrollment[]>(await t.json('GET', '/api/instructor/enrollments', undefined, instructor.token));
    expect(students.find((s) => s.user_id === learner.user.id)?.user.email).toBe(learner.user.email);
    const invitations = await read<{ data: InvitationView[] }>(await t.json('GET', '/api/instructor/invitations', undefined, instructor.token));
    expect(invitations.data.find((i) => i.id === invitation.id)).toMatchObject({ status: 'accepted' });
  });

  it('lets the learner decline; nothing is enrolled, and a new invitation re-opens it', async () => {
    const learner = await createSignedInUser(t.db);
    const invitation = await read<InvitationView>(await invite(course.id, learner.user.email!, instructor.token));
    const declined = await t.json('POST', `/api/me/invitations/${invitation.id}/decline`, undefined, learner.token);
    expect(declined.status).toBe(200);
    expect(await enrolled(learner.user.id, course.id)).toBeUndefined();
    expect(await mine(learner.token)).toEqual([]);
    const reopened = await invite(course.id, learner.user.email!, instructor.token);
    expect(reopened.status).toBe(201);
    expect(await read<InvitationView>(reopened)).toMatchObject({ id: invitation.id, status: 'pending' });
    // A second invitation while one is pending changes nothing (200).
    expect((await invite(course.id, learner.user.email!, instructor.token)).status).toBe(200);
  });

  it("keeps someone else's invitation out of reach (404) and writes nothing", async () => {
    const learner = await createSignedInUser(t.db);
    const intruder = await createSignedInUser(t.db);
    const invitation = await read<InvitationView>(await invite(course.id, learner.user.email!, instructor.token));
    for (const action of ['accept', 'decline']) {
      const res = await t.json('POST', `/api/me/invitations/${invitation.id}/${action}`, undefined, intruder.token);
      expect(res.status).toBe(404);
    }
    expect(await enrolled(intruder.user.id, course.id)).toBeUndefined();
    expect((await t.db.select().from(courseInvitations).where(eq(courseInvitations.id, invitation.id)))[0]).toMatchObject({ status: 'pending' });
  });

  it('refuses another instructor, a student and the curriculum admin (403); an admin may invite to any course', async () => {
    const student = await createSignedInUser(t.db);
    const curriculumAdmin = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    for (const token of [otherInstructor.token, student.token, curriculumAdmin.token]) {
      const res = await invite(course.id, 'someone@example.com', token);
      expect(res.status).toBe(403);
      expect((await t.json('GET', `/api/courses/${course.id}/invitations`, undefined, token)).status).toBe(403);
    }
    expect((await invite(course.id, 'admin-invited@example.com', admin.token)).status).toBe(201);
  });

  it('takes drafts (a pilot), refuses archived courses (409) and learners already enrolled (409)', async () => {
    const draft = await buildCourse(t.db, { instructorId: instructor.user.id, status: 'draft' });
    const archived = await buildCourse(t.db, { instructorId: instructor.user.id, status: 'archived' });
    const learner = await createSignedInUser(t.db);
    expect((await invite(draft.id, learner.user.email!, instructor.token)).status).toBe(201);
    const refused = await invite(archived.id, learner.user.email!, instructor.token);
    expect(refused.status).toBe(409);
    expect(await read<ErrorBody>(refused)).toEqual({ message: 'This course is archived and cannot take new learners.' });
    await createEnrollment(t.db, learner.user.id, course.id);
    expect((await invite(course.id, learner.user.email!, instructor.token)).status).toBe(409);
  });

  it('validates the email and the course (400, 404)', async () => {
    const bad = await invite(course.id, 'not-an-email', instructor.token);
    expect(bad.status).toBe(400);
    expect(await read<ErrorBody>(bad)).toMatchObject({ validationErrors: { email: expect.any(Array) } });
    expect((await invite(999_999, 'a@example.com', instructor.token)).status).toBe(404);
    expect((await invite(course.id, 'a@example.com')).status).toBe(401);
  });

  it('lets the instructor withdraw a pending invitation', async () => {
    const learner = await createSignedInUser(t.db);
    const invitation = await read<InvitationView>(await invite(course.id, learner.user.email!, instructor.token));
    expect((await t.json('DELETE', `/api/invitations/${invitation.id}`, undefined, otherInstructor.token)).status).toBe(403);
    const res = await t.json('DELETE', `/api/invitations/${invitation.id}`, undefined, instructor.token);
    expect(res.status).toBe(200);
    expect(await read<InvitationView>(res)).toMatchObject({ status: 'cancelled' });
    expect(await mine(learner.token)).toEqual([]);
    expect((await t.json('POST', `/api/me/invitations/${invitation.id}/accept`, undefined, learner.token)).status).toBe(409);
  });
});
