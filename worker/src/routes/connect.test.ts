import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructorProfiles, instructorReviews, lessonTypes, users } from '../../../db/schema/index.ts';
import { createInstructor, createLessonType, giveBooking, givePackage, type GivenInstructor, type InstructorOptions } from '../../../tests/support/booking-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { givePlan } from '../../../tests/support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { DIRECTORY_SORTS, INSTRUCTOR_NOT_FOUND, ZIP_INVALID, ZIP_NOT_FOUND } from '../domain/bookings.ts';
import { loadDirectoryRecords } from '../services/connect/directory.ts';
import { filtersOf, parseDirectoryParams, searchRecords } from '../../../shared/connect/directory-search.ts';
import type { DirectoryAnswer, PublicProfileView } from '../../../shared/bookings/views.ts';
import type { InstructorReviewsAnswer } from '../services/connect/public-profile.ts';
import { lookupZip } from '../services/connect/zipcode.ts';

let t: TestApp;
let student: number;

/** A published instructor teaching in person at a ZIP code's place (from the offline table). */
async function at(zip: string, options: InstructorOptions = {}): Promise<GivenInstructor> {
  const place = (await lookupZip(zip))!;
  return createInstructor(t.db, {
    offersInPerson: true,
    offersOnline: false,
    zip,
    city: place.city,
    state: place.state,
    latitude: place.latitude,
    longitude: place.longitude,
    ...options,
  });
}

/** A visible (or hidden) review of the instructor by a new booking of the student. */
async function review(i: GivenInstructor, rating: number, options: { hidden?: boolean; comment?: string } = {}) {
  const booking = await giveBooking(t.db, student, i.lessonTypes[0]!, { startsAt: new Date(Date.now() - (Math.random() * 30 + 2) * 86_400_000).toISOString() });
  await t.db.insert(instructorReviews).values({
    bookingId: booking.id,
    instructorId: i.user.id,
    userId: student,
    rating,
    comment: options.comment ?? `Rated ${rating}`,
    hidden: options.hidden ?? false,
  });
}

