import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, certificateTemplates } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, createUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { answersFor, buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import { ensureDefaultCertificateTemplate } from '../services/certificates.ts';
import { type CertificateSummary, type CertificateView, type VerifyAnswer } from '../../../shared/certificates.ts';
import type { CompletionView } from '../../../shared/learning.ts';

describe('certificates', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };
  let otherInstructor: { user: FactoryUser; token: string };
  let admin: { user: FactoryUser; token: string };

  const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (path: string, body: unknown, token?: string) => t.json('POST', path, body, token);

  /** A learner who enrolled and completed every lesson and quiz through the API, with the certificate issued. */
  async function graduate(course: BuiltCourse, options: Parameters<typeof createSignedInUser>[1] = {}) {
    const learner = await createSignedInUser(t.db, options);
    await post('/api/enrollments', { courseId: course.id }, learner.token);
    let last: CompletionView | null = null;
    for (const lesson of course.lessons) {
      if (lesson.type === 'quiz') {
        for (const quiz of lesson.quizzes) last = await read<CompletionView>(await post(`/api/learn/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz) }, learner.token));
      } else {
        last = await read<CompletionView>(await post(`/api/learn/lessons/${lesson.id}/complete`, {}, learner.token));
      }
    }
    expect(last?.certificate).not.toBeNull();
    return { ...learner, certificate: last!.certificate! };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await ensureDefaultCertificateTemplate(t.db);
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
    otherInstructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const adminUser = await createAdmin(t.db);
    admin = { user: adminUser, token: await signIn(t.db, adminUser.id) };
  });
  afterAll(() => t.close());

  describe('GET /api/certificates and /api/certificates/{id}', () => {
    it('lists mine with course, instructor, date, code and revoked flag', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await graduate(course, { firstName: 'Maya', lastName: 'Thompson' });
      const res = await get('/api/certificates', learner.token);
      expect(res.status).toBe(200);
      expect(await read<CertificateSummary[]>(res)).toEqual([
        expect.objectContaining({
          id: learner.certificate.id,
          code: learner.certificate.code,
          course_title: course.title,
          course: { id: course.id, title: course.title },
          instructor_name: 'Elena Petrova',
          learner_name: 'Maya Thompson',
          issued_at: expect.any(String),
          revoked: false,
          verify_url: `/verify/${learner.certificate.code}`,
        }),
      ]);
    });

    it('gives the full certificate with the rendered default template and a QR code of the absolute verify link', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id, title: 'Tap <Basics>' });
      const learner = await graduate(course, { firstName: 'Maya', lastName: 'Thompson' });
      const res = await t.request(`https://drx.example/api/certificates/${learner.certificate.id}`, {
        headers: { authorization: `Bearer ${learner.token}` },
      });
      expect(res.status).toBe(200);
      const body = await read<CertificateView>(res);
      expect(body).toMatchObject({
        learner_name: 'Maya Thompson',
        course_title: 'Tap <Basics>',
        instructor_name: 'Elena Petrova',
        code: learner.certificate.code,
        verify_url: `/verify/${learner.certificate.code}`,
        // From configuration (PUBLIC_URL, else the configured port), never from the request's host (decision 0016).
        verify_url_absolute: `http://localhost:3000/verify/${learner.certificate.code}`,
        template: {
          title: 'Certificate of Completion',
          primary_color: '#4c1d95',
          accent_color: '#d97706',
          signatory_name: 'DRX Certification Board',
        },
      });
      expect(body.issued_date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(body.template.body_html).toContain('Maya Thompson');
      expect(body.template.body_html).toContain('Tap &lt;Basics&gt;');
      expect(body.template.body_html).toContain(learner.certificate.code);
      expect(body.template.body_text).toContain('Tap <Basics>');
      expect(body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    });

    it("uses the course's own template", async () => {
      const [template] = await t.db
        .insert(certificateTemplates)
        .values({ name: 'Gold', title: 'Diploma in {course}', body: 'Awarded to {learner}.', primaryColor: '#111111', accentColor: '#ffd700', signatoryName: 'Elena' })
        .returning();
      const course = await buildCourse(t.db, { instructorId: instructor.user.id, certificateTemplateId: template!.id });
      const learner = await graduate(course, { firstName: 'Ivo', lastName: 'Ng' });
      const body = await read<CertificateView>(await get(`/api/certificates/${learner.certificate.id}`, learner.token));
      expect(body.template).toMatchObject({ id: template!.id, title: `Diploma in ${course.title}`, body_html: '<p>Awarded to Ivo Ng.</p>', primary_color: '#111111' });
    });

    it("lets the owner, the course's instructor and an admin read it; others 403; unknown 404", async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await graduate(course);
      for (const token of [learner.token, instructor.token, admin.token]) {
        expect((await get(`/api/certificates/${learner.certificate.id}`, token)).status).toBe(200);
      }
      const stranger = await createSignedInUser(t.db);
      for (const token of [stranger.token, otherInstructor.token]) {
        const res = await get(`/api/certificates/${learner.certificate.id}`, token);
        expect(res.status).toBe(403);
      }
      expect((await get('/api/certificates/999999', admin.token)).status).toBe(404);
      expect((await get(`/api/certificates/${learner.certificate.id}`)).status).toBe(401);
    });
  });

  describe('GET /api/certificates/verify/{code}', () => {
    it('confirms a valid code without signing in, forgiving case', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await graduate(course, { firstName: 'Maya', lastName: 'Thompson' });
      const res = await get(`/api/certificates/verify/${learner.certificate.code.toLowerCase()}`);
      expect(res.status).toBe(200);
      expect(await read<VerifyAnswer>(res)).toEqual({
        valid: true,
        code: learner.certificate.code,
        learner: 'Maya Thompson',
        course: course.title,
        instructor: 'Elena Petrova',
        issued_at: expect.any(String),
        issued_date: expect.any(String),
        issued_via: 'completion',
        issued_via_label: 'Earned by completing the course',
      });
    });

    it('says a certificate issued by hand was issued by the instructor, or by the administration', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const byInstructor = await createUser(t.db);
      const byAdmin = await createUser(t.db);
      await createEnrollment(t.db, byInstructor.id, course.id);
      await createEnrollment(t.db, byAdmin.id, course.id);
      const one = await read<CertificateSummary>(await post('/api/certificates', { userId: byInstructor.id, courseId: course.id }, instructor.token));
      const two = await read<CertificateSummary>(await post('/api/certificates', { userId: byAdmin.id, courseId: course.id }, admin.token));
      expect(one.issued_via).toBe('instructor');
      expect(two.issued_via).toBe('admin');
      expect(await read<VerifyAnswer>(await get(`/api/certificates/verify/${one.code}`))).toMatchObject({
        valid: true,
        issued_via: 'instructor',
        issued_via_label: 'Issued by the instructor',
      });
      expect(await read<VerifyAnswer>(await get(`/api/certificates/verify/${two.code}`))).toMatchObject({
        issued_via: 'admin',
        issued_via_label: 'Issued by DRX administration',
      });
    });

    it('denies an unknown or malformed code with 200 and reason not_found', async () => {
      for (const code of ['DRX-000000000000', 'nonsense', encodeURIComponent("' OR 1=1 --")]) {
        const res = await get(`/api/certificates/verify/${code}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ valid: false, reason: 'not_found' });
      }
    });
  });

  describe('revocation (ADMIN)', () => {
    it('revokes; the certificate then fails verification and shows as revoked to its owner', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await graduate(course);
      const res = await post(`/api/certificates/${learner.certificate.id}/revoke`, { reason: 'Issued in error' }, admin.token);
      expect(res.status).toBe(200);
      expect(await read<CertificateSummary>(res)).toMatchObject({ id: learner.certificate.id, revoked: true, revoked_reason: 'Issued in error' });
      // The revoke dialog promises the reason on the verification page: the public answer carries it.
      expect(await (await get(`/api/certificates/verify/${learner.certificate.code}`)).json()).toEqual({
        valid: false,
        reason: 'revoked',
        code: learner.certificate.code,
        course: expect.any(String),
        revoked_at: expect.any(String),
        revoked_date: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
        revoked_reason: 'Issued in error',
      });
      const mine = await read<CertificateSummary[]>(await get('/api/certificates', learner.token));
      expect(mine[0]).toMatchObject({ revoked: true });
      const twice = await post(`/api/certificates/${learner.certificate.id}/revoke`, { reason: 'Again' }, admin.token);
      expect(twice.status).toBe(409);
      expect(await read<{ message: string }>(twice)).toEqual({ message: 'This certificate has already been revoked.' });
    });

    it('is refused to learners, instructors and curriculum admins, needs a reason, and 404s an unknown certificate', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await graduate(course);
      const curriculumAdmin = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
      for (const token of [learner.token, instructor.token, curriculumAdmin.token]) {
        expect((await post(`/api/certificates/${learner.certificate.id}/revoke`, { reason: 'x' }, token)).status).toBe(403);
      }
      const noReason = await post(`/api/certificates/${learner.certificate.id}/revoke`, { reason: '  ' }, admin.token);
      expect(noReason.status).toBe(400);
      expect(await read<{ message: string }>(noReason)).toMatchObject({ message: 'A reason is required' });
      expect((await post('/api/certificates/999999/revoke', { reason: 'x' }, admin.token)).status).toBe(404);
      expect(await (await get(`/api/certificates/verify/${learner.certificate.code}`)).json()).toMatchObject({ valid: true });
    });

    it('lets a course sub-admin revoke certificates of their own courses only (decision 0013)', async () => {
      const subAdmin = await createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] });
      const own = await graduate(await buildCourse(t.db, { instructorId: subAdmin.user.id }));
      const other = await graduate(await buildCourse(t.db, { instructorId: instructor.user.id }));
      const refused = await post(`/api/certificates/${other.certificate.id}/revoke`, { reason: 'x' }, subAdmin.token);
      expect(refused.status).toBe(403);
      expect(await (await get(`/api/certificates/verify/${other.certificate.code}`)).json()).toMatchObject({ valid: true });
      expect((await post(`/api/certificates/${own.certificate.id}/revoke`, { reason: 'Issued in error' }, subAdmin.token)).status).toBe(200);
    });
  });

  describe('POST /api/certificates (issue by hand)', () => {
    it("lets the course's instructor issue once for an enrolled learner; a second time is 409", async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id, priceCents: 2500 });
      const learner = await createUser(t.db, { firstName: 'Noa', lastName: 'Berg' });
      await createEnrollment(t.db, learner.id, course.id);
      const res = await post('/api/certificates', { userId: learner.id, courseId: course.id }, instructor.token);
      expect(res.status).toBe(201);
      const body = await read<CertificateSummary>(res);
      expect(body).toMatchObject({ learner_name: 'Noa Berg', course_title: course.title, issued_by: instructor.user.id, revoked: false });
      expect(body.code).toMatch(/^DRX-[0-9A-HJKMNP-TV-Z]{12}$/);
      const again = await post('/api/certificates', { userId: learner.id, courseId: course.id }, admin.token);
      expect(again.status).toBe(409);
      expect(await read<{ message: string }>(again)).toEqual({ message: 'A certificate has already been issued to this learner for this course.' });
    });

    it('issues one certificate when two issues race', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await createUser(t.db);
      await createEnrollment(t.db, learner.id, course.id);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/api/certificates', { userId: learner.id, courseId: course.id }, instructor.token)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const [row] = await t.db.select({ n: count() }).from(certificates).where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, course.id)));
      expect(row!.n).toBe(1);
    });

    it('needs the learner enrolled in the course (409) and a known template (404)', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await createUser(t.db);
      const notEnrolled = await post('/api/certificates', { userId: learner.id, courseId: course.id }, instructor.token);
      expect(notEnrolled.status).toBe(409);
      expect(await read<{ message: string }>(notEnrolled)).toEqual({ message: 'A certificate can only be issued to a learner enrolled in this course.' });
      expect(await t.db.select().from(certificates).where(eq(certificates.userId, learner.id))).toEqual([]);
      await createEnrollment(t.db, learner.id, course.id);
      const badTemplate = await post('/api/certificates', { userId: learner.id, courseId: course.id, templateId: 999999 }, instructor.token);
      expect(badTemplate.status).toBe(404);
    });

    it('refuses another instructor and a student (403), writing nothing', async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id });
      const learner = await createSignedInUser(t.db);
      await post('/api/enrollments', { courseId: course.id }, learner.token);
      for (const token of [otherInstructor.token, learner.token]) {
        const res = await post('/api/certificates', { userId: learner.user.id, courseId: course.id }, token);
        expect(res.status).toBe(403);
      }
      const [row] = await t.db.select({ n: count() }).from(certificates).where(eq(certificates.courseId, course.id));
      expect(row!.n).toBe(0);
    });
  });

  describe('lists for instructors and admins', () => {
    it('gives an instructor the certificates of their own courses only', async () => {
      const teacher = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
      const mine = await buildCourse(t.db, { instructorId: teacher.user.id });
      const theirs = await buildCourse(t.db, { instructorId: otherInstructor.user.id });
      const a = await graduate(mine);
      await graduate(theirs);
      const res = await get('/api/instructor/certificates', teacher.token);
      expect(res.status).toBe(200);
      expect((await read<CertificateSummary[]>(res)).map((c) => c.id)).toEqual([a.certificate.id]);
    });

    it('lets ADMIN search by code, learner and course; 403 for others', async () => {
      const course = await buildCourse(t.db, { title: `Salsa Rueda ${Date.now()}` });
      const learner = await graduate(course, { firstName: 'Zelda', lastName: 'Quill' });
      const search = async (q: string) =>
        (await read<CertificateSummary[]>(await get(`/api/admin/certificates?q=${encodeURIComponent(q)}`, admin.token))).map((c) => c.id);
      expect(await search(learner.certificate.code.slice(4, 10).toLowerCase())).toEqual([learner.certificate.id]);
      expect(await search('Zelda Quill')).toEqual([learner.certificate.id]);
      expect(await search(course.title)).toEqual([learner.certificate.id]);
      expect(await search('100%_')).toEqual([]);
      const all = await read<CertificateSummary[]>(await get('/api/admin/certificates', admin.token));
      expect(all.length).toBeGreaterThan(1);
      expect((await get('/api/admin/certificates', instructor.token)).status).toBe(403);
    });
  });
});
