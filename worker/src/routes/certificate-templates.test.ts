import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateTemplates, courses } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import type { TemplateListItem } from '../../../shared/certificate-templates.ts';
import { ensureDefaultCertificateTemplate } from '../services/certificates.ts';
import { type RenderedTemplate } from '../../../shared/certificates.ts';

const fields = {
  name: 'Royal',
  title: 'Certificate of {course}',
  body: 'Presented to {learner} by {instructor} on {date}. Code {code}.',
  primary_color: '#1E3A8A',
  accent_color: '#b45309',
  signatory_name: 'Elena Petrova',
  signatory_title: 'Head of Faculty',
};

describe('certificate templates', () => {
  let t: TestApp;
  let defaultId: number;
  let instructor: { user: FactoryUser; token: string };
  let otherInstructor: { user: FactoryUser; token: string };
  let adminToken: string;
  let student: { user: FactoryUser; token: string };

  const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const create = (token: string, body: Record<string, unknown> = fields) => t.json('POST', '/api/certificate-templates', body, token);

  beforeAll(async () => {
    t = await createTestApp();
    defaultId = await ensureDefaultCertificateTemplate(t.db);
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    otherInstructor = await createSignedInUser(t.db, { roles: ['COURSE_CREATOR'] });
    adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
    student = await createSignedInUser(t.db);
  });
  afterAll(() => t.close());

  it('keeps exactly one default template however often it is ensured', async () => {
    await Promise.all([ensureDefaultCertificateTemplate(t.db), ensureDefaultCertificateTemplate(t.db)]);
    const rows = await t.db.select().from(certificateTemplates).where(eq(certificateTemplates.isDefault, true));
    expect(rows.map((r) => r.id)).toEqual([defaultId]);
  });

  it('lists templates for instructors and admins, the default first; 403 for a student, 401 signed out', async () => {
    for (const token of [instructor.token, adminToken]) {
      const res = await get('/api/certificate-templates', token);
      expect(res.status).toBe(200);
      const list = await read<TemplateListItem[]>(res);
      expect(list[0]).toMatchObject({ id: defaultId, is_default: true, name: 'DRX default' });
    }
    const refused = await get('/api/certificate-templates', student.token);
    expect(refused.status).toBe(403);
    expect(await read<{ message: string }>(refused)).toEqual({ message: 'Only instructors and admins can design certificate templates.' });
    expect((await get('/api/certificate-templates')).status).toBe(401);
  });

  it('creates a template (201) with lower-cased colours, owned by its creator', async () => {
    const res = await create(instructor.token);
    expect(res.status).toBe(201);
    expect(await read<TemplateListItem>(res)).toMatchObject({
      ...fields,
      primary_color: '#1e3a8a',
      is_default: false,
      created_by: instructor.user.id,
      can_edit: true,
    });
    expect((await create(student.token)).status).toBe(403);
  });

  it('validates the fields with their messages', async () => {
    const res = await create(instructor.token, { ...fields, name: '', body: '', primary_color: 'red', accent_color: '#12345' });
    expect(res.status).toBe(400);
    expect((await read<{ validationErrors: Record<string, string[]> }>(res)).validationErrors).toEqual({
      name: ['Name is required'],
      body: ['Wording is required'],
      primary_color: ['Primary colour must be a colour like #4c1d95'],
      accent_color: ['Accent colour must be a colour like #4c1d95'],
    });
  });

  it('lets only the creator or ADMIN change a template', async () => {
    const created = await read<TemplateListItem>(await create(instructor.token));
    const path = `/api/certificate-templates/${created.id}`;
    const refused = await t.json('PATCH', path, { name: 'Mine now' }, otherInstructor.token);
    expect(refused.status).toBe(403);
    expect(await read<{ message: string }>(refused)).toEqual({ message: 'Only the creator of this template or an admin can change it.' });
    const byCreator = await t.json('PATCH', path, { name: 'Royal blue' }, instructor.token);
    expect(byCreator.status).toBe(200);
    expect(await read<TemplateListItem>(byCreator)).toMatchObject({ name: 'Royal blue', title: fields.title });
    const byAdmin = await t.json('PATCH', path, { accent_color: '#000000' }, adminToken);
    expect(await read<TemplateListItem>(byAdmin)).toMatchObject({ name: 'Royal blue', accent_color: '#000000' });
    const list = await read<TemplateListItem[]>(await get('/api/certificate-templates', otherInstructor.token));
    expect(list.find((x) => x.id === created.id)).toMatchObject({ can_edit: false });
    expect((await t.json('PATCH', '/api/certificate-templates/999999', { name: 'x' }, adminToken)).status).toBe(404);
  });

  it('lets only ADMIN edit the default template, and nobody delete it', async () => {
    expect((await t.json('PATCH', `/api/certificate-templates/${defaultId}`, { signatory_name: 'Me' }, instructor.token)).status).toBe(403);
    expect((await t.json('PATCH', `/api/certificate-templates/${defaultId}`, { signatory_name: 'DRX Board' }, adminToken)).status).toBe(200);
    const res = await t.json('DELETE', `/api/certificate-templates/${defaultId}`, undefined, adminToken);
    expect(res.status).toBe(409);
    expect(await read<{ message: string }>(res)).toEqual({ message: 'The default template cannot be deleted.' });
  });

  it('deletes a template of its creator; courses using it fall back to the default', async () => {
    const created = await read<TemplateListItem>(await create(instructor.token));
    const course = await buildCourse(t.db, { instructorId: instructor.user.id, certificateTemplateId: created.id });
    expect((await t.json('DELETE', `/api/certificate-templates/${created.id}`, undefined, otherInstructor.token)).status).toBe(403);
    const res = await t.json('DELETE', `/api/certificate-templates/${created.id}`, undefined, instructor.token);
    expect(res.status).toBe(200);
    expect((await get(`/api/certificate-templates/${created.id}`, instructor.token)).status).toBe(404);
    const [row] = await t.db.select({ templateId: courses.certificateTemplateId }).from(courses).where(eq(courses.id, course.id));
    expect(row!.templateId).toBeNull();
  });

  it('previews a template with sample values, escaped', async () => {
    const created = await read<TemplateListItem>(await create(instructor.token, { ...fields, body: '<i>Well done</i> {learner}\n\nSigned {instructor}' }));
    const res = await get(`/api/certificate-templates/${created.id}/preview`, instructor.token);
    expect(res.status).toBe(200);
    const body = await read<{ rendered: RenderedTemplate; sample: Record<string, string> }>(res);
    expect(body.rendered).toMatchObject({
      title: 'Certificate of Foundations of Ballet Teaching',
      body_html: '<p>&lt;i&gt;Well done&lt;/i&gt; Alex Morgan</p><p>Signed Elena Petrova</p>',
      primary_color: '#1e3a8a',
    });
    expect((await get(`/api/certificate-templates/${created.id}/preview`, student.token)).status).toBe(403);
  });
});
