import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFeedbackSettings, practiceTakes, uploads, users } from '../../../../db/schema/index.ts';
import { createCourse, createLesson, createModule } from '../../../../tests/support/course-factories.ts';
import { createUser } from '../../../../tests/support/factories.ts';
import { planReport, statementsOf } from '../../../../tests/support/query-plans.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { deleteTakeFilesOf, sweepTakeFiles, takeDeletionStatements } from './retention.ts';

/** How long take files are kept (decision 0070): the schedule set with an answer, the sweep, a deleted account. */

let t: TestApp;
let courseId: number;
let lessonId: number;
const DAY_MS = 86_400_000;

async function takeWithFile(userId: number) {
  const key = `takes/${crypto.randomUUID()}.webm`;
  await t.platform.storage.put(key, new Uint8Array([1, 2, 3]), 'video/webm');
  const [upload] = await t.db.insert(uploads).values({ key, originalName: 't.webm', mimetype: 'video/webm', size: 3, userId, access: 'take', courseId }).returning();
  const [take] = await t.db.insert(practiceTakes).values({ userId, courseId, lessonId, uploadId: upload!.id, source: 'recorded', durationMs: 1000, sizeBytes: 3 }).returning();
  return { key, uploadId: upload!.id, takeId: take!.id };
}

const takeRow = async (id: number) => (await t.db.select().from(practiceTakes).where(eq(practiceTakes.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
  courseId = (await createCourse(t.db, { instructorId: instructor.id })).id;
  const module = await createModule(t.db, courseId);
  lessonId = (await createLesson(t.db, module.id, { type: 'video', content: '/uploads/lessons/0b6f7c52-1111-4222-8333-944455556666.webm' })).id;
});
afterAll(() => t.close());

describe('the schedule an answer sets', () => {
  it("is the course's days after now, or none when the course keeps files", async () => {
    const learner = await createUser(t.db);
    const { takeId } = await takeWithFile(learner.id);
    await t.db.batch(takeDeletionStatements(t.db, takeId, courseId));
    expect((await takeRow(takeId)).deleteFileAt).toBeNull();

    await t.db.insert(courseFeedbackSettings).values({ courseId, mode: 'included', includedReviews: 1, deleteTakesAfterDays: 7 });
    const before = Date.now();
    await t.db.batch(takeDeletionStatements(t.db, takeId, courseId));
    const at = Date.parse((await takeRow(takeId)).deleteFileAt!);
    expect(at).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);
    await t.db.delete(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, courseId));
  });
});

describe('the sweep', () => {
  it('deletes the files that are due, keeps the takes file-less, and leaves the others', async () => {
    const learner = await createUser(t.db);
    const due = await takeWithFile(learner.id);
    const later = await takeWithFile(learner.id);
    const kept = await takeWithFile(learner.id);
    await t.db.update(practiceTakes).set({ deleteFileAt: new Date(Date.now() - 1000).toISOString() }).where(eq(practiceTakes.id, due.takeId));
    await t.db.update(practiceTakes).set({ deleteFileAt: new Date(Date.now() + DAY_MS).toISOString() }).where(eq(practiceTakes.id, later.takeId));

    const statements = await statementsOf(t.client, async () => {
      expect(await sweepTakeFiles(t.platform)).toEqual({ due: 1, orphaned: 0 });
    });
    expect((await planReport(t.client, statements)).flatMap((r) => r.problems)).toEqual([]);

    expect(await t.platform.storage.head(due.key)).toBeNull();
    expect(await t.db.$count(uploads, eq(uploads.id, due.uploadId))).toBe(0);
    expect(await takeRow(due.takeId)).toMatchObject({ uploadId: null, fileDeletedAt: expect.any(String) });
    for (const other of [later, kept]) {
      expect(await t.platform.storage.head(other.key)).not.toBeNull();
      expect((await takeRow(other.takeId)).uploadId).toBe(other.uploadId);
    }
    // Nothing is due any more.
    expect(await sweepTakeFiles(t.platform)).toEqual({ due: 0, orphaned: 0 });
  });

  it("deletes the files of a deleted account, whose takes went with it", async () => {
    const learner = await createUser(t.db);
    const take = await takeWithFile(learner.id);
    await t.db.delete(users).where(eq(users.id, learner.id));
    expect(await t.db.$count(practiceTakes, eq(practiceTakes.id, take.takeId))).toBe(0);
    expect(await sweepTakeFiles(t.platform)).toEqual({ due: 0, orphaned: 1 });
    expect(await t.platform.storage.head(take.key)).toBeNull();
    expect(await t.db.$count(uploads, eq(uploads.id, take.uploadId))).toBe(0);
  });

  it('deletes every take file of an account on its deletion, before its row goes', async () => {
    const learner = await createUser(t.db);
    const a = await takeWithFile(learner.id);
    const b = await takeWithFile(learner.id);
    expect(await deleteTakeFilesOf(t.platform, learner.id)).toBe(2);
    for (const take of [a, b]) {
      expect(await t.platform.storage.head(take.key)).toBeNull();
      expect(await takeRow(take.takeId)).toMatchObject({ uploadId: null, fileDeletedAt: expect.any(String) });
    }
  });
});
