import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, courseReviews, courses, enrollments } from '../../../db/schema/index.ts';
import { createCourse, createEnrollment } from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import {
  ALREADY_REPLIED,
  CHOOSE_A_RATING,
  ONLY_INSTRUCTOR_REPLIES,
  REVIEW_NEEDS_COMPLETION,
  REVIEW_TOO_LONG,
  type CourseReviewPage,
  type CourseReviewView,
  type CourseReviewWrite,
  type MyCourseReview,
} from '../../../shared/courses/reviews.ts';
import { rebuildStatTotals } from '../services/stats/rebuild.ts';
import { loadCatalogCourse } from '../services/catalog-freshness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function instructorAndCourse() {
  const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova', bio: 'Ballet teacher. '.repeat(40) });
  const course = await createCourse(t.db, { instructorId: instructor.user.id });
  return { instructor, course };
}

/** A learner who finished the course (their enrolment completed). */
async function finisher(courseId: number, firstName = 'Maria') {
  const learner = await createSignedInUser(t.db, { firstName, lastName: 'Kovacs' });
  await createEnrollment(t.db, learner.user.id, courseId);
  await t.db
    .update(enrollments)
    .set({ completedAt: new Date().toISOString() })
    .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, courseId)));
  return learner;
}

async function counters(courseId: number) {
  const [row] = await t.db.select({ count: courses.ratingCount, sum: courses.ratingSum, average: courses.ratingAverage }).from(courses).where(eq(courses.id, courseId));
  return row!;
}

const review = (courseId: number, token: string, body: unknown) => t.json('POST', `/api/courses/${courseId}/reviews`, body, token);

describe('POST /api/courses/{id}/reviews', () => {
  it('refuses a learner who has not finished the course, with a clear message, and writes nothing', async () => {
    const { course } = await instructorAndCourse();
    const enrolled = await createSignedInUser(t.db);
    await createEnrollment(t.db, enrolled.user.id, course.id);
    const stranger = await createSignedInUser(t.db);
    for (const who of [enrolled, stranger]) {
      const res = await review(course.id, who.token, { rating: 5, body: 'Great' });
      expect(res.status).toBe(403);
      expect((await read<ErrorBody>(res)).message).toBe(REVIEW_NEEDS_COMPLETION);
    }
    expect(await t.db.select().from(courseReviews).where(eq(courseReviews.courseId, course.id))).toEqual([]);
    expect(await counters(course.id)).toEqual({ count: 0, sum: 0, average: 0 });
    const mine = await read<MyCourseReview>(await t.request(`/api/courses/${course.id}/reviews/mine`, { headers: { authorization: `Bearer ${enrolled.token}` } }));
    expect(mine).toEqual({ eligible: false, review: null });
  });

  it('asks a guest to sign in and answers 404 for a course that is not published', async () => {
    const { course } = await instructorAndCourse();
    expect((await review(course.id, '', { rating: 5 })).status).toBe(401);
    const draft = await createCourse(t.db, { status: 'draft' });
    const learner = await finisher(draft.id);
    expect((await review(draft.id, learner.token, { rating: 5 })).status).toBe(404);
    expect((await t.request(`/api/courses/${draft.id}/reviews`)).status).toBe(404);
  });

  it('requires a rating from 1 to 5 and a text of at most 2,000 characters without control characters', async () => {
    const { course } = await instructorAndCourse();
    const learner = await finisher(course.id);
    const cases: [unknown, string][] = [
      [{ body: 'No stars' }, CHOOSE_A_RATING],
      [{ rating: 0 }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: 6 }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: 4.5 }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: '5' }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: 5, body: 'x'.repeat(2001) }, REVIEW_TOO_LONG],
      [{ rating: 5, body: 'bad\u0007bell' }, 'Must not contain control characters'],
    ];
    for (const [body, message] of cases) {
      const res = await review(course.id, learner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read<ErrorBody>(res)).message).toBe(message);
    }
    expect(REVIEW_TOO_LONG).toBe('Your review can be at most 2,000 characters');
    expect(await t.db.select().from(courseReviews).where(eq(courseReviews.courseId, course.id))).toEqual([]);
  });

  it('keeps one review per learner: a second POST replaces the rating and the text', async () => {
    const { course } = await instructorAndCourse();
    const learner = await finisher(course.id);
    const first = await review(course.id, learner.token, { rating: 2, body: 'Too fast for me.' });
    expect(first.status).toBe(200);
    const made = await read<CourseReviewWrite>(first);
    expect(made.review).toMatchObject({ rating: 2, body: 'Too fast for me.', author: { id: learner.user.id, name: 'Maria K.' }, reply: null });
    expect(made.rating).toEqual({ average: 2, count: 1 });

    const second = await read<CourseReviewWrite>(await review(course.id, learner.token, { rating: 5, body: '  Second watch: it all clicked.  ' }));
    expect(second.review.id).toBe(made.review.id);
    expect(second.review).toMatchObject({ rating: 5, body: 'Second watch: it all clicked.' });
    expect(second.rating).toEqual({ average: 5, count: 1 });
    expect(await t.db.select().from(courseReviews).where(eq(courseReviews.courseId, course.id))).toHaveLength(1);
    const mine = await read<MyCourseReview>(await t.request(`/api/courses/${course.id}/reviews/mine`, { headers: { authorization: `Bearer ${learner.token}` } }));
    expect(mine.eligible).toBe(true);
    expect(mine.review?.id).toBe(made.review.id);
  });

  it('takes a learner whose certificate was issued by hand, not one whose certificate was revoked', async () => {
    const { course } = await instructorAndCourse();
    const certified = await createSignedInUser(t.db);
    const revoked = await createSignedInUser(t.db);
    await t.db.insert(certificates).values([
      { userId: certified.user.id, courseId: course.id, code: `DRX-CR${course.id}A0000000` },
      { userId: revoked.user.id, courseId: course.id, code: `DRX-CR${course.id}B0000000`, revokedAt: new Date().toISOString() },
    ]);
    expect((await review(course.id, certified.token, { rating: 4 })).status).toBe(200);
    expect((await review(course.id, revoked.token, { rating: 4 })).status).toBe(403);
  });
});

