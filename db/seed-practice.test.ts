import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../tests/support/factories.ts';
import { root } from '../tests/support/paths.ts';
import { createTestApp, read, type TestApp } from '../tests/support/test-app.ts';
import type { PracticeLessonView } from '../shared/practice.ts';
import { DEMO_CREDITS_COURSE, DEMO_PRACTICE_LESSON, DEMO_TAKE_BYTES, DEMO_TAKE_FILE, DEMO_TAKE_KEYS, ensureDemoTakeFiles, seedDemoPractice } from './seed-practice.ts';
import { seedDatabase } from './seed.ts';
import { courseFeedbackSettings, courses, feedbackNotes, feedbackReplies, feedbackRequests, lessons, practiceTakes, users } from './schema/index.ts';

/** The practice room's demo (decision 0070), on a freshly seeded demo database. */

let t: TestApp;
let studentToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db);
  const [student] = await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = 'student'`);
  studentToken = await signIn(t.db, student!.id);
}, 120_000);
afterAll(() => t.close());

describe('the practice demo', () => {
  it('knows the take clip’s size, and the clip is small enough to commit', () => {
    const size = statSync(resolve(root, DEMO_TAKE_FILE)).size;
    expect(DEMO_TAKE_BYTES).toBe(size);
    expect(size).toBeLessThan(500 * 1024);
  });

  it('gives the demo courses their offers: three included reviews, and packs of credits', async () => {
    const rows = await t.db.select({ title: courses.title, mode: courseFeedbackSettings.mode, included: courseFeedbackSettings.includedReviews, pack: courseFeedbackSettings.creditPackCents })
      .from(courseFeedbackSettings)
      .innerJoin(courses, eq(courses.id, courseFeedbackSettings.courseId));
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mode: 'included', included: 3 }),
        expect.objectContaining({ title: DEMO_CREDITS_COURSE, mode: 'credits', pack: 1500 }),
      ]),
    );
  });

  it("shows the demo learner's three takes of the practice lesson: one answered (three notes, one drawn, a reply, try again), one waiting", async () => {
    const [lesson] = await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.title, DEMO_PRACTICE_LESSON));
    expect(await ensureDemoTakeFiles(t.db, t.platform.storage, root)).toBe(DEMO_TAKE_KEYS.length);
    expect(await ensureDemoTakeFiles(t.db, t.platform.storage, root)).toBe(0);
    const res = await t.json('GET', `/api/practice/lessons/${lesson!.id}`, undefined, studentToken);
    expect(res.status).toBe(200);
    const view = await read<PracticeLessonView>(res);
    expect(view.takes).toHaveLength(3);
    expect(view.takes.map((x) => x.feedback?.status ?? null)).toEqual([null, 'waiting', 'answered']);
    expect(view.takes[2]!.feedback!.verdict).toBe('try_again');
    expect(view.offer).toMatchObject({ mode: 'included', included_reviews: 3, included_left: 1 });
    const clip = await t.request(view.takes[0]!.video_url!);
    expect(clip.status).toBe(200);
    expect((await clip.arrayBuffer()).byteLength).toBe(DEMO_TAKE_BYTES);

    const [answered] = await t.db.select().from(feedbackRequests).where(eq(feedbackRequests.status, 'answered'));
    const notes = await t.db.select().from(feedbackNotes).where(eq(feedbackNotes.requestId, answered!.id));
    expect(notes).toHaveLength(3);
    expect(notes.filter((n) => n.drawing !== null)).toHaveLength(1);
    expect(await t.db.$count(feedbackReplies)).toBe(1);
  });

  it('seeds nothing twice', async () => {
    expect(await seedDemoPractice(t.db)).toEqual({ takes: 0 });
    expect(await t.db.$count(practiceTakes)).toBe(3);
  });
});
