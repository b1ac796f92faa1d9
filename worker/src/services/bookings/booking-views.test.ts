import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructorReviews } from '../../../../db/schema/index.ts';
import { createInstructor, giveBooking, givePackage } from '../../../../tests/support/booking-factories.ts';
import { createUser } from '../../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { countBookings, loadBookingViews } from './booking-views.ts';

describe('loadBookingViews', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const hours = (n: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + n * 3_600_000).toISOString();

  it('computes what a booking allows now, by scope', async () => {
    const given = await createInstructor(t.db, {
      cancellationHours: 24,
      city: 'Austin',
      state: 'TX',
      lessonTypes: [{}, { mode: 'in_person', title: 'Studio lesson' }],
    });
    const [online, inPerson] = given.lessonTypes as [(typeof given.lessonTypes)[number], (typeof given.lessonTypes)[number]];
    const booker = await createUser(t.db, { firstName: 'Bo', lastName: 'Oker' });
    const soon = await giveBooking(t.db, booker.id, online, { startsAt: hours(5) });
    const later = await giveBooking(t.db, booker.id, inPerson, { startsAt: hours(72) });
    const done = await giveBooking(t.db, booker.id, online, { startsAt: hours(-48) });
    const reviewed = await giveBooking(t.db, booker.id, online, { startsAt: hours(-96) });
    await t.db.insert(instructorReviews).values({ bookingId: reviewed.id, instructorId: given.user.id, userId: booker.id, rating: 5, comment: 'Lovely' });
    const lapsed = await giveBooking(t.db, booker.id, online, { status: 'held', startsAt: hours(30), holdExpiresAt: hours(-1) });
    const { purchase } = await givePackage(t.db, online, { buyerId: booker.id });
    const credit = await giveBooking(t.db, booker.id, online, { startsAt: hours(100), priceCents: 0, packagePurchaseId: purchase!.id });

    const upcoming = await loadBookingViews(t.db, { userId: booker.id, scope: 'upcoming' });
    expect(upcoming.map((b) => b.id)).toEqual([soon.id, later.id, credit.id]);
    const [s, l, c] = upcoming as [(typeof upcoming)[number], (typeof upcoming)[number], (typeof upcoming)[number]];
    // Late: cancelling gives nothing back (no order paid here either), no rescheduling.
    expect(s).toMatchObject({ status_label: 'Confirmed', can_cancel: true, refund_if_cancelled_cents: 0, can_reschedule: false, join_url: 'https://meet.example.test/ina', location: null, paid_with: 'card' });
    expect(l).toMatchObject({ mode: 'in_person', join_url: null, location: 'Austin, TX', can_reschedule: true, booker: { id: booker.id, name: 'Bo Oker' } });
    expect(l.booker).not.toHaveProperty('email');
    expect(c).toMatchObject({ paid_with: 'package', credit_returns_if_cancelled: true, package_purchase_id: purchase!.id });
    expect(Date.parse(l.cancellation_deadline)).toBe(Date.parse(l.starts_at) - 24 * 3_600_000);

    const past = await loadBookingViews(t.db, { userId: booker.id, scope: 'past' });
    expect(past.map((b) => b.id)).toEqual([lapsed.id, done.id, reviewed.id]);
    const [x, d, r] = past as [(typeof past)[number], (typeof past)[number], (typeof past)[number]];
    expect(x).toMatchObject({ status: 'held', can_cancel: false, checkout_url: null });
    expect(d).toMatchObject({ completed: true, status_label: 'Completed', can_review: true, can_cancel: false, join_url: 'https://meet.example.test/ina', review: null });
    expect(r).toMatchObject({ completed: true, can_review: false, review: { rating: 5, comment: 'Lovely', reviewer_name: 'Bo Oker' } });

    expect(await countBookings(t.db, { instructorId: given.user.id })).toBe(6);

    // A cancelled or declined booking is filed under cancelled, never past, even one that was to start later.
    const cancelledSoon = await giveBooking(t.db, booker.id, online, { status: 'cancelled', startsAt: hours(200) });
    const declinedLater = await giveBooking(t.db, booker.id, online, { status: 'declined', startsAt: hours(300) });
    const cancelledBefore = await giveBooking(t.db, booker.id, online, { status: 'cancelled', startsAt: hours(-200) });
    expect((await loadBookingViews(t.db, { userId: booker.id, scope: 'cancelled' })).map((b) => b.id)).toEqual([declinedLater.id, cancelledSoon.id, cancelledBefore.id]);
    expect((await loadBookingViews(t.db, { userId: booker.id, scope: 'past' })).map((b) => b.id)).toEqual([lapsed.id, done.id, reviewed.id]);
    expect((await loadBookingViews(t.db, { userId: booker.id, scope: 'upcoming' })).map((b) => b.id)).toEqual([soon.id, later.id, credit.id]);
    expect(await countBookings(t.db, { instructorId: given.user.id, scope: 'cancelled' })).toBe(3);
    const withEmail = await loadBookingViews(t.db, { ids: [soon.id], withBookerEmail: true });
    expect(withEmail[0]!.booker.email).toBe(booker.email);
    expect(await loadBookingViews(t.db, { ids: [] })).toEqual([]);
  });
});
