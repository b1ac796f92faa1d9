import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { certificates } from '../../../../db/schema/index.ts';
import { expectAdminOnly, useAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { createCourse } from '../../../../tests/support/course-factories.ts';
import { expectBadFilter, fetchCsv, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser } from '../../../../tests/support/factories.ts';
import type { CertificateSummary } from '../../../../shared/certificates.ts';
import { CERTIFICATES_CSV_HEADER } from './certificates.ts';

const app = useAdminTestApp();

const PATH = '/api/admin/certificates/export.csv';
const list = async (q: string) => (await (await app.t.json('GET', `/api/admin/certificates?q=${q}`, undefined, app.adminToken)).json()) as CertificateSummary[];

describe('GET /api/admin/certificates/export.csv', () => {
  it("exports every certificate the list's search selects, in the list's order, with tricky text intact and disarmed", async () => {
    const tag = `cx${Date.now().toString(36)}`;
    const course = await createCourse(app.t.db, { title: `+Tango, "for ${tag}"\nadvanced` });
    const other = await createCourse(app.t.db, { title: 'Salsa basics' });
    const learner = await createUser(app.t.db, { firstName: TRICKY(tag), lastName: 'Smith' });
    const plain = await createUser(app.t.db);
    const [first, second, elsewhere] = await app.t.db
      .insert(certificates)
      .values([
        { code: `A-${tag}`, userId: learner.id, courseId: course.id, issuedAt: '2026-02-01T10:00:00.000Z', revokedAt: '2026-03-01T00:00:00.000Z', revokedReason: '-issued, by "mistake"' },
        { code: `B-${tag}`, userId: plain.id, courseId: course.id, issuedAt: '2026-02-02T10:00:00.000Z', issuedVia: 'admin' },
        { code: `C-x${Date.now()}`, userId: plain.id, courseId: other.id, issuedAt: '2026-02-03T10:00:00.000Z' },
      ])
      .returning();

    const listed = await list(tag);
    expect(listed.map((c) => c.id)).toEqual([second!.id, first!.id]);

    const { header, rows } = await fetchCsv(app.t, `${PATH}?q=${tag}`, app.adminToken, 'certificates');
    expect(header).toEqual(CERTIFICATES_CSV_HEADER);
    expect(rows.map((r) => r[0])).toEqual(listed.map((c) => c.code));
    expect(rows.some((r) => r[0] === elsewhere!.code)).toBe(false);

    const row = rows[1]!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Issued at (UTC)')).toBe('2026-02-01T10:00:00.000Z');
    expect(cell('Issued via')).toBe('completion');
    expect(cell('Learner ID')).toBe(String(learner.id));
    expect(cell('Learner username')).toBe(learner.username);
    expect(cell('Learner name')).toBe(`${TRICKY_READ(tag)} Smith`);
    expect(cell('Course')).toBe(`'+Tango, "for ${tag}"\nadvanced`);
    expect(cell('Revoked')).toBe('yes');
    expect(cell('Revoked at (UTC)')).toBe('2026-03-01T00:00:00.000Z');
    expect(cell('Revocation reason')).toBe(`'-issued, by "mistake"`);
    expect(cell('Verification path')).toBe(listed[1]!.verify_url);
    expect(rows[0]![header.indexOf('Issued via')]).toBe('admin');
  });

  it("holds every match, past the list's first 200", async () => {
    const tag = `many${Date.now().toString(36)}`;
    const course = await createCourse(app.t.db, { title: `Course ${tag}` });
    await app.t.db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 205)
      INSERT INTO users (username, email, password_hash) SELECT ${tag} || '_' || i, ${tag} || '_' || i || '@test.drx.example', 'x' FROM n`);
    await app.t.db.run(sql`INSERT INTO certificates (code, user_id, course_id)
      SELECT 'M-' || u.username, u.id, ${course.id} FROM users u WHERE u.username LIKE ${`${tag}\\_%`} ESCAPE '\\'`);
    expect(await list(tag)).toHaveLength(200);
    const { rows } = await fetchCsv(app.t, `${PATH}?q=${tag}`, app.adminToken, 'certificates');
    expect(rows).toHaveLength(205);
  });

  it('is for certificates.list_all only, and a bad filter is a 400', async () => {
    const instructorAdmin = (await createSignedInUser(app.t.db, { roles: ['INSTRUCTOR_ADMIN'] })).token;
    await expectAdminOnly(app.t, 'GET', PATH, undefined, app.studentToken, [instructorAdmin]);
    await expectBadFilter(app.t, `${PATH}?q=${'x'.repeat(101)}`, app.adminToken, { q: ['Search must be at most 100 characters'] });
  });
});
