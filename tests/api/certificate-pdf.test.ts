import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema/index.ts';
import { ensureDefaultCertificateTemplate } from '../../worker/src/services/certificates.ts';
import { createAdmin, createSignedInUser, signIn } from '../support/factories.ts';
import { createCourse, createEnrollment } from '../support/course-factories.ts';
import { pdfPageTexts } from '../support/pdf-text.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * GET /api/certificates/{id}/pdf (decision 0064): the certificate as a one-page A4 landscape PDF
 * to keep — its holder's and staff's only, saved as a file — with the learner, course, code and
 * the verification address in its text.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureDefaultCertificateTemplate(t.db);
});
afterAll(() => t.close());

async function issued() {
  const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
  const learner = await createSignedInUser(t.db, { firstName: 'Maya', lastName: 'Thompson' });
  const course = await createCourse(t.db, { instructorId: instructor.user.id, title: 'Ballet Foundations' });
  await createEnrollment(t.db, learner.user.id, course.id);
  const code = `DRX-${Math.random().toString(36).slice(2, 6).toUpperCase()}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const [row] = await t.db.insert(certificates).values({ code, userId: learner.user.id, courseId: course.id, issuedVia: 'completion' }).returning();
  return { learner, instructor, course, certificate: row! };
}
const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/certificates/{id}/pdf', () => {
  it('the holder gets a one-page A4 landscape PDF with their name, the course, the code and the verification address', async () => {
    const { learner, certificate } = await issued();
    const res = await get(`/api/certificates/${certificate.id}/pdf`, learner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="drx-certificate-${certificate.code}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    const [text] = await pdfPageTexts(bytes);
    expect(text).toContain('Maya Thompson');
    expect(text).toContain('Ballet Foundations');
    expect(text).toContain(`Certificate code: ${certificate.code}`);
    expect(text).toContain(`/verify/${certificate.code}`);
    expect(text).toContain('Instructor: Elena Petrova');
    // The template's line breaks are lines, as the page shows them (never a '?').
    expect(text).not.toContain('?');
  });

  it('staff may download it; another user is refused 403, nobody signed in 401, an unknown id 404', async () => {
    const { instructor, certificate } = await issued();
    const admin = await createAdmin(t.db);
    expect((await get(`/api/certificates/${certificate.id}/pdf`, await signIn(t.db, admin.id))).status).toBe(200);
    expect((await get(`/api/certificates/${certificate.id}/pdf`, instructor.token)).status).toBe(200);
    const stranger = await createSignedInUser(t.db);
    const refused = await get(`/api/certificates/${certificate.id}/pdf`, stranger.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe('You do not have access to this certificate.');
    expect((await get(`/api/certificates/${certificate.id}/pdf`)).status).toBe(401);
    const unknown = await get('/api/certificates/999999/pdf', stranger.token);
    expect(unknown.status).toBe(404);
    expect((await read<ErrorBody>(unknown)).message).toBe('Certificate not found');
    expect((await get('/api/certificates/abc/pdf', stranger.token)).status).toBe(400);
  });

  it('a revoked certificate says so on the page; a name outside the standard fonts still makes a PDF', async () => {
    const { learner, certificate } = await issued();
    const { eq } = await import('drizzle-orm');
    const { users } = await import('../../db/schema/index.ts');
    await t.db.update(users).set({ firstName: 'Zoë', lastName: '李' }).where(eq(users.id, learner.user.id));
    await t.db.update(certificates).set({ revokedAt: new Date().toISOString(), revokedReason: 'Issued in error' }).where(eq(certificates.id, certificate.id));
    const res = await get(`/api/certificates/${certificate.id}/pdf`, learner.token);
    expect(res.status).toBe(200);
    const [text] = await pdfPageTexts(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('REVOKED');
    expect(text).toContain('Zoë ?');
  });
});
