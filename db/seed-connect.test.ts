import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../tests/support/factories.ts';
import { createTestApp, read, type TestApp } from '../tests/support/test-app.ts';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import type { OwnProfileView } from '../shared/bookings/views.ts';
import { lookupZip } from '../worker/src/services/connect/zipcode.ts';
import { availabilityRules, bookings, instructorProfiles, instructorReviews, lessonPackages, lessonTypes, packagePurchases, users } from './schema/index.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_INSTRUCTORS, demoBookingNumber, localInstant, seedDemoConnect } from './seed-connect.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
}, 60_000);
afterAll(() => t?.close());

const userNamed = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0]!;

describe('the Connect & Book demo', () => {
  it('publishes six instructors in different zones and styles, the US ones at their ZIP code’s place', async () => {
    expect(DEMO_INSTRUCTORS).toHaveLength(6);
    expect(new Set(DEMO_INSTRUCTORS.map((i) => i.timeZone)).size).toBe(6);
    for (const demo of DEMO_INSTRUCTORS) {
      const user = await userNamed(demo.username);
      const [profile] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id));
      expect(profile, demo.username).toMatchObject({ status: 'published', timeZone: demo.timeZone, premiumListing: demo.premium });
      if (demo.zip) {
        const place = (await lookupZip(demo.zip))!;
        expect(profile).toMatchObject({ zip: demo.zip, city: place.city, state: place.state, latitude: place.latitude, offersInPerson: true });
      } else {
        expect(profile).toMatchObject({ zip: null, offersInPerson: false, offersOnline: true });
      }
      expect((await t.db.select().from(availabilityRules).where(eq(availabilityRules.instructorId, user.id))).length).toBeGreaterThan(0);
      // Content accounts cannot sign in (decision 0016); the demo instructor can.
      if (demo.account !== 'existing') expect(user.passwordHash).toBe(NO_SIGN_IN_PASSWORD_HASH);
      else expect(user.passwordHash).not.toBe(NO_SIGN_IN_PASSWORD_HASH);
    }
    const types = await t.db.select({ kind: lessonTypes.kind }).from(lessonTypes);
    expect(new Set(types.map((r) => r.kind))).toEqual(new Set(['private', 'group', 'masterclass', 'choreography']));
    expect((await t.db.select().from(lessonPackages)).length).toBeGreaterThanOrEqual(3);
  });

  it('lets the demo instructor sign in and see a complete, published profile with the roles publishing grants', async () => {
    const elena = await userNamed('instructor_admin');
    const token = await signIn(t.db, elena.id);
    const view = await read<OwnProfileView>(await t.request('/api/connect/profile', { headers: { authorization: `Bearer ${token}` } }));
    expect(view).toMatchObject({ status: 'published', missing: [], city: 'New York', state: 'NY' });
    expect(view.lesson_types.length).toBe(3);
    const me = await read<{ role: string[] }>(await t.request('/api/me', { headers: { authorization: `Bearer ${token}` } }));
    expect(me.role).toEqual(expect.arrayContaining(['DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']));
  });

  it('books the demo learners into upcoming lessons and completed ones with reviews, without orders', async () => {
    const learners = [(await userNamed('student')).id, (await userNamed('multirole')).id];
    const rows = await t.db.select().from(bookings).where(inArray(bookings.userId, learners));
    const now = Date.now();
    const upcoming = rows.filter((b) => Date.parse(b.startsAt) > now);
    const past = rows.filter((b) => Date.parse(b.endsAt) < now);
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    expect(past.length).toBeGreaterThanOrEqual(4);
    for (const b of rows) expect(b).toMatchObject({ status: 'confirmed', orderId: null });
    const reviews = await t.db.select().from(instructorReviews);
    expect(reviews.length).toBe(past.length);
    for (const r of reviews) expect(past.map((b) => b.id)).toContain(r.bookingId);
    // One past lesson used a package credit the learner bought.
    const credit = rows.find((b) => b.packagePurchaseId !== null)!;
    const [purchase] = await t.db.select().from(packagePurchases).where(eq(packagePurchases.id, credit.packagePurchaseId!));
    expect(purchase).toMatchObject({ userId: credit.userId, instructorId: credit.instructorId, status: 'active' });
    // Two learners share the group class: seats 1 and 2 of one session.
    const elena = await userNamed('instructor_admin');
    const group = await t.db.select().from(bookings).where(and(eq(bookings.instructorId, elena.id), eq(bookings.kind, 'group')));
    expect(group.map((b) => b.seat).sort()).toEqual([1, 2]);
    expect(new Set(group.map((b) => b.startsAt)).size).toBe(1);
    expect(rows.map((b) => b.number).sort()).toEqual(rows.map((_, i) => demoBookingNumber(i)).sort());
  });

  it('gives the premium listing’s instructor a Premium plan, so the listing is active', async () => {
    const premium = DEMO_INSTRUCTORS.find((i) => i.premium)!;
    expect(await userNamed(premium.username)).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });
  });

  it('places lessons at the instructor’s local time, and runs only once', async () => {
    const at = localInstant('America/New_York', 0, '10:00', Date.parse('2026-07-01T12:00:00Z'));
    expect(at.toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(localInstant('Europe/Berlin', 1, '19:00', Date.parse('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-11T18:00:00.000Z');
    const before = (await t.db.select().from(bookings)).length;
    expect(await seedDemoConnect(t.db)).toBe(false);
    expect((await t.db.select().from(bookings)).length).toBe(before);
  });
});
