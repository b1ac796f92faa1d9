import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityRules, contentVersions, danceStyles, instructorProfiles, instructorStyles, lessonPackages, lessonTypes, users } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking, givePackage } from '../../../tests/support/booking-factories.ts';
import { createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { givePlan } from '../../../tests/support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PROFILE_INCOMPLETE, PROFILE_NOT_FOUND, PROFILE_SUSPENDED, TIME_ZONE_INVALID, ZIP_INVALID, ZIP_NOT_FOUND, LESSON_TYPE_NOT_FOUND } from '../domain/bookings.ts';
import { FEATURES } from '../domain/features.ts';
import type { LessonTypeView, OwnProfileView, PackageView } from '../../../shared/bookings/views.ts';
import { GROUP_CAPACITY, PACKAGE_NOT_FOUND, PRIVATE_CAPACITY, STYLE_NOT_FOUND } from '../../../shared/connect/profile-schemas.ts';

let t: TestApp;
let styleIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const styles = await t.db.select().from(danceStyles);
  styleIds = Object.fromEntries(styles.map((s) => [s.name, s.id]));
});
afterAll(() => t.close());

const complete = (overrides: Record<string, unknown> = {}) => ({
  headline: 'Ballet teacher for adult beginners',
  bio: 'Fifteen years of teaching ballet, online and in my Manhattan studio.',
  photo_url: 'https://images.example.test/me.jpg',
  video_url: null,
  style_ids: [styleIds.Ballet],
  levels: ['Beginner', 'Intermediate'],
  age_groups: ['Adult (18+)'],
  languages: ['English', 'French'],
  offers_online: true,
  offers_in_person: true,
  zip: '10001',
  travel_radius_miles: 10,
  time_zone: 'America/New_York',
  meeting_url: 'https://meet.example.test/ballet',
  min_notice_minutes: 720,
  horizon_days: 60,
  buffer_minutes: 15,
  cancellation_hours: 24,
  premium_listing: false,
  ...overrides,
});

const privateLesson = { kind: 'private', title: 'Private ballet lesson', duration_minutes: 60, price_cents: 6000 };

async function newProfile(overrides: Record<string, unknown> = {}) {
  const { user, token } = await createSignedInUser(t.db);
  const res = await t.json('PUT', '/api/connect/profile', complete(overrides), token);
  expect(res.status).toBe(201);
  return { user, token, view: await read<OwnProfileView>(res) };
}

async function weeklyHours(userId: number) {
  await t.db.insert(availabilityRules).values({ instructorId: userId, weekday: 1, startTime: '09:00', endTime: '12:00' });
}