async function search(query = ''): Promise<DirectoryAnswer> {
  const res = await t.request(`/api/connect/instructors${query ? `?${query}` : ''}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return read<DirectoryAnswer>(res);
}
const ids = (answer: DirectoryAnswer) => answer.data.map((e) => e.id);

// The world: New York (10001), Newark (07102, ~9 mi), Philadelphia (19103, ~80 mi, travels 40),
// Los Angeles (90210), and one online-only instructor.
let nyc: GivenInstructor;
let newark: GivenInstructor;
let philly: GivenInstructor;
let la: GivenInstructor;
let online: GivenInstructor;

beforeAll(async () => {
  t = await createTestApp();
  student = (await createUser(t.db, { firstName: 'Maya', lastName: 'reed' })).id;
  nyc = await at('10001', {
    firstName: 'Nora',
    lastName: 'York',
    styles: ['Ballet', 'Jazz'],
    lessonTypes: [{ kind: 'private', priceCents: 8000 }, { kind: 'group', priceCents: 2500, mode: 'in_person' }],
  });
  newark = await at('07102', { firstName: 'Ned', lastName: 'Ark', styles: ['Hip Hop'], verified: true, lessonTypes: [{ kind: 'private', priceCents: 6000 }] });
  philly = await at('19103', { firstName: 'Phil', lastName: 'Adel', styles: ['Ballet'], travelRadiusMiles: 40, lessonTypes: [{ kind: 'masterclass', priceCents: 12000 }] });
  la = await at('90210', { firstName: 'Lana', lastName: 'Angel', styles: ['Ballet'], lessonTypes: [{ kind: 'private', priceCents: 9000 }] });
  online = await createInstructor(t.db, { firstName: 'Olive', lastName: 'Line', styles: ['Jazz'], offersOnline: true, lessonTypes: [{ kind: 'choreography', priceCents: 4000 }] });
  await t.db.update(instructorProfiles).set({ levels: JSON.stringify(['Advanced']) }).where(eq(instructorProfiles.userId, philly.user.id));
  await review(nyc, 5);
  await review(nyc, 4);
  await review(nyc, 1, { hidden: true });
  await review(la, 5);
  await review(online, 3);
});
afterAll(() => t?.close());

describe('GET /api/connect/instructors', () => {
  it('lists the published cards, recommended: verified first, then rating, then reviews', async () => {
    const answer = await search();
    expect(ids(answer)).toEqual([newark.user.id, la.user.id, nyc.user.id, online.user.id, philly.user.id]);
    expect(answer.pagination).toEqual({ page: 1, pageSize: 12, total: 5, totalPages: 1 });
    expect(answer.origin).toBeNull();
    expect(answer.styles.map((s) => s.name)).toContain('Hip Hop');
    const card = answer.data.find((e) => e.id === nyc.user.id)!;
    expect(card).toMatchObject({
      name: 'Nora York',
      city: 'New York',
      state: 'NY',
      offers_in_person: true,
      styles: ['Ballet', 'Jazz'],
      lesson_kinds: ['private', 'group'],
      price_from_cents: 2500,
      price_from: 25,
      // 5 and 4; the hidden 1 does not count.
      rating: 4.5,
      review_count: 2,
      verified: false,
      premium: false,
      distance_miles: null,
    });
    expect(card).not.toHaveProperty('latitude');
    expect(card).not.toHaveProperty('prices_cents');
    expect(answer.data.find((e) => e.id === online.user.id)).toMatchObject({ city: null, state: null, offers_online: true });
  });

  it('filters by style, lesson type, level, price range and mode', async () => {
    expect(ids(await search('style=hip-hop'))).toEqual([newark.user.id]);
    expect(ids(await search('style=Hip%20Hop'))).toEqual([newark.user.id]);
    expect(ids(await search('style=jazz&sort=price_low'))).toEqual([nyc.user.id, online.user.id]);
    expect(ids(await search('lessonType=group'))).toEqual([nyc.user.id]);
    expect(ids(await search('level=Advanced'))).toEqual([philly.user.id]);
    // Any lesson within the range counts: New York's $25 group class, the $40 choreography.
    expect(ids(await search('minPrice=20&maxPrice=45&sort=price_low'))).toEqual([nyc.user.id, online.user.id]);
    expect(ids(await search('minPrice=100'))).toEqual([philly.user.id]);
    expect(ids(await search('mode=online'))).toEqual([online.user.id]);
    expect(new Set(ids(await search('mode=in_person')))).toEqual(new Set([nyc.user.id, newark.user.id, philly.user.id, la.user.id]));
    expect(ids(await search('style=tap'))).toEqual([]);
  });

  it('sorts by rating and by price either way', async () => {
    expect(ids(await search('sort=rating'))).toEqual([la.user.id, nyc.user.id, online.user.id, newark.user.id, philly.user.id]);
    expect(ids(await search('sort=price_low'))).toEqual([nyc.user.id, online.user.id, newark.user.id, la.user.id, philly.user.id]);
    expect(ids(await search('sort=price_high'))).toEqual([philly.user.id, la.user.id, newark.user.id, online.user.id, nyc.user.id]);
  });

  it('measures the distance from a ZIP code, keeps whom the radius (plus their travel) reaches, online ones last', async () => {
    const answer = await search('zip=10001&sort=distance');
    expect(answer.origin).toMatchObject({ zip: '10001', city: 'New York', timeZone: 'America/New_York' });
    // Philadelphia is ~80 miles away but travels 40: 50 + 40 reaches it. Los Angeles is out.
    expect(ids(answer)).toEqual([nyc.user.id, newark.user.id, philly.user.id, online.user.id]);
    const miles = Object.fromEntries(answer.data.map((e) => [e.id, e.distance_miles]));
    expect(miles[nyc.user.id]).toBe(0);
    expect(miles[newark.user.id]).toBeGreaterThan(5);
    expect(miles[newark.user.id]).toBeLessThan(15);
    expect(miles[philly.user.id]).toBeGreaterThan(70);
    expect(miles[philly.user.id]).toBeLessThan(90);
    expect(miles[online.user.id]).toBeNull();

    expect(ids(await search('zip=10001&radius=20&mode=in_person&sort=distance'))).toEqual([nyc.user.id, newark.user.id]);
    expect(ids(await search('zip=10001&mode=online'))).toEqual([online.user.id]);
    expect(ids(await search('zip=90210&mode=in_person'))).toEqual([la.user.id]);
  });

  it('shows the premium listing only while the plan reaches the gate', async () => {
    const asked = await at('10001', { firstName: 'Pre', lastName: 'Mium', premiumListing: true, styles: ['Tap'] });
    let card = (await search('style=tap')).data[0]!;
    expect(card).toMatchObject({ id: asked.user.id, premium: false });
    await givePlan(t.db, asked.user.id, 'educator');
    expect((await search('style=tap')).data[0]!.premium).toBe(false);
    await givePlan(t.db, asked.user.id, 'premium');
    card = (await search('style=tap')).data[0]!;
    expect(card.premium).toBe(true);
    // First under "recommended", ahead of the verified one.
    expect(ids(await search())[0]).toBe(asked.user.id);
    // Not asked for: the plan alone shows nothing.
    const notAsked = await at('10001', { premiumListing: false, styles: ['Tap'] });
    await givePlan(t.db, notAsked.user.id, 'royalty');
    expect((await search('style=tap')).data.find((e) => e.id === notAsked.user.id)!.premium).toBe(false);
    await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, asked.user.id));
    await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, notAsked.user.id));
  });

  it('near a ZIP code: a premium listing is promoted among the nearby ones, never above them; online ones after, marked', async () => {
    // A premium instructor in Los Angeles who also teaches online, and one in Newark (in the radius).
    const farPremium = await at('90210', { firstName: 'Far', lastName: 'Premium', premiumListing: true, offersOnline: true, styles: ['Salsa'] });
    const nearPremium = await at('07102', { firstName: 'Near', lastName: 'Premium', premiumListing: true, styles: ['Salsa'] });
    const nearPlain = await at('10001', { firstName: 'Near', lastName: 'Plain', styles: ['Salsa'] });
    await givePlan(t.db, farPremium.user.id, 'premium');
    await givePlan(t.db, nearPremium.user.id, 'premium');
    const answer = await search('zip=10001&style=salsa');
    expect(ids(answer)).toEqual([nearPremium.user.id, nearPlain.user.id, farPremium.user.id]);
    expect(answer.data.map((e) => e.reach)).toEqual(['nearby', 'nearby', 'online']);
    // In person only: the one 2,400 miles away is not listed at all.
    expect(ids(await search('zip=10001&style=salsa&mode=in_person'))).toEqual([nearPremium.user.id, nearPlain.user.id]);
    // Without a place there is no reach, and recommended puts the premium listings first.
    const plain = await search('style=salsa');
    expect(plain.data.every((e) => e.reach === null)).toBe(true);
    expect(ids(plain).slice(0, 2).sort()).toEqual([farPremium.user.id, nearPremium.user.id].sort());
    for (const i of [farPremium, nearPremium, nearPlain]) await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, i.user.id));
  });

  it('hides drafts, suspended profiles and deactivated users, and answers fresh after a change', async () => {
    const draft = await at('10001', { status: 'draft', styles: ['Salsa'] });
    const suspended = await at('10001', { status: 'suspended', styles: ['Salsa'] });
    const gone = await at('10001', { styles: ['Salsa'] });
    expect(ids(await search('style=salsa'))).toEqual([gone.user.id]);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    expect(ids(await search('style=salsa'))).toEqual([]);
    await t.db.update(instructorProfiles).set({ status: 'published' }).where(eq(instructorProfiles.userId, draft.user.id));
    expect(ids(await search('style=salsa'))).toEqual([draft.user.id]);
    for (const hidden of [suspended, gone]) {
      const res = await t.request(`/api/connect/instructors/${hidden.user.id}`);
      expect(res.status).toBe(404);
      expect(await read<ErrorBody>(res)).toEqual({ message: INSTRUCTOR_NOT_FOUND });
    }
    await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, draft.user.id));
  });

  it('pages', async () => {
    const first = await search('pageSize=2');
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    const third = await search('pageSize=2&page=3');
    expect(third.data).toHaveLength(1);
    expect(ids(third)).toEqual([philly.user.id]);
  });

  it('pages near a ZIP code across the tiers: the nearby ones, then the online ones', async () => {
    const all = ids(await search('zip=10001&sort=distance'));
    const first = await search('zip=10001&sort=distance&pageSize=3');
    expect(ids(first)).toEqual(all.slice(0, 3));
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, total: all.length, totalPages: Math.ceil(all.length / 3) });
    const second = await search('zip=10001&sort=distance&pageSize=3&page=2');
    expect(ids(second)).toEqual(all.slice(3, 6));
    expect(second.data.map((e) => e.reach)).toEqual(all.slice(3, 6).map((id) => (id === online.user.id ? 'online' : 'nearby')));
    // Past the last page: no cards, the same count.
    const past = await search('zip=10001&pageSize=3&page=9');
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(all.length);
    expect(past.total_capped).toBe(false);
  });

  it('keeps its sort keys with each write: a hidden review, a retired lesson type, a renamed instructor', async () => {
    const a = await at('10001', { firstName: 'Abel', lastName: 'Keys', styles: ['Contemporary'], lessonTypes: [{ kind: 'private', priceCents: 5000 }, { kind: 'group', priceCents: 1500 }] });
    const b = await at('10001', { firstName: 'Bea', lastName: 'Keys', styles: ['Contemporary'], lessonTypes: [{ kind: 'private', priceCents: 3000 }] });
    await review(a, 5);
    await review(b, 4);
    expect(ids(await search('style=contemporary&sort=rating'))).toEqual([a.user.id, b.user.id]);
    expect(ids(await search('style=contemporary&sort=price_low'))).toEqual([a.user.id, b.user.id]);
    // A's review hidden: no rating, listed after B's 4.0.
    await t.db.update(instructorReviews).set({ hidden: true }).where(eq(instructorReviews.instructorId, a.user.id));
    const rated = await search('style=contemporary&sort=rating');
    expect(ids(rated)).toEqual([b.user.id, a.user.id]);
    expect(rated.data.find((e) => e.id === a.user.id)).toMatchObject({ rating: null, review_count: 0 });
    // A's $15 class retired: A's lowest price is $50, after B's $30.
    await t.db.update(lessonTypes).set({ active: false }).where(eq(lessonTypes.id, a.lessonTypes[1]!.id));
    const cheap = await search('style=contemporary&sort=price_low');
    expect(ids(cheap)).toEqual([b.user.id, a.user.id]);
    expect(cheap.data.find((e) => e.id === a.user.id)!.price_from_cents).toBe(5000);
    // Names order the ties: renamed, A comes after B.
    expect(ids(await search('style=contemporary&minPrice=100'))).toEqual([]);
    await t.db.update(instructorReviews).set({ hidden: true }).where(eq(instructorReviews.instructorId, b.user.id));
    expect(ids(await search('style=contemporary'))).toEqual([a.user.id, b.user.id]);
    await t.db.update(users).set({ firstName: 'Zed' }).where(eq(users.id, a.user.id));
    expect(ids(await search('style=contemporary'))).toEqual([b.user.id, a.user.id]);
    for (const i of [a, b]) await t.db.update(instructorProfiles).set({ status: 'draft' }).where(eq(instructorProfiles.userId, i.user.id));
  });

  it('reads every sort and filter, near a place or not, in the order of the pure ranking (decision 0068)', async () => {
    const published = await t.db.select({ id: instructorProfiles.userId }).from(instructorProfiles).where(eq(instructorProfiles.status, 'published'));
    const records = await loadDirectoryRecords(t.db, published.map((p) => p.id));
    for (const zip of ['', '10001', '90210']) {
      const origin = zip ? await lookupZip(zip) : null;
      for (const sort of DIRECTORY_SORTS) {
        for (const extra of ['', 'mode=online', 'mode=in_person', 'style=ballet', 'minPrice=50&maxPrice=100', 'radius=10', 'lessonType=private&level=Beginner']) {
          const query = [zip && `zip=${zip}`, `sort=${sort}`, extra].filter(Boolean).join('&');
          const expected = searchRecords(records, filtersOf(parseDirectoryParams(new URLSearchParams(query)).query), origin);
          const answer = await search(`${query}&pageSize=48`);
          expect(ids(answer), query).toEqual(expected.map((r) => r.id));
          expect(answer.data.map((e) => [e.reach, e.distance_miles]), query).toEqual(expected.map((r) => [r.reach, r.distance_miles]));
        }
      }
    }
  });

  it.each([
    ['zip=1234', 'zip', ZIP_INVALID],
    ['zip=00000', 'zip', ZIP_NOT_FOUND],
    ['sort=cheapest', 'sort', 'Sort must be one of: recommended, distance, rating, price_low, price_high'],
    ['mode=anywhere', 'mode', 'Mode must be one of: online, in_person'],
    ['lessonType=solo', 'lessonType', 'Lesson type must be one of: private, group, masterclass, choreography'],
    ['level=Expert', 'level', 'Level must be one of: Beginner, Intermediate, Advanced, Professional, Mixed Levels'],
    ['minPrice=abc', 'minPrice', 'Minimum price must be a number'],
    ['minPrice=50&maxPrice=10', 'maxPrice', 'Maximum price must be at least the minimum price'],
    ['radius=0', 'radius', 'Radius must be at least 1 mile'],
    ['radius=501', 'radius', 'Radius must be at most 500 miles'],
    ['pageSize=49', 'pageSize', 'Page size must be at most 48'],
    ['page=0', 'page', 'Page must be at least 1'],
  ])('refuses %s with 400 on %s', async (query, field, message) => {
    const res = await t.request(`/api/connect/instructors?${query}`);
    expect(res.status).toBe(400);
    const body = await read<ErrorBody>(res);
    expect(body.message).toBe(message);
    expect(body.validationErrors?.[field]).toEqual([message]);
  });
});

describe('GET /api/connect/instructors/{id}', () => {
  it('answers the public profile: active lesson types, packages with their saving, latest reviews', async () => {
    const hidden = await createLessonType(t.db, nyc.user.id, { title: 'Retired class', active: false });
    await givePackage(t.db, nyc.lessonTypes[0]!, { lessonsCount: 5, priceCents: 36_000 });
    await givePackage(t.db, hidden, { lessonsCount: 4 });
    const res = await t.request(`/api/connect/instructors/${nyc.user.id}`);
    expect(res.status).toBe(200);
    const view = await read<PublicProfileView>(res);
    expect(view).toMatchObject({ id: nyc.user.id, name: 'Nora York', bio: 'I have taught ballet for fifteen years.', rating: 4.5, review_count: 2, cancellation_hours: 24 });
    expect(view.lesson_types.map((l) => [l.kind, l.price_cents, l.capacity])).toEqual([
      ['private', 8000, 1],
      ['group', 2500, 6],
    ]);
    expect(view.packages).toHaveLength(1);
    // 5 × $80 = $400; $360 saves 10%.
    expect(view.packages[0]).toMatchObject({ lessons_count: 5, price_cents: 36_000, per_lesson_cents: 7200, saving_percent: 10 });
    expect(view.reviews.map((r) => r.rating).sort()).toEqual([4, 5]);
    expect(view.reviews[0]).toMatchObject({ reviewer_name: 'Maya R.', lesson_title: 'Private ballet lesson' });
  });

  it('keeps at most the 10 latest reviews, and pages them all at /reviews', async () => {
    for (let i = 0; i < 11; i++) await review(newark, (i % 5) + 1, { comment: `Review ${i}` });
    const view = await read<PublicProfileView>(await t.request(`/api/connect/instructors/${newark.user.id}`));
    expect(view.reviews).toHaveLength(10);
    expect(view.review_count).toBe(11);
    const page1 = await read<InstructorReviewsAnswer>(await t.request(`/api/connect/instructors/${newark.user.id}/reviews`));
    expect(page1.pagination).toEqual({ page: 1, pageSize: 10, total: 11, totalPages: 2 });
    expect(page1.data.map((r) => r.id)).toEqual(view.reviews.map((r) => r.id));
    const page2 = await read<InstructorReviewsAnswer>(await t.request(`/api/connect/instructors/${newark.user.id}/reviews?page=2`));
    expect(page2.data).toHaveLength(1);
    expect(page2.rating).toBe(view.rating);
  });

  it('answers 404 for an unknown or unpublished instructor, 400 for a malformed id', async () => {
    const draft = await createInstructor(t.db, { status: 'draft' });
    for (const path of [`/api/connect/instructors/${draft.user.id}`, '/api/connect/instructors/99999999', `/api/connect/instructors/${draft.user.id}/reviews`]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(await read<ErrorBody>(res)).toEqual({ message: INSTRUCTOR_NOT_FOUND });
    }
    expect((await t.request('/api/connect/instructors/abc')).status).toBe(400);
    expect((await t.request(`/api/connect/instructors/${nyc.user.id}/reviews?page=x`)).status).toBe(400);
  });

  it('reads through the connect cache: a lesson price change shows on the next read', async () => {
    const before = await read<PublicProfileView>(await t.request(`/api/connect/instructors/${la.user.id}`));
    expect(before.price_from_cents).toBe(9000);
    await t.db.update(lessonTypes).set({ priceCents: 7500 }).where(eq(lessonTypes.id, la.lessonTypes[0]!.id));
    const after = await read<PublicProfileView>(await t.request(`/api/connect/instructors/${la.user.id}`));
    expect(after.price_from_cents).toBe(7500);
    expect((await search('sort=price_high')).data.find((e) => e.id === la.user.id)!.price_from_cents).toBe(7500);
  });
});