describe('replies and moderation', () => {
  it("lets only the course's instructor reply, once per review; a second POST edits the reply", async () => {
    const { instructor, course } = await instructorAndCourse();
    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const admin = await createSignedInUser(t.db, { roles: ['ADMIN'] });
    const learner = await finisher(course.id);
    const { review: written } = await read<CourseReviewWrite>(await review(course.id, learner.token, { rating: 4, body: 'Clear cueing.' }));
    const reply = (token: string, body: unknown) => t.json('POST', `/api/courses/${course.id}/reviews/${written.id}/reply`, body, token);

    for (const who of [other, admin, learner]) {
      const res = await reply(who.token, { body: 'Thanks!' });
      expect(res.status).toBe(403);
      expect((await read<ErrorBody>(res)).message).toBe(ONLY_INSTRUCTOR_REPLIES);
    }
    expect((await reply(instructor.token, { body: '   ' })).status).toBe(400);

    const res = await reply(instructor.token, { body: 'Thank you, Maria.' });
    expect(res.status).toBe(200);
    const answered = await read<CourseReviewView>(res);
    expect(answered.reply).toMatchObject({ body: 'Thank you, Maria.', author_name: 'Elena Petrova' });
    const edited = await read<CourseReviewView>(await reply(instructor.token, { body: 'Thank you, Maria! See you in module 2.' }));
    expect(edited.reply?.body).toBe('Thank you, Maria! See you in module 2.');
    expect(edited.reply?.replied_at).toBe(answered.reply?.replied_at);

    // The course changes hands: the new instructor may not overwrite the reply the first one wrote.
    await t.db.update(courses).set({ instructorId: other.user.id }).where(eq(courses.id, course.id));
    const taken = await reply(other.token, { body: 'Mine now.' });
    expect(taken.status).toBe(403);
    expect(ALREADY_REPLIED).toMatch(/already has a reply/);
    const [row] = await t.db.select({ reply: courseReviews.reply }).from(courseReviews).where(eq(courseReviews.id, written.id));
    expect(row!.reply).toBe('Thank you, Maria! See you in module 2.');
  });

  it('lets an admin hide a review: audited, out of the list and out of the rating', async () => {
    const { instructor, course } = await instructorAndCourse();
    const admin = await createSignedInUser(t.db, { roles: ['ADMIN'] });
    const [a, b] = [await finisher(course.id, 'Ana'), await finisher(course.id, 'Ben')];
    const { review: bad } = await read<CourseReviewWrite>(await review(course.id, a.token, { rating: 1, body: 'Spam spam spam' }));
    await review(course.id, b.token, { rating: 5, body: 'Lovely' });
    expect(await counters(course.id)).toEqual({ count: 2, sum: 6, average: 3 });

    for (const who of [instructor, a]) expect((await t.json('DELETE', `/api/courses/${course.id}/reviews/${bad.id}`, undefined, who.token)).status).toBe(403);
    const res = await t.json('DELETE', `/api/courses/${course.id}/reviews/${bad.id}`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(await counters(course.id)).toEqual({ count: 1, sum: 5, average: 5 });
    expect((await t.json('DELETE', `/api/courses/${course.id}/reviews/${bad.id}`, undefined, admin.token)).status).toBe(404);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'course_review.hide'), eq(auditLog.entityId, String(bad.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id, entity: 'course_reviews' });
    expect(JSON.parse(entries[0]!.before as string).hidden_at).toBeNull();
    expect(JSON.parse(entries[0]!.after as string).hidden_at).not.toBeNull();

    const list = await read<CourseReviewPage>(await t.request(`/api/courses/${course.id}/reviews`));
    expect(list.data.map((r) => r.body)).toEqual(['Lovely']);
    expect(list.rating).toEqual({ average: 5, count: 1 });
    // The hidden review's author editing it keeps it hidden and out of the rating.
    await review(course.id, a.token, { rating: 2, body: 'Edited' });
    expect(await counters(course.id)).toEqual({ count: 1, sum: 5, average: 5 });
  });
});