describe('GET and PUT /api/connect/profile', () => {
  it('asks for a sign-in, and answers 404 PROFILE_NOT_FOUND before the profile exists', async () => {
    expect((await t.request('/api/connect/profile')).status).toBe(401);
    expect((await t.json('PUT', '/api/connect/profile', complete())).status).toBe(401);
    const { token } = await createSignedInUser(t.db);
    const res = await t.request('/api/connect/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: PROFILE_NOT_FOUND });
  });

  it('creates a draft (201) with the ZIP code resolved, a calendar token, and what publishing still needs', async () => {
    const { user, token, view } = await newProfile();
    expect(view).toMatchObject({
      id: user.id,
      status: 'draft',
      headline: 'Ballet teacher for adult beginners',
      style_ids: [styleIds.Ballet],
      levels: ['Beginner', 'Intermediate'],
      languages: ['English', 'French'],
      zip: '10001',
      city: 'New York',
      state: 'NY',
      time_zone: 'America/New_York',
      premium_listing: false,
      premium_active: false,
      lesson_types: [],
      packages: [],
      missing: ['a lesson type', 'weekly hours'],
      published_at: null,
    });
    const [row] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id));
    expect(row!.calendarToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(row!.latitude).toBeCloseTo(40.75, 1);
    expect(view.calendar_feed_url).toMatch(new RegExp(`/api/connect/calendar/${row!.calendarToken}\\.ics$`));

    // A second PUT updates (200), keeps the token, and replaces the styles.
    const updated = await t.json('PUT', '/api/connect/profile', complete({ headline: 'New headline', style_ids: [styleIds.Jazz, styleIds['Hip Hop']], zip: '', offers_in_person: false }), token);
    expect(updated.status).toBe(200);
    const body = await read<OwnProfileView>(updated);
    expect(body.headline).toBe('New headline');
    expect([...body.style_ids].sort()).toEqual([styleIds.Jazz, styleIds['Hip Hop']].sort());
    expect(body).toMatchObject({ zip: null, city: null, state: null });
    const [after] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id));
    expect(after!.calendarToken).toBe(row!.calendarToken);
    expect(after!.latitude).toBeNull();
  });

  it('takes the time zone from the ZIP code when none is given', async () => {
    const { view } = await newProfile({ zip: '90028', time_zone: undefined });
    expect(view).toMatchObject({ city: 'Los Angeles', state: 'CA', time_zone: 'America/Los_Angeles' });
    const online = await newProfile({ zip: null, offers_in_person: false, time_zone: undefined });
    expect(online.view.time_zone).toBe('America/New_York');
  });

  it('answers 400 with the field for each bad value, and changes nothing', async () => {
    const { user, token } = await newProfile();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ headline: 'x'.repeat(121) }, 'headline'],
      [{ bio: 'x'.repeat(4001) }, 'bio'],
      [{ photo_url: 'http://insecure.example.test/a.jpg' }, 'photo_url'],
      [{ video_url: 'javascript:alert(1)' }, 'video_url'],
      [{ style_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'style_ids'],
      [{ style_ids: [999999] }, 'style_ids', STYLE_NOT_FOUND],
      [{ levels: ['Grandmaster'] }, 'levels.0'],
      [{ age_groups: ['Teens'] }, 'age_groups.0'],
      [{ languages: ['Klingon'] }, 'languages.0'],
      [{ zip: '1234' }, 'zip', ZIP_INVALID],
      [{ zip: '00000' }, 'zip', ZIP_NOT_FOUND],
      [{ zip: null, offers_in_person: true }, 'zip'],
      [{ travel_radius_miles: 501 }, 'travel_radius_miles'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', TIME_ZONE_INVALID],
      [{ meeting_url: 'http://meet.example.test/x' }, 'meeting_url'],
      [{ min_notice_minutes: -1 }, 'min_notice_minutes'],
      [{ horizon_days: 0 }, 'horizon_days'],
      [{ horizon_days: 366 }, 'horizon_days'],
      [{ buffer_minutes: 241 }, 'buffer_minutes'],
      [{ cancellation_hours: 721 }, 'cancellation_hours'],
      [{ cancellation_hours: 1.5 }, 'cancellation_hours'],
      [{ offers_online: 'yes' }, 'offers_online'],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.json('PUT', '/api/connect/profile', complete({ headline: 'Changed?', ...change }), token);
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await read<ErrorBody>(res);
      expect(Object.keys(body.validationErrors ?? {}), JSON.stringify(change)).toContain(field);
      if (message) expect(body.validationErrors?.[field]).toContain(message);
    }
    const [row] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id));
    expect(row!.headline).toBe('Ballet teacher for adult beginners');
  });

  it('refuses a hidden style, but keeps one the profile already has', async () => {
    const [hidden] = await t.db.insert(danceStyles).values({ name: 'Hidden Test Style', slug: 'hidden-test-style', hidden: false }).returning();
    const { token } = await newProfile({ style_ids: [hidden!.id] });
    await t.db.update(danceStyles).set({ hidden: true }).where(eq(danceStyles.id, hidden!.id));
    const kept = await t.json('PUT', '/api/connect/profile', complete({ style_ids: [hidden!.id, styleIds.Ballet] }), token);
    expect(kept.status).toBe(200);
    const other = await createSignedInUser(t.db);
    const refused = await t.json('PUT', '/api/connect/profile', complete({ style_ids: [hidden!.id] }), other.token);
    expect(refused.status).toBe(400);
    expect((await read<ErrorBody>(refused)).validationErrors).toEqual({ style_ids: [STYLE_NOT_FOUND] });
  });

  it('asks for the premium plan before a premium listing (403 with the gate), and keeps one already asked for', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const refused = await t.json('PUT', '/api/connect/profile', complete({ premium_listing: true }), token);
    expect(refused.status).toBe(403);
    expect(await read(refused)).toMatchObject({ message: FEATURES.premium_directory_listing.description, feature: 'premium_directory_listing', requiredPlan: 'premium' });
    expect(await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id))).toEqual([]);

    // Educator is below the level.
    await givePlan(t.db, user.id, 'educator');
    expect((await t.json('PUT', '/api/connect/profile', complete({ premium_listing: true }), token)).status).toBe(403);

    const premium = await createSignedInUser(t.db);
    await givePlan(t.db, premium.user.id, 'premium');
    const ok = await t.json('PUT', '/api/connect/profile', complete({ premium_listing: true }), premium.token);
    expect(ok.status).toBe(201);
    expect(await read<OwnProfileView>(ok)).toMatchObject({ premium_listing: true, premium_active: true });
    // The plan lapses: the profile can still be saved with the listing asked for; it is not active.
    await t.db.update(users).set({ subscriptionTier: 'free', subscriptionStatus: 'canceled' }).where(eq(users.id, premium.user.id));
    const again = await t.json('PUT', '/api/connect/profile', complete({ premium_listing: true, headline: 'Still mine' }), premium.token);
    expect(again.status).toBe(200);
    expect(await read<OwnProfileView>(again)).toMatchObject({ premium_listing: true, premium_active: false });
  });
});

