import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrollments, lessonProgress, quizAttempts, resources, users } from '../../../db/schema/index.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { rebuildStatTotals } from './stats/rebuild.ts';

// Which writes move the public content versions (the triggers declared in db/schema; decisions
// 0021, 0040 and 0051): content does, counters that move with ordinary use (learners, sales,
// downloads, ratings) do not. A course's learner count is kept on the course by triggers.
// db/schema/content-version-triggers.test.ts checks the database holds exactly the declared triggers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function version(scope: 'catalog' | 'store'): Promise<number> {
  const rows = await t.db.all<{ version: number }>(sql`SELECT version FROM content_versions WHERE scope = ${scope}`);
  return Number(rows[0]!.version);
}

async function learners(courseId: number): Promise<number> {
  const [row] = await t.db.select({ n: courses.enrollmentCount }).from(courses).where(eq(courses.id, courseId));
  return row!.n;
}

describe('catalog version and learner writes', () => {
  it('no learner write moves it: enrolment, its removal, resume point, completion, progress, attempts', async () => {
    const course = await buildCourse(t.db, { priceCents: 0 });
    const learner = await createUser(t.db);
    const before = await version('catalog');
    const enrollment = await createEnrollment(t.db, learner.id, course.id);
    const lessonId = course.lessons[0]!.id;
    await t.db.update(enrollments).set({ lastLessonId: lessonId, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` }).where(eq(enrollments.id, enrollment.id));
    await t.db.update(enrollments).set({ completedAt: new Date().toISOString() }).where(eq(enrollments.id, enrollment.id));
    await t.db.insert(lessonProgress).values({ userId: learner.id, courseId: course.id, lessonId });
    await t.db.insert(quizAttempts).values({ userId: learner.id, quizId: course.quizzes[0]!.id, score: 0, passed: false, answers: [] });
    await t.db.delete(enrollments).where(eq(enrollments.id, enrollment.id));
    expect(await version('catalog')).toBe(before);
  });

  it('moves on a change of what a course shows: title, price, publishing', async () => {
    const course = await buildCourse(t.db, { priceCents: 0 });
    for (const change of [{ title: 'Renamed' }, { priceCents: 1900 }, { status: 'draft' as const }]) {
      const before = await version('catalog');
      await t.db.update(courses).set(change).where(eq(courses.id, course.id));
      expect(await version('catalog'), JSON.stringify(change)).toBeGreaterThan(before);
    }
  });
});

describe('a course’s learner count', () => {
  it('follows enrolments, their removal, a move to another course and a deleted learner', async () => {
    const [a, b] = [await buildCourse(t.db, { priceCents: 0 }), await buildCourse(t.db, { priceCents: 0 })];
    const [ann, bob, cid] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const annIn = await createEnrollment(t.db, ann.id, a.id);
    await createEnrollment(t.db, bob.id, a.id);
    await createEnrollment(t.db, cid.id, a.id);
    expect([await learners(a.id), await learners(b.id)]).toEqual([3, 0]);
    await t.db.update(enrollments).set({ courseId: b.id }).where(eq(enrollments.id, annIn.id));
    expect([await learners(a.id), await learners(b.id)]).toEqual([2, 1]);
    await t.db.delete(users).where(eq(users.id, bob.id));
    await t.db.delete(enrollments).where(eq(enrollments.courseId, b.id));
    expect([await learners(a.id), await learners(b.id)]).toEqual([1, 0]);
  });

  it('is put right by the rebuild when it has drifted', async () => {
    const course = await buildCourse(t.db, { priceCents: 0 });
    await createEnrollment(t.db, (await createUser(t.db)).id, course.id);
    await t.db.update(courses).set({ enrollmentCount: 40 }).where(eq(courses.id, course.id));
    await rebuildStatTotals(t.db);
    expect(await learners(course.id)).toBe(1);
    const [drift] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM courses c WHERE c.enrollment_count <> (SELECT count(*) FROM enrollments e WHERE e.course_id = c.id)`,
    );
    expect(Number(drift!.n)).toBe(0);
  });
});

describe('store version and counters', () => {
  it('does not move on a sale, a download or a rating; moves on a title or price change', async () => {
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id, { status: 'published', priceCents: 900 });
    let before = await version('store');
    await t.db
      .update(resources)
      .set({ salesCount: sql`${resources.salesCount} + 1`, downloadCount: sql`${resources.downloadCount} + 1`, ratingAverage: 4.5, ratingCount: 2 })
      .where(eq(resources.id, resource.id));
    expect(await version('store')).toBe(before);
    for (const change of [{ title: 'Another title' }, { priceCents: 1200 }]) {
      before = await version('store');
      await t.db.update(resources).set(change).where(eq(resources.id, resource.id));
      expect(await version('store'), JSON.stringify(change)).toBeGreaterThan(before);
    }
  });
});

/** The columns an `AFTER UPDATE OF …` trigger watches. */
async function watched(trigger: string): Promise<string[]> {
  const [row] = await t.db.all<{ sql: string }>(sql`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ${trigger}`);
  const of = /AFTER UPDATE OF (.+?) ON/i.exec(row!.sql)?.[1] ?? '';
  return of.split(',').map((c) => c.trim().replace(/`/g, ''));
}

async function columnsOf(table: string): Promise<string[]> {
  const rows = await t.db.all<{ name: string }>(sql`SELECT name FROM pragma_table_info(${table})`);
  return rows.map((r) => r.name);
}

describe('the version triggers watch every column but the counters', () => {
  // A column added later is content unless named here: forgetting it in the trigger would leave
  // public answers stale after it changes.
  it.each([
    ['courses', 'courses_update_content_version', ['enrollment_count', 'rating_count', 'rating_sum', 'rating_average']],
    ['resources', 'resources_update_store_version', ['sales_count', 'download_count', 'rating_average', 'rating_count']],
  ])('%s', async (table, trigger, counters) => {
    const expected = (await columnsOf(table)).filter((c) => !counters.includes(c));
    expect((await watched(trigger)).sort()).toEqual(expected.sort());
  });
});