describe('a hidden review and its author', () => {
  const mine = async (courseId: number, token: string) =>
    read<MyCourseReview>(await t.request(`/api/courses/${courseId}/reviews/mine`, { headers: { authorization: `Bearer ${token}` } }));

  it('is marked hidden to its author alone, and stays out of the public list, the page and the rating, edited or not', async () => {
    const { course } = await instructorAndCourse();
    const admin = await createSignedInUser(t.db, { roles: ['ADMIN'] });
    const [author, other] = [await finisher(course.id, 'Hana'), await finisher(course.id, 'Omar')];
    const { review: written } = await read<CourseReviewWrite>(await review(course.id, author.token, { rating: 1, body: 'Off-topic rant' }));
    expect(written.hidden).toBe(false);
    await review(course.id, other.token, { rating: 4, body: 'Useful' });
    expect((await t.json('DELETE', `/api/courses/${course.id}/reviews/${written.id}`, undefined, admin.token)).status).toBe(200);

    expect(await mine(course.id, author.token)).toMatchObject({ eligible: true, review: { id: written.id, body: 'Off-topic rant', hidden: true } });
    expect((await mine(course.id, other.token)).review).toMatchObject({ body: 'Useful', hidden: false });
    // Its author edits it: still hidden, the answer says so, and the rating does not move.
    const edited = await read<CourseReviewWrite>(await review(course.id, author.token, { rating: 2, body: 'Calmer now' }));
    expect(edited.review).toMatchObject({ id: written.id, rating: 2, body: 'Calmer now', hidden: true });
    expect(edited.rating).toEqual({ average: 4, count: 1 });

    const list = await read<CourseReviewPage>(await t.request(`/api/courses/${course.id}/reviews`));
    expect(list.data.map((r) => r.body)).toEqual(['Useful']);
    expect(list.rating).toEqual({ average: 4, count: 1 });
    const page = await loadCatalogCourse(t.db, course.id);
    expect(page?.reviews?.data.map((r) => r.id)).toEqual([list.data[0]!.id]);
    expect(page?.rating).toEqual({ average: 4, count: 1 });
  });
});