describe('POST /api/connect/profile/publish and unpublish', () => {
  it('refuses without a profile (404) and without a sign-in (401)', async () => {
    expect((await t.json('POST', '/api/connect/profile/publish')).status).toBe(401);
    expect((await t.json('POST', '/api/connect/profile/unpublish')).status).toBe(401);
    const { token } = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/connect/profile/publish', undefined, token)).status).toBe(404);
    expect((await t.json('POST', '/api/connect/profile/unpublish', undefined, token)).status).toBe(404);
  });

  it('answers 409 PROFILE_INCOMPLETE with each missing item, in order', async () => {
    const { token } = await createSignedInUser(t.db);
    await t.json('PUT', '/api/connect/profile', { headline: '', bio: '  ' }, token);
    const res = await t.json('POST', '/api/connect/profile/publish', undefined, token);
    expect(res.status).toBe(409);
    expect(await read(res)).toEqual({
      message: PROFILE_INCOMPLETE,
      missing: ['headline', 'bio', 'a style', 'a lesson type', 'weekly hours', 'online or a ZIP code'],
    });
  });

  it('an inactive lesson type does not count', async () => {
    const { user, token } = await newProfile();
    await weeklyHours(user.id);
    await t.json('POST', '/api/connect/profile/lesson-types', { ...privateLesson, active: false }, token);
    const res = await t.json('POST', '/api/connect/profile/publish', undefined, token);
    expect(res.status).toBe(409);
    expect(await read(res)).toMatchObject({ missing: ['a lesson type'] });
  });

  it('publishes a complete profile and grants DIRECTORY_MEMBER and BOOKING_PROFESSIONAL; unpublish keeps the roles', async () => {
    const { user, token } = await newProfile();
    await weeklyHours(user.id);
    expect((await t.json('POST', '/api/connect/profile/lesson-types', privateLesson, token)).status).toBe(201);
    const [before] = await t.db.select().from(contentVersions).where(eq(contentVersions.scope, 'accounts'));
    const res = await t.json('POST', '/api/connect/profile/publish', undefined, token);
    expect(res.status).toBe(200);
    const view = await read<OwnProfileView>(res);
    expect(view).toMatchObject({ status: 'published', missing: [] });
    expect(Date.parse(view.published_at!)).toBeGreaterThan(Date.now() - 60_000);
    const me = await read<{ role: string[] }>(await t.request('/api/me', { headers: { authorization: `Bearer ${token}` } }));
    expect(me.role).toEqual(expect.arrayContaining(['STUDENT', 'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']));
    const [after] = await t.db.select().from(contentVersions).where(eq(contentVersions.scope, 'accounts'));
    expect(after!.version).toBeGreaterThan(before!.version);

    // Again: nothing changes (published_at kept).
    const again = await read<OwnProfileView>(await t.json('POST', '/api/connect/profile/publish', undefined, token));
    expect(again.published_at).toBe(view.published_at);

    const down = await t.json('POST', '/api/connect/profile/unpublish', undefined, token);
    expect(down.status).toBe(200);
    expect(await read<OwnProfileView>(down)).toMatchObject({ status: 'draft', published_at: null });
    const still = await read<{ role: string[] }>(await t.request('/api/me', { headers: { authorization: `Bearer ${token}` } }));
    expect(still.role).toEqual(expect.arrayContaining(['DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']));
    expect(user.roles).toEqual(['STUDENT']);
  });

  it('a suspended profile can neither be published nor unpublished (403), and shows its reason', async () => {
    const given = await createInstructor(t.db, { status: 'suspended' });
    await t.db.update(instructorProfiles).set({ suspendedReason: 'Reported by students' }).where(eq(instructorProfiles.userId, given.user.id));
    const token = await signIn(t.db, given.user.id);
    const pub = await t.json('POST', '/api/connect/profile/publish', undefined, token);
    expect(pub.status).toBe(403);
    expect(await read(pub)).toEqual({ message: PROFILE_SUSPENDED });
    expect((await t.json('POST', '/api/connect/profile/unpublish', undefined, token)).status).toBe(403);
    const view = await read<OwnProfileView>(await t.request('/api/connect/profile', { headers: { authorization: `Bearer ${token}` } }));
    expect(view).toMatchObject({ status: 'suspended', suspended_reason: 'Reported by students' });
  });
});

