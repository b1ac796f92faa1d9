import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollments, lessonProgress, sessions, users } from '../../../db/schema/index.ts';
import { buyCourse } from '../../../tests/support/commerce-factories.ts';
import { createCourse } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import type { GuestEnrollment } from '../services/learning.ts';
import type { EnrollmentView } from '../../../shared/learning-views.ts';
import type { MyEnrollment, StudentEnrollment } from '../../../shared/enrolment.ts';

describe('enrolment', () => {
  let t: TestApp;
  let student: { user: FactoryUser; token: string };
  let instructor: { user: FactoryUser; token: string };
  let otherInstructor: { user: FactoryUser; token: string };
  let admin: { user: FactoryUser; token: string };
  let free: BuiltCourse;
  let paid: BuiltCourse;

  const enrolmentCount = async (courseId: number, userId?: number) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(enrollments)
      .where(userId === undefined ? eq(enrollments.courseId, courseId) : and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
    return row!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    student = await createSignedInUser(t.db);
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    otherInstructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const adminUser = await createAdmin(t.db);
    admin = { user: adminUser, token: await signIn(t.db, adminUser.id) };
    free = await buildCourse(t.db, { instructorId: instructor.user.id });
    paid = await buildCourse(t.db, { instructorId: instructor.user.id, priceCents: 4900 });
  });
  afterAll(() => t.close());

  describe('POST /api/enrollments', () => {
    it('needs a signed-in user', async () => {
      const res = await t.json('POST', '/api/enrollments', { courseId: free.id });
      expect(res.status).toBe(401);
    });

    it('validates the course id', async () => {
      const res = await t.json('POST', '/api/enrollments', { courseId: 'abc' }, student.token);
      expect(res.status).toBe(400);
      expect(await read<{ validationErrors: Record<string, string[]> }>(res)).toMatchObject({ validationErrors: { courseId: expect.any(Array) } });
    });

    it('enrols in a free published course at once (201), and answers the same enrolment again (200)', async () => {
      const { user, token } = await createSignedInUser(t.db);
      const first = await t.json('POST', '/api/enrollments', { courseId: free.id }, token);
      expect(first.status).toBe(201);
      const created = await read<EnrollmentView>(first);
      expect(created).toMatchObject({ user_id: user.id, course_id: free.id, source: 'free', completed_at: null, last_lesson_id: null });
      const again = await t.json('POST', '/api/enrollments', { courseId: free.id }, token);
      expect(again.status).toBe(200);
      expect((await read<EnrollmentView>(again)).id).toBe(created.id);
      expect(await enrolmentCount(free.id, user.id)).toBe(1);
    });

    it('makes exactly one enrolment under 10 concurrent calls', async () => {
      const { user, token } = await createSignedInUser(t.db);
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.json('POST', '/api/enrollments', { courseId: free.id }, token)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(9);
      const ids = new Set(await Promise.all(answers.map(async (r) => (await read<EnrollmentView>(r)).id)));
      expect(ids.size).toBe(1);
      expect(await enrolmentCount(free.id, user.id)).toBe(1);
    });

    it('sends a paid course to the cart with 402 and writes nothing', async () => {
      const { user, token } = await createSignedInUser(t.db);
      const res = await t.json('POST', '/api/enrollments', { courseId: paid.id }, token);
      expect(res.status).toBe(402);
      expect(await res.json()).toEqual({
        message: 'This course must be purchased before you can enrol.',
        cart: { type: 'COURSE', itemId: paid.id },
      });
      expect(await enrolmentCount(paid.id, user.id)).toBe(0);
    });

    it.each(['draft', 'archived'] as const)('answers 404 for a %s course', async (status) => {
      const course = await buildCourse(t.db, { status });
      const res = await t.json('POST', '/api/enrollments', { courseId: course.id }, student.token);
      expect(res.status).toBe(404);
      expect(await enrolmentCount(course.id)).toBe(0);
    });

    it('answers 404 for an unknown course', async () => {
      const res = await t.json('POST', '/api/enrollments', { courseId: 999_999 }, student.token);
      expect(res.status).toBe(404);
      expect(await read<{ message: string }>(res)).toEqual({ message: 'Course not found' });
    });

    it('lets an admin enrol another user, even in a paid course (source admin)', async () => {
      const learner = await createUser(t.db);
      const res = await t.json('POST', '/api/enrollments', { courseId: paid.id, userId: learner.id }, admin.token);
      expect(res.status).toBe(201);
      expect(await read<EnrollmentView>(res)).toMatchObject({ user_id: learner.id, course_id: paid.id, source: 'admin' });
      // The learner enrolling themselves afterwards gets the existing enrolment, not a 402.
      const own = await t.json('POST', '/api/enrollments', { courseId: paid.id }, await signIn(t.db, learner.id));
      expect(own.status).toBe(200);
    });

    it("refuses the course's own instructor enrolling a user by id, draft or published (403): instructors invite (decision 0013)", async () => {
      const learner = await createUser(t.db);
      const draft = await buildCourse(t.db, { instructorId: instructor.user.id, status: 'draft' });
      for (const course of [paid, free, draft]) {
        const res = await t.json('POST', '/api/enrollments', { courseId: course.id, userId: learner.id }, instructor.token);
        expect(res.status).toBe(403);
        expect(await read<{ message: string }>(res)).toEqual({ message: 'Only an admin can enrol another user directly. Instructors invite learners by email.' });
        expect(await enrolmentCount(course.id, learner.id)).toBe(0);
      }
    });

    it('lets an admin enrol another user directly (source admin)', async () => {
      const learner = await createUser(t.db);
      const res = await t.json('POST', '/api/enrollments', { courseId: paid.id, userId: learner.id }, admin.token);
      expect(res.status).toBe(201);
      expect(await read<EnrollmentView>(res)).toMatchObject({ user_id: learner.id, source: 'admin' });
    });

    it('refuses another instructor, a student and every sub-admin enrolling someone else (403), writing nothing', async () => {
      const learner = await createUser(t.db);
      const subAdmins = await Promise.all(
        (['CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN'] as const).map(async (role) => (await createSignedInUser(t.db, { roles: [role] })).token),
      );
      for (const token of [otherInstructor.token, student.token, ...subAdmins]) {
        const res = await t.json('POST', '/api/enrollments', { courseId: free.id, userId: learner.id }, token);
        expect(res.status).toBe(403);
        expect(await read<{ message: string }>(res)).toEqual({ message: 'Only an admin can enrol another user directly. Instructors invite learners by email.' });
      }
      expect(await enrolmentCount(free.id, learner.id)).toBe(0);
    });

    it('lets an admin enrol themselves in a paid course by naming their own id', async () => {
      const self = await t.json('POST', '/api/enrollments', { courseId: paid.id, userId: admin.user.id }, admin.token);
      expect(self.status).toBe(201);
      expect(await read<EnrollmentView>(self)).toMatchObject({ user_id: admin.user.id, source: 'admin' });
    });

    it('treats a student naming their own id as enrolling themselves (402 for a paid course)', async () => {
      const { user, token } = await createSignedInUser(t.db);
      expect((await t.json('POST', '/api/enrollments', { courseId: paid.id, userId: user.id }, token)).status).toBe(402);
      expect((await t.json('POST', '/api/enrollments', { courseId: free.id, userId: user.id }, token)).status).toBe(201);
    });

    it('answers 404 for an unknown user to enrol', async () => {
      const res = await t.json('POST', '/api/enrollments', { courseId: free.id, userId: 999_999 }, admin.token);
      expect(res.status).toBe(404);
      expect(await read<{ message: string }>(res)).toEqual({ message: 'User not found' });
    });
  });

  describe('POST /api/enrollments/guest', () => {
    const guest = (courseId: number, email: string, extra: Record<string, unknown> = {}) =>
      t.json('POST', '/api/enrollments/guest', { courseId, first_name: 'Ana', last_name: 'Lima', email, password: 'guest-password-1', ...extra });
    const usersWithEmail = async (email: string) => {
      const [row] = await t.db.select({ n: count() }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row!.n;
    };

    it('creates a STUDENT account, enrols it and signs it in', async () => {
      const email = `Ana.Lima+${Date.now()}@Example.com`;
      const res = await guest(free.id, email);
      expect(res.status).toBe(201);
      const body = await read<GuestEnrollment>(res);
      expect(body.user).toMatchObject({ first_name: 'Ana', last_name: 'Lima', email: email.toLowerCase(), role: ['STUDENT'] });
      expect(body.user.username).toMatch(/^ana\.lima/);
      expect(body.enrollment).toMatchObject({ user_id: body.user.id, course_id: free.id, source: 'guest' });
      const me = await t.request('/api/me', { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(me.status).toBe(200);
      expect((await read<{ id: number }>(me)).id).toBe(body.user.id);
      // The new student can learn at once.
      const player = await t.request(`/api/learn/courses/${free.id}`, { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(player.status).toBe(200);
    });

    it('makes the derived username unique', async () => {
      const a = await read<GuestEnrollment>(await guest(free.id, `same.name@one-${Date.now()}.example`));
      const b = await read<GuestEnrollment>(await guest(free.id, `same.name@two-${Date.now()}.example`));
      expect(a.user.username).toBe('same.name');
      expect(b.user.username).toMatch(/^same\.name-\d{6}$/);
    });

    it('refuses an email already registered with 409, creating nothing', async () => {
      const existing = await createUser(t.db, { email: `taken-${Date.now()}@example.com` });
      const before = await t.db.select({ n: count() }).from(users);
      const res = await guest(free.id, existing.email!.toUpperCase());
      expect(res.status).toBe(409);
      expect(await read<{ message: string }>(res)).toEqual({ message: 'An account with this email already exists. Please sign in to enrol.' });
      expect(await t.db.select({ n: count() }).from(users)).toEqual(before);
    });

    it('answers 402 for a paid course without creating anything', async () => {
      const email = `paid-${Date.now()}@example.com`;
      const [sessionsBefore] = await t.db.select({ n: count() }).from(sessions);
      const res = await guest(paid.id, email);
      expect(res.status).toBe(402);
      expect(await res.json()).toEqual({ message: 'This course must be purchased before you can enrol.', cart: { type: 'COURSE', itemId: paid.id } });
      expect(await usersWithEmail(email)).toBe(0);
      expect(await t.db.select({ n: count() }).from(sessions)).toEqual([sessionsBefore]);
    });

    it('answers 404 for a draft course, creating nothing', async () => {
      const draft = await buildCourse(t.db, { status: 'draft' });
      const email = `draft-${Date.now()}@example.com`;
      expect((await guest(draft.id, email)).status).toBe(404);
      expect(await usersWithEmail(email)).toBe(0);
    });

    it('validates the fields with their messages', async () => {
      const res = await t.json('POST', '/api/enrollments/guest', { courseId: free.id, first_name: ' ', last_name: '', email: 'nope', password: 'short' });
      expect(res.status).toBe(400);
      const body = await read<{ validationErrors: Record<string, string[]> }>(res);
      expect(body.validationErrors).toMatchObject({
        first_name: ['First name is required'],
        last_name: ['Last name is required'],
        email: ['Enter a valid email address'],
        password: ['Password must be at least 8 characters'],
      });
    });

    it('makes one account when the same email races', async () => {
      const email = `race-${Date.now()}@example.com`;
      const answers = await Promise.all([guest(free.id, email), guest(free.id, email), guest(free.id, email)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await usersWithEmail(email)).toBe(1);
    });
  });

  describe('GET /api/enrollments', () => {
    it('lists my enrolments with course summary, progress and where to continue', async () => {
      const { user, token } = await createSignedInUser(t.db);
      await t.json('POST', '/api/enrollments', { courseId: free.id }, token);
      await t.db.insert(lessonProgress).values({ userId: user.id, courseId: free.id, lessonId: free.lessons[0]!.id });
      const res = await t.request('/api/enrollments', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const list = await read<MyEnrollment[]>(res);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        course_id: free.id,
        course: { id: free.id, title: free.title, instructor: { id: instructor.user.id, first_name: 'Test', last_name: 'User' } },
        progress_percent: 50,
        completed_lessons: 1,
        total_lessons: 2,
        completed: false,
        resume_lesson_id: free.lessons[1]!.id,
        certificate: null,
      });
    });

    it("lists a course's students for its instructor and an admin, 403 for anyone else", async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await createSignedInUser(t.db, { firstName: 'Lea', lastName: 'Stone' });
      await t.json('POST', '/api/enrollments', { courseId: course.id }, learner.token);
      await t.db.insert(lessonProgress).values({ userId: learner.user.id, courseId: course.id, lessonId: course.lessons[0]!.id });
      for (const token of [instructor.token, admin.token]) {
        const res = await t.request(`/api/enrollments?courseId=${course.id}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        expect(await read<StudentEnrollment[]>(res)).toEqual([
          expect.objectContaining({
            user: expect.objectContaining({ id: learner.user.id, first_name: 'Lea', last_name: 'Stone' }),
            course: { id: course.id, title: course.title },
            progress_percent: 50,
          }),
        ]);
      }
      for (const token of [otherInstructor.token, learner.token]) {
        const res = await t.request(`/api/enrollments?courseId=${course.id}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(403);
      }
    });

    it('lists every student of my courses at /api/instructor/enrollments', async () => {
      const teacher = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
      const a = await buildCourse(t.db, { instructorId: teacher.user.id });
      const b = await buildCourse(t.db, { instructorId: teacher.user.id });
      const learner = await createSignedInUser(t.db);
      await t.json('POST', '/api/enrollments', { courseId: a.id }, learner.token);
      await t.json('POST', '/api/enrollments', { courseId: b.id }, learner.token);
      await t.json('POST', '/api/enrollments', { courseId: free.id }, learner.token);
      const res = await t.request('/api/instructor/enrollments', { headers: { authorization: `Bearer ${teacher.token}` } });
      expect(res.status).toBe(200);
      const list = await read<StudentEnrollment[]>(res);
      expect(list.map((e) => e.course_id).sort()).toEqual([a.id, b.id].sort());
    });
  });

  describe('DELETE /api/enrollments/{id}', () => {
    it("removes an enrolment for the course's instructor or an admin; 403 for the learner and others", async () => {
      const learner = await createSignedInUser(t.db);
      const created = await read<EnrollmentView>(await t.json('POST', '/api/enrollments', { courseId: free.id }, learner.token));
      for (const token of [learner.token, otherInstructor.token]) {
        expect((await t.json('DELETE', `/api/enrollments/${created.id}`, undefined, token)).status).toBe(403);
      }
      const res = await t.json('DELETE', `/api/enrollments/${created.id}`, undefined, instructor.token);
      expect(res.status).toBe(200);
      expect(await enrolmentCount(free.id, learner.user.id)).toBe(0);
      expect((await t.json('DELETE', `/api/enrollments/${created.id}`, undefined, admin.token)).status).toBe(404);
    });

    it('leaves a paid enrolment to an admin: 403 for the instructor, audited for the admin and answered with the order to refund', async () => {
      const buyer = await createSignedInUser(t.db);
      const order = await buyCourse(t, buyer.token, paid.id);
      expect(order.status).toBe('paid');
      const [enrolment] = await t.db.select().from(enrollments).where(and(eq(enrollments.courseId, paid.id), eq(enrollments.userId, buyer.user.id)));
      expect(enrolment!.source).toBe('purchase');

      const refused = await t.json('DELETE', `/api/enrollments/${enrolment!.id}`, undefined, instructor.token);
      expect(refused.status).toBe(403);
      expect(await read<{ message: string }>(refused)).toEqual({
        message: 'Only an admin can remove an enrolment the learner paid for (by an order or a plan), with the refund it may need.',
      });
      expect(await enrolmentCount(paid.id, buyer.user.id)).toBe(1);

      const removed = await t.json('DELETE', `/api/enrollments/${enrolment!.id}`, undefined, admin.token);
      expect(removed.status).toBe(200);
      expect(await removed.json()).toEqual({
        message: 'Enrollment removed',
        refundable_order: { id: order.id, number: order.number, status: 'paid', refundable_cents: order.totalCents, refund_path: `/api/admin/orders/${order.id}/refunds` },
      });
      expect(await enrolmentCount(paid.id, buyer.user.id)).toBe(0);
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'enrollment.delete'), eq(auditLog.entityId, String(enrolment!.id))));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.actorId).toBe(admin.user.id);
      expect(entries[0]!.summary).toContain(`paid by order ${order.number}`);

      // The refund the answer points to goes through the existing route.
      const refund = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: order.totalCents }, admin.token);
      expect(refund.status).toBe(201);
    });

    it('leaves an enrolment that came with a plan to an admin too; an invited one stays the instructor\'s', async () => {
      const planCourse = await createCourse(t.db, { instructorId: instructor.user.id, requiredLevel: 20 });
      const learner = await createSignedInUser(t.db);
      const [viaPlan] = await t.db.insert(enrollments).values({ userId: learner.user.id, courseId: planCourse.id, source: 'free' }).returning();
      expect((await t.json('DELETE', `/api/enrollments/${viaPlan!.id}`, undefined, instructor.token)).status).toBe(403);
      const removed = await t.json('DELETE', `/api/enrollments/${viaPlan!.id}`, undefined, admin.token);
      expect(removed.status).toBe(200);
      expect(await removed.json()).toEqual({ message: 'Enrollment removed', refundable_order: null });

      const [invited] = await t.db.insert(enrollments).values({ userId: learner.user.id, courseId: paid.id, source: 'instructor' }).returning();
      const res = await t.json('DELETE', `/api/enrollments/${invited!.id}`, undefined, instructor.token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'Enrollment removed' });
    });
  });
});