describe('the rating counters and the public list', () => {
  it('equal a recount after a mixed run of reviews, edits and hides', async () => {
    const { course } = await instructorAndCourse();
    const admin = await createSignedInUser(t.db, { roles: ['ADMIN'] });
    const learners = [];
    for (let i = 0; i < 6; i++) learners.push(await finisher(course.id, `L${i}`));
    const ids: number[] = [];
    for (const [i, l] of learners.entries()) ids.push((await read<CourseReviewWrite>(await review(course.id, l.token, { rating: (i % 5) + 1 }))).review.id);
    await review(course.id, learners[0]!.token, { rating: 4 });
    await review(course.id, learners[3]!.token, { rating: 1, body: 'Changed my mind' });
    await t.json('DELETE', `/api/courses/${course.id}/reviews/${ids[4]}`, undefined, admin.token);
    await review(course.id, learners[5]!.token, { rating: 3 });
    await review(course.id, learners[4]!.token, { rating: 5 });

    const kept = await counters(course.id);
    // The recount of `npm run db:rebuild-derived` finds nothing to put right...
    await rebuildStatTotals(t.db);
    const recounted = await counters(course.id);
    expect(kept).toEqual(recounted);
    // 4, 2, 3, 1, (hidden), 3 → 13 over 5.
    expect(recounted).toEqual({ count: 5, sum: 13, average: 2.6 });
    // ...and puts drifted counters (a bulk import around the writes) right.
    await t.db.update(courses).set({ ratingCount: 9, ratingSum: 40, ratingAverage: 4.44 }).where(eq(courses.id, course.id));
    await rebuildStatTotals(t.db);
    expect(await counters(course.id)).toEqual({ count: 5, sum: 13, average: 2.6 });
  });

  it('pages by keyset, newest first, 10 a page, and refuses a token it did not write', async () => {
    const { course } = await instructorAndCourse();
    const base = Date.parse('2026-11-01T10:00:00.000Z');
    const learners = [];
    for (let i = 0; i < 23; i++) learners.push(await finisher(course.id, `P${i}`));
    // Two reviews share a timestamp: the id breaks the tie.
    await t.db.insert(courseReviews).values(
      learners.map((l, i) => ({ courseId: course.id, userId: l.user.id, rating: 4, body: `Review ${i}`, createdAt: new Date(base + Math.min(i, 21) * 60_000).toISOString() })),
    );
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res = await t.request(`/api/courses/${course.id}/reviews${next ? `?after=${next}` : ''}`);
      expect(res.status).toBe(200);
      const page: CourseReviewPage = await read<CourseReviewPage>(res);
      seen.push(...page.data.map((r) => r.body));
      next = page.next;
      pages++;
    } while (next && pages < 5);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Review 22', 'Review 21', ...Array.from({ length: 21 }, (_, i) => `Review ${20 - i}`)]);
    const bad = await t.request(`/api/courses/${course.id}/reviews?after=not-a-token!`);
    expect(bad.status).toBe(400);
  });

  it('puts the rating, the instructor block and the first reviews on the course page', async () => {
    const { instructor, course } = await instructorAndCourse();
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await createCourse(t.db, { instructorId: instructor.user.id, publishedAt: `2026-10-0${i + 1}T10:00:00.000Z` }));
    await createCourse(t.db, { instructorId: instructor.user.id, status: 'draft' });
    const learner = await finisher(course.id);
    await review(course.id, learner.token, { rating: 4, body: 'Solid.' });

    const page = await loadCatalogCourse(t.db, course.id);
    expect(page?.rating).toEqual({ average: 4, count: 1 });
    expect(page?.reviews?.data.map((r) => r.body)).toEqual(['Solid.']);
    expect(page?.instructor_block).toMatchObject({ id: instructor.user.id, name: 'Elena Petrova', profile_image_url: null });
    expect(page!.instructor_block!.bio.length).toBeLessThanOrEqual(301);
    expect(page!.instructor_block!.bio.endsWith('…')).toBe(true);
    // Up to three of the others, newest first: not this course, not a draft.
    expect(page!.instructor_block!.other_courses.map((c) => c.id)).toEqual([others[3]!.id, others[2]!.id, others[1]!.id]);

    const list = await read<{ data: { id: number; rating_average: number; rating_count: number }[] }>(await t.request(`/api/courses?instructor=${instructor.user.id}&sort=rating`));
    expect(list.data[0]).toMatchObject({ id: course.id, rating_average: 4, rating_count: 1 });
  });
});
