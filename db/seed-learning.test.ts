import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../tests/support/factories.ts';
import { buildCourse } from '../tests/support/learning-factories.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import type { PlayerData } from '../shared/learning.ts';
import { seedLearningDemo } from './seed-learning.ts';
import { certificates, certificateTemplates, enrollments, quizAttempts } from './schema/index.ts';

const apps: TestApp[] = [];
async function freshApp(): Promise<TestApp> {
  const app = await createTestApp();
  apps.push(app);
  return app;
}
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
});

describe('seedLearningDemo', () => {
  it('makes only the default template when there is no demo learner', async () => {
    const t = await freshApp();
    const result = await seedLearningDemo(t.db);
    expect(result).toMatchObject({ enrolled: 0, certificateCode: null });
    const templates = await t.db.select().from(certificateTemplates);
    expect(templates).toEqual([expect.objectContaining({ id: result.defaultTemplateId, isDefault: true, name: 'DRX default' })]);
  });

  it('enrols the demo learner in two published courses: one completed with its certificate, one half done', async () => {
    const t = await freshApp();
    const student = await createUser(t.db, { username: 'student' });
    await buildCourse(t.db, { status: 'draft' });
    const paid = await buildCourse(t.db, { priceCents: 9900 });
    const first = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'text' }, { type: 'quiz' }] }, { lessons: [{ type: 'video' }] }] });
    const second = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'text' }, { type: 'text' }, { type: 'text' }, { type: 'quiz' }] }] });

    const result = await seedLearningDemo(t.db);
    expect(result).toMatchObject({ enrolled: 2, completedCourseId: first.id, inProgressCourseId: second.id, certificateCode: expect.stringMatching(/^DRX-/) });
    expect(paid.id).toBeLessThan(first.id); // free courses are preferred over an older paid one

    const token = await signIn(t.db, student.id);
    const player = async (courseId: number) =>
      (await (await t.request(`/api/learn/courses/${courseId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as PlayerData;
    const done = await player(first.id);
    expect(done).toMatchObject({ completed: true, progress_percent: 100, certificate: { code: result.certificateCode, revoked: false } });
    const half = await player(second.id);
    expect(half).toMatchObject({ completed: false, progress_percent: 50, resume_lesson_id: second.lessons[2]!.id, certificate: null });

    const verify = await (await t.request(`/api/certificates/verify/${result.certificateCode}`)).json();
    expect(verify).toMatchObject({ valid: true });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const t = await freshApp();
    await createUser(t.db, { username: 'student' });
    await buildCourse(t.db);
    await buildCourse(t.db);
    await seedLearningDemo(t.db);
    const snapshot = async () => ({
      templates: (await t.db.select({ n: count() }).from(certificateTemplates))[0]!.n,
      enrollments: (await t.db.select({ n: count() }).from(enrollments))[0]!.n,
      attempts: (await t.db.select({ n: count() }).from(quizAttempts))[0]!.n,
      certificates: await t.db.select({ code: certificates.code }).from(certificates),
    });
    const before = await snapshot();
    const again = await seedLearningDemo(t.db);
    expect(again.enrolled).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(before).toMatchObject({ templates: 1, enrollments: 2, certificates: [expect.anything()] });
    const [defaults] = await t.db.select({ n: count() }).from(certificateTemplates).where(eq(certificateTemplates.isDefault, true));
    expect(defaults!.n).toBe(1);
  });
});
