import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadAnswer } from '../../worker/src/routes/upload.ts';
import type { LessonView } from '../../shared/learning.ts';
import { createEnrollment } from '../support/course-factories.ts';
import { createSignedInUser } from '../support/factories.ts';
import { mp4 } from '../support/file-samples.ts';
import { givePlan } from '../support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Media access (decision 0015), as the attacker tried it: the public course read gave away a paid course's full
 * video URL, and `/uploads/{key}` served any key to anyone, so the lessons of a paid course could
 * be watched without buying it. Profile image links took anything, `/uploads/%2e%2e/x` included.
 */
describe('security: paid lesson media', () => {
  let t: TestApp;
  let course: { id: number; lessonId: number; lessonVideo: string; fullVideo: string };

  beforeAll(async () => {
    t = await createTestApp();
    const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    await givePlan(t.db, instructor.user.id, 'educator');
    const auth = { authorization: `Bearer ${instructor.token}` };
    const upload = async () => {
      const body = new FormData();
      body.append('file', new File([mp4], 'lesson.mp4'));
      return (await read<UploadAnswer>(await t.request('/api/upload', { method: 'POST', body, headers: auth }))).url;
    };
    const lessonVideo = await upload();
    const fullVideo = await upload();
    const created = await t.json(
      'POST',
      '/api/courses',
      { title: 'Advanced choreography', description: 'A paid certification course.', price: '99', status: 'published', fullVideoUrl: fullVideo },
      instructor.token,
    );
    const { id } = await read<{ id: number }>(created);
    const mod = await read<{ id: number }>(await t.json('POST', '/api/modules', { courseId: id, title: 'Module one', description: 'The first module.' }, instructor.token));
    const lesson = await read<{ id: number }>(
      await t.json('POST', '/api/lessons', { moduleId: mod.id, title: 'Combination', description: 'The paid combination.', content: lessonVideo, type: 'video' }, instructor.token),
    );
    course = { id, lessonId: lesson.id, lessonVideo, fullVideo };
  });
  afterAll(() => t.close());

  it('the public course read and the catalog no longer give the full video away', async () => {
    const detail = await t.request(`/api/courses/${course.id}`);
    expect(detail.status).toBe(200);
    const text = await detail.text();
    expect(text).not.toContain(course.fullVideo);
    expect(text).not.toContain(course.lessonVideo);
    expect((JSON.parse(text) as { video_url: unknown }).video_url).toBeNull();
    expect(await (await t.request('/api/courses?pageSize=100')).text()).not.toContain(course.fullVideo);
  });

  it('a visitor or a signed-in non-buyer who knows a key gets 403, not the file', async () => {
    const attacker = await createSignedInUser(t.db);
    for (const url of [course.lessonVideo, course.fullVideo]) {
      for (const headers of [{}, { authorization: `Bearer ${attacker.token}` }] as Record<string, string>[]) {
        const res = await t.request(url, { headers });
        expect(res.status).toBe(403);
        expect(await read<ErrorBody>(res)).toEqual({ message: 'This media link is invalid or has expired' });
      }
    }
    expect((await t.request(`/api/learn/lessons/${course.lessonId}`, { headers: { authorization: `Bearer ${attacker.token}` } })).status).toBe(403);
  });

  it('forged, stretched and borrowed signatures are refused', async () => {
    const buyer = await createSignedInUser(t.db);
    await createEnrollment(t.db, buyer.user.id, course.id);
    const lesson = await read<LessonView>(await t.request(`/api/learn/lessons/${course.lessonId}`, { headers: { authorization: `Bearer ${buyer.token}` } }));
    const link = new URL(lesson.video!.url, 'http://drx.test');
    expect((await t.request(lesson.video!.url)).status).toBe(200);

    const exp = Number(link.searchParams.get('exp'));
    const sig = link.searchParams.get('sig')!;
    const attempts = [
      `${course.lessonVideo}?exp=${exp}&sig=${'A'.repeat(43)}`,
      `${course.lessonVideo}?exp=${exp + 86_400 * 365}&sig=${sig}`,
      `${course.fullVideo}?exp=${exp}&sig=${sig}`,
      `${course.lessonVideo}?exp=${exp}&sig=${sig}=`,
      `${course.lessonVideo}?exp=${exp}&exp=1&sig=${sig}x`,
    ];
    for (const url of attempts) expect((await t.request(url)).status, url).toBe(403);
  });

  it('encoded dots do not reach the file system', async () => {
    for (const path of ['/uploads/%2e%2e/%2e%2e/drx.db', '/uploads/..%2fdrx.db', '/uploads/%2E%2E%5Cdrx.db', '/uploads/.%2e/uploads']) {
      const res = await t.request(path);
      expect([400, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('SQLite');
    }
  });

  it('a profile image link made of encoded dots, data: or plain http is refused', async () => {
    const attacker = await createSignedInUser(t.db);
    for (const link of ['/uploads/%2e%2e/x', '/uploads/..%2f..%2fdrx.db', 'javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://evil.example/a.png', '/uploads\\..\\x']) {
      const res = await t.json('PATCH', '/api/me', { profile_image_url: link }, attacker.token);
      expect(res.status, link).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors).toHaveProperty('profile_image_url');
    }
  });
});