describe('lesson types', () => {
  it('need a profile (404) and a sign-in (401)', async () => {
    expect((await t.json('POST', '/api/connect/profile/lesson-types', privateLesson)).status).toBe(401);
    const { token } = await createSignedInUser(t.db);
    const res = await t.json('POST', '/api/connect/profile/lesson-types', privateLesson, token);
    expect(res.status).toBe(404);
    expect(await read(res)).toEqual({ message: PROFILE_NOT_FOUND });
  });

  it('creates the four kinds with their capacity rules, last in the list', async () => {
    const { token } = await newProfile();
    const made = [];
    for (const body of [
      privateLesson,
      { kind: 'group', title: 'Adult ballet basics', duration_minutes: 75, price_cents: 2500, capacity: 8, mode: 'in_person' },
      { kind: 'masterclass', title: 'Pointe masterclass', duration_minutes: 120, price_cents: 9000, capacity: 20 },
      { kind: 'choreography', title: 'Wedding dance', duration_minutes: 90, price_cents: 15000 },
    ]) {
      const res = await t.json('POST', '/api/connect/profile/lesson-types', body, token);
      expect(res.status).toBe(201);
      made.push(await read<LessonTypeView>(res));
    }
    expect(made.map((m) => [m.kind, m.capacity, m.position])).toEqual([
      ['private', 1, 0],
      ['group', 8, 1],
      ['masterclass', 20, 2],
      ['choreography', 1, 3],
    ]);
    expect(made[1]).toMatchObject({ kind_label: 'Group class', mode: 'in_person', mode_label: 'In person', price_cents: 2500, price: 25, active: true, description: '' });

    const bad: [Record<string, unknown>, string, string?][] = [
      [{ ...privateLesson, capacity: 2 }, 'capacity', PRIVATE_CAPACITY],
      [{ kind: 'group', title: 'G', duration_minutes: 60, price_cents: 100 }, 'capacity', GROUP_CAPACITY],
      [{ kind: 'masterclass', title: 'M', duration_minutes: 60, price_cents: 100, capacity: 1 }, 'capacity', GROUP_CAPACITY],
      [{ kind: 'group', title: 'G', duration_minutes: 60, price_cents: 100, capacity: 101 }, 'capacity'],
      [{ ...privateLesson, kind: 'solo' }, 'kind'],
      [{ ...privateLesson, title: '  ' }, 'title'],
      [{ ...privateLesson, duration_minutes: 10 }, 'duration_minutes'],
      [{ ...privateLesson, duration_minutes: 481 }, 'duration_minutes'],
      [{ ...privateLesson, price_cents: -1 }, 'price_cents'],
      [{ ...privateLesson, price_cents: 10.5 }, 'price_cents'],
      [{ ...privateLesson, mode: 'phone' }, 'mode'],
    ];
    for (const [body, field, message] of bad) {
      const res = await t.json('POST', '/api/connect/profile/lesson-types', body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = (await read<ErrorBody>(res)).validationErrors ?? {};
      expect(Object.keys(errors)).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
    const view = await read<OwnProfileView>(await t.request('/api/connect/profile', { headers: { authorization: `Bearer ${token}` } }));
    expect(view.lesson_types).toHaveLength(4);
  });

  it("edits only one's own (404 otherwise), with the capacity rule on the result", async () => {
    const { token } = await newProfile();
    const type = await read<LessonTypeView>(await t.json('POST', '/api/connect/profile/lesson-types', privateLesson, token));
    const stranger = await newProfile();
    const theirs = await t.json('PATCH', `/api/connect/profile/lesson-types/${type.id}`, { title: 'Mine now' }, stranger.token);
    expect(theirs.status).toBe(404);
    expect(await read(theirs)).toEqual({ message: LESSON_TYPE_NOT_FOUND });
    expect((await t.json('PATCH', '/api/connect/profile/lesson-types/999999', { title: 'x' }, token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/connect/profile/lesson-types/abc', { title: 'x' }, token)).status).toBe(400);
    expect((await t.json('PATCH', `/api/connect/profile/lesson-types/${type.id}`, {}, token)).status).toBe(400);

    const toGroup = await t.json('PATCH', `/api/connect/profile/lesson-types/${type.id}`, { kind: 'group' }, token);
    expect(toGroup.status).toBe(400);
    expect((await read<ErrorBody>(toGroup)).validationErrors).toEqual({ capacity: [GROUP_CAPACITY] });
    const ok = await t.json('PATCH', `/api/connect/profile/lesson-types/${type.id}`, { kind: 'group', capacity: 6, price_cents: 3000 }, token);
    expect(ok.status).toBe(200);
    expect(await read<LessonTypeView>(ok)).toMatchObject({ id: type.id, kind: 'group', capacity: 6, price_cents: 3000, title: 'Private ballet lesson' });
  });

  it('deletes an unused type with its packages, and deactivates one that bookings use', async () => {
    const { token } = await newProfile();
    const unused = await read<LessonTypeView>(await t.json('POST', '/api/connect/profile/lesson-types', privateLesson, token));
    const pkg = await read<PackageView>(await t.json('POST', '/api/connect/profile/packages', { lesson_type_id: unused.id, title: 'Five lessons', lessons_count: 5, price_cents: 27000 }, token));
    const stranger = await newProfile();
    expect((await t.json('DELETE', `/api/connect/profile/lesson-types/${unused.id}`, undefined, stranger.token)).status).toBe(404);
    const gone = await t.json('DELETE', `/api/connect/profile/lesson-types/${unused.id}`, undefined, token);
    expect(gone.status).toBe(200);
    expect(await read(gone)).toEqual({ deleted: true, lesson_type: null });
    expect(await t.db.select().from(lessonTypes).where(eq(lessonTypes.id, unused.id))).toEqual([]);
    expect(await t.db.select().from(lessonPackages).where(eq(lessonPackages.id, pkg.id))).toEqual([]);

    const used = await read<LessonTypeView>(await t.json('POST', '/api/connect/profile/lesson-types', privateLesson, token));
    const [row] = await t.db.select().from(lessonTypes).where(eq(lessonTypes.id, used.id));
    const booker = await createUser(t.db);
    await giveBooking(t.db, booker.id, row!);
    const kept = await t.json('DELETE', `/api/connect/profile/lesson-types/${used.id}`, undefined, token);
    expect(kept.status).toBe(200);
    expect(await read(kept)).toMatchObject({ deleted: false, lesson_type: { id: used.id, active: false } });
  });
});

describe('packages', () => {
  it('creates one of an own active lesson type, with the per-lesson price and saving', async () => {
    expect((await t.json('POST', '/api/connect/profile/packages', { lesson_type_id: 1, title: 'x', lessons_count: 5, price_cents: 100 })).status).toBe(401);
    const { token } = await newProfile();
    const type = await read<LessonTypeView>(await t.json('POST', '/api/connect/profile/lesson-types', privateLesson, token));
    const res = await t.json('POST', '/api/connect/profile/packages', { lesson_type_id: type.id, title: 'Five private lessons', lessons_count: 5, price_cents: 27000 }, token);
    expect(res.status).toBe(201);
    expect(await read<PackageView>(res)).toMatchObject({
      lesson_type_id: type.id,
      lesson_type_title: 'Private ballet lesson',
      lessons_count: 5,
      price_cents: 27000,
      price: 270,
      per_lesson_cents: 5400,
      saving_percent: 10,
      active: true,
    });

    const stranger = await newProfile();
    const theirType = await t.json('POST', '/api/connect/profile/packages', { lesson_type_id: type.id, title: 'Steal', lessons_count: 5, price_cents: 100 }, stranger.token);
    expect(theirType.status).toBe(400);
    expect(Object.keys((await read<ErrorBody>(theirType)).validationErrors ?? {})).toEqual(['lesson_type_id']);
    for (const bad of [{ lessons_count: 1 }, { lessons_count: 51 }, { price_cents: 0 }, { title: '' }]) {
      const r = await t.json('POST', '/api/connect/profile/packages', { lesson_type_id: type.id, title: 'Pack', lessons_count: 5, price_cents: 100, ...bad }, token);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const noProfile = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/connect/profile/packages', { lesson_type_id: type.id, title: 'x', lessons_count: 5, price_cents: 100 }, noProfile.token)).status).toBe(404);
  });

  it("edits and removes only one's own; a bought package is deactivated, not deleted", async () => {
    const given = await createInstructor(t.db);
    const token = await signIn(t.db, given.user.id);
    const buyer = await createUser(t.db);
    const bought = await givePackage(t.db, given.lessonTypes[0]!, { buyerId: buyer.id });
    const spare = await givePackage(t.db, given.lessonTypes[0]!);
    const stranger = await newProfile();

    expect((await t.json('PATCH', `/api/connect/profile/packages/${spare.package.id}`, { title: 'Mine' }, stranger.token)).status).toBe(404);
    expect(await read(await t.json('DELETE', `/api/connect/profile/packages/${spare.package.id}`, undefined, stranger.token))).toEqual({ message: PACKAGE_NOT_FOUND });
    const patched = await t.json('PATCH', `/api/connect/profile/packages/${spare.package.id}`, { title: 'Ten lessons', lessons_count: 10, price_cents: 45000 }, token);
    expect(patched.status).toBe(200);
    expect(await read<PackageView>(patched)).toMatchObject({ title: 'Ten lessons', lessons_count: 10, per_lesson_cents: 4500, saving_percent: 10 });
    expect((await t.json('PATCH', `/api/connect/profile/packages/${spare.package.id}`, { lessons_count: 60 }, token)).status).toBe(400);

    expect(await read(await t.json('DELETE', `/api/connect/profile/packages/${spare.package.id}`, undefined, token))).toEqual({ deleted: true, package: null });
    const kept = await read<{ deleted: boolean; package: PackageView }>(await t.json('DELETE', `/api/connect/profile/packages/${bought.package.id}`, undefined, token));
    expect(kept).toMatchObject({ deleted: false, package: { id: bought.package.id, active: false } });
    // The type its purchase uses is kept too.
    const removedType = await read<{ deleted: boolean }>(await t.json('DELETE', `/api/connect/profile/lesson-types/${given.lessonTypes[0]!.id}`, undefined, token));
    expect(removedType.deleted).toBe(false);
    const styles = await t.db.select().from(instructorStyles).where(eq(instructorStyles.instructorId, given.user.id));
    expect(styles).toHaveLength(1);
  });
});
