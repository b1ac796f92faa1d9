import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '../../db/schema/index.ts';
import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS, isNotificationKind, type NotificationKind } from '../../worker/src/domain/notification-kinds.ts';
import { addDays, todayIn } from '../../worker/src/domain/booking-slots.ts';
import { publicOrigin } from '../../worker/src/platform/public-url.ts';
import { sweepBookings } from '../../worker/src/services/bookings/sweep.ts';
import { createAdminTestApp } from '../support/admin-test-app.ts';
import { createInstructor, giveBooking } from '../support/booking-factories.ts';
import { givePaidBooking } from '../support/booking-orders.ts';
import { buyCourse, createPaidCourse, payTestSession, startCheckout } from '../support/commerce-factories.ts';
import { createCourse, createEnrollment, createLesson, createModule } from '../support/course-factories.ts';
import { createSignedInUser, createUser, signIn } from '../support/factories.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { makeOwnership, makeResourceFile } from '../support/store-factories.ts';
import { read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Each notification kind is produced by its event (decision 0033): the in-app notice
 * and the email in the outbox, each only while the user's choice for the kind has it on; the
 * password reset email is sent whatever the choice. Every kind written is in the catalogue.
 */

let t: TestApp;
let adminToken: string;
beforeAll(async () => ({ t, adminToken } = await createAdminTestApp()));
afterAll(() => t.close());

const noticesOf = (userId: number, kind: NotificationKind) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const mailsTo = (address: string, kind: NotificationKind) => t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)));
const choose = async (token: string, kind: NotificationKind, choice: { in_app?: boolean; email?: boolean }) =>
  expect((await t.json('PUT', '/api/notifications/preferences', { preferences: [{ kind, ...choice }] }, token)).status).toBe(200);

const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR).toISOString();

describe('the catalogue', () => {
  it('names every kind with a label, a group, its channels and defaults; a required channel is one of its channels and on by default', () => {
    expect(NOTIFICATION_KIND_NAMES.length).toBeGreaterThan(20);
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const info: (typeof NOTIFICATION_KINDS)[NotificationKind] & { required?: string } = NOTIFICATION_KINDS[kind];
      expect(info.label.length, kind).toBeGreaterThan(0);
      expect(info.channels.length, kind).toBeGreaterThan(0);
      if (info.required) {
        expect(info.channels as readonly string[]).toContain(info.required);
        expect(info.defaults[info.required as 'email' | 'in_app']).toBe(true);
      }
    }
    expect(isNotificationKind('password-reset')).toBe(true);
    expect(isNotificationKind('walk')).toBe(false);
  });
});

describe('each kind produced by its event', () => {
  it('receipt and enrolment: a paid course sends the receipt (in-app, to the receipt page, and by email) and the enrolment, once', async () => {
    const buyer = await createSignedInUser(t.db);
    const course = await createPaidCourse(t.db, { priceCents: 1900 });
    const order = await buyCourse(t, buyer.token, course.id);
    const receipt = await noticesOf(buyer.user.id, 'receipt');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.url).toBe(`/my-purchases/${order.id}/receipt`);
    expect((await mailsTo(buyer.user.email!, 'receipt')).filter((m) => m.subject.includes(order.number))).toHaveLength(1);
    const enrolled = await noticesOf(buyer.user.id, 'enrolment');
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0]).toMatchObject({ url: `/learn/courses/${course.id}` });
    expect(enrolled[0]!.title).toContain(course.title);
    expect((await mailsTo(buyer.user.email!, 'enrolment')).filter((m) => m.subject.includes(course.title))).toHaveLength(1);
  });

  it('receipt: turned off in-app, the payment batch writes no notice but still the email; email off, no email', async () => {
    const buyer = await createSignedInUser(t.db);
    await choose(buyer.token, 'receipt', { in_app: false });
    await choose(buyer.token, 'enrolment', { email: false });
    const course = await createPaidCourse(t.db, { priceCents: 900 });
    const order = await buyCourse(t, buyer.token, course.id);
    expect(await noticesOf(buyer.user.id, 'receipt')).toHaveLength(0);
    expect((await mailsTo(buyer.user.email!, 'receipt')).filter((m) => m.subject.includes(order.number))).toHaveLength(1);
    expect(await noticesOf(buyer.user.id, 'enrolment')).toHaveLength(1);
    expect(await mailsTo(buyer.user.email!, 'enrolment')).toHaveLength(0);
  });

  it('enrolment: free, direct (by an admin) and by an accepted invitation', async () => {
    const learner = await createSignedInUser(t.db);
    const free = await createCourse(t.db, { status: 'published', priceCents: 0 });
    expect((await t.json('POST', '/api/enrollments', { courseId: free.id }, learner.token)).status).toBe(201);
    // Enrolling again changes nothing and tells nobody again.
    expect((await t.json('POST', '/api/enrollments', { courseId: free.id }, learner.token)).status).toBe(200);
    const direct = await createCourse(t.db, { status: 'published', priceCents: 4000 });
    expect((await t.json('POST', '/api/enrollments', { courseId: direct.id, userId: learner.user.id }, adminToken)).status).toBe(201);
    const notices = await noticesOf(learner.user.id, 'enrolment');
    expect(notices.map((n) => n.url).sort()).toEqual([`/learn/courses/${free.id}`, `/learn/courses/${direct.id}`].sort());
    expect(await mailsTo(learner.user.email!, 'enrolment')).toHaveLength(2);

    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const invitedCourse = await createCourse(t.db, { status: 'published', instructorId: instructor.id });
    const instructorToken = await signIn(t.db, instructor.id);
    const invited = await createSignedInUser(t.db);
    const invitation = await t.json('POST', `/api/courses/${invitedCourse.id}/invitations`, { email: invited.user.email }, instructorToken);
    expect(invitation.status).toBe(201);
    // course-invitation: in-app for an account, and the email.
    expect(await noticesOf(invited.user.id, 'course-invitation')).toHaveLength(1);
    expect(await mailsTo(invited.user.email!, 'course-invitation')).toHaveLength(1);
    const { id } = await read<{ id: number }>(invitation);
    expect((await t.json('POST', `/api/me/invitations/${id}/accept`, undefined, invited.token)).status).toBe(200);
    expect(await noticesOf(invited.user.id, 'enrolment')).toHaveLength(1);
  });

  it('enrolment: the notice names the course and how, the email says the same with the link; each channel follows its choice; no address, no email', async () => {
    const course = await createCourse(t.db, { status: 'published', priceCents: 0 });
    const learner = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, learner.token)).status).toBe(201);
    const [notice] = await noticesOf(learner.user.id, 'enrolment');
    expect(notice).toMatchObject({ title: `You are enrolled in “${course.title}”`, body: 'You enrolled. Start whenever you like.', url: `/learn/courses/${course.id}` });
    const [mail] = await mailsTo(learner.user.email!, 'enrolment');
    expect(mail).toMatchObject({ subject: `You are enrolled in “${course.title}”`, status: 'logged' });
    expect(mail!.textBody).toBe(`You enrolled. Start whenever you like.\n\n${new URL(`/learn/courses/${course.id}`, `${publicOrigin(t.platform.env)}/`).toString()}`);

    const quiet = await createSignedInUser(t.db);
    await choose(quiet.token, 'enrolment', { in_app: false });
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, quiet.token)).status).toBe(201);
    expect(await noticesOf(quiet.user.id, 'enrolment')).toHaveLength(0);
    expect(await mailsTo(quiet.user.email!, 'enrolment')).toHaveLength(1);

    const noAddress = await createSignedInUser(t.db, { email: null });
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, noAddress.token)).status).toBe(201);
    expect(await noticesOf(noAddress.user.id, 'enrolment')).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(like(emailOutbox.subject, `%${course.title}%`))).toHaveLength(2);
  });

  it('certificate_issued: issued by hand, once; email off suppresses only the email', async () => {
    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const course = await createCourse(t.db, { status: 'published', instructorId: instructor.id });
    const learner = await createSignedInUser(t.db);
    await createEnrollment(t.db, learner.user.id, course.id);
    await choose(learner.token, 'certificate_issued', { email: false });
    const res = await t.json('POST', '/api/certificates', { userId: learner.user.id, courseId: course.id }, await signIn(t.db, instructor.id));
    expect(res.status).toBe(201);
    const { id } = await read<{ id: number }>(res);
    const notices = await noticesOf(learner.user.id, 'certificate_issued');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.url).toBe(`/certificates/${id}`);
    expect(await mailsTo(learner.user.email!, 'certificate_issued')).toHaveLength(0);

    const other = await createSignedInUser(t.db);
    await createEnrollment(t.db, other.user.id, course.id);
    expect((await t.json('POST', '/api/certificates', { userId: other.user.id, courseId: course.id }, adminToken)).status).toBe(201);
    expect(await noticesOf(other.user.id, 'certificate_issued')).toHaveLength(1);
    expect(await mailsTo(other.user.email!, 'certificate_issued')).toHaveLength(1);
  });

  it('certificate_issued: completing a course issues it and tells the learner once', async () => {
    const course = await createCourse(t.db, { status: 'published', priceCents: 0 });
    const lesson = await createLesson(t.db, (await createModule(t.db, course.id)).id);
    const learner = await createSignedInUser(t.db);
    await createEnrollment(t.db, learner.user.id, course.id);
    for (let i = 0; i < 2; i++) {
      const res = await t.json('POST', `/api/learn/lessons/${lesson.id}/complete`, {}, learner.token);
      expect(res.status).toBe(200);
      expect((await read<{ course_completed: boolean }>(res)).course_completed).toBe(true);
    }
    expect(await noticesOf(learner.user.id, 'certificate_issued')).toHaveLength(1);
    expect(await mailsTo(learner.user.email!, 'certificate_issued')).toHaveLength(1);
  });

  it('resource_submitted, resource_approved, resource_rejected, review_received, review_replied and resource_sold', async () => {
    const officer = await createUser(t.db, { roles: ['CURRICULUM_OFFICER'] });
    const officerToken = await signIn(t.db, officer.id);
    const seller = await createSeller(t.db);
    const sellerToken = await signIn(t.db, seller.user.id);
    const draft = await createResource(t.db, seller.user.id, { status: 'draft', title: `Salsa turns ${Date.now()}` });
    await makeResourceFile(t, draft.id);
    expect((await t.json('POST', `/api/resources/${draft.id}/submit`, undefined, sellerToken)).status).toBe(200);
    expect((await noticesOf(officer.id, 'resource_submitted')).filter((n) => n.body.includes(draft.title))).toHaveLength(1);
    expect((await t.json('POST', `/api/resources/${draft.id}/reject`, { reason: 'Add a cover page' }, officerToken)).status).toBe(200);
    expect(await noticesOf(seller.user.id, 'resource_rejected')).toHaveLength(1);
    expect(await mailsTo(seller.user.email!, 'resource_rejected')).toHaveLength(1);
    expect((await t.json('POST', `/api/resources/${draft.id}/submit`, undefined, sellerToken)).status).toBe(200);
    // The seller turns approvals' email off: the notice comes, the email does not.
    await choose(sellerToken, 'resource_approved', { email: false });
    expect((await t.json('POST', `/api/resources/${draft.id}/approve`, undefined, officerToken)).status).toBe(200);
    expect(await noticesOf(seller.user.id, 'resource_approved')).toHaveLength(1);
    expect(await mailsTo(seller.user.email!, 'resource_approved')).toHaveLength(0);

    const reader = await createSignedInUser(t.db);
    await makeOwnership(t.db, reader.user.id, draft.id);
    const reviewed = await t.json('POST', `/api/resources/${draft.id}/reviews`, { rating: 5, body: 'Clear steps and good music picks.' }, reader.token);
    expect(reviewed.status).toBe(201);
    expect(await noticesOf(seller.user.id, 'review_received')).toHaveLength(1);
    expect(await mailsTo(seller.user.email!, 'review_received')).toHaveLength(1);
    const { id: reviewId } = await read<{ id: number }>(reviewed);
    expect((await t.json('POST', `/api/resources/${draft.id}/reviews/${reviewId}/reply`, { reply: 'Thank you, enjoy!' }, sellerToken)).status).toBe(200);
    expect(await noticesOf(reader.user.id, 'review_replied')).toHaveLength(1);

    // A sale: the seller's in-app notice is off, the email stays on.
    await choose(sellerToken, 'resource_sold', { in_app: false });
    const paid = await createResource(t.db, seller.user.id, { title: `Bachata map ${Date.now()}`, priceCents: 1500 });
    const buyer = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/cart', { type: 'RESOURCE', itemId: paid.id }, buyer.token)).status).toBeLessThan(300);
    const started = await startCheckout(t, buyer.token);
    expect((await payTestSession(t, buyer.token, started.sessionId)).status).toBe(200);
    expect(await noticesOf(seller.user.id, 'resource_sold')).toHaveLength(0);
    expect((await mailsTo(seller.user.email!, 'resource_sold')).filter((m) => m.textBody.includes(paid.title))).toHaveLength(1);
  });

  it('payout: the payee hears of a payout made, once', async () => {
    const seller = await createSeller(t.db);
    const sellerToken = await signIn(t.db, seller.user.id);
    const paid = await createResource(t.db, seller.user.id, { priceCents: 2500 });
    const buyer = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/cart', { type: 'RESOURCE', itemId: paid.id }, buyer.token)).status).toBeLessThan(300);
    const started = await startCheckout(t, buyer.token);
    expect((await payTestSession(t, buyer.token, started.sessionId)).status).toBe(200);
    expect((await t.json('POST', '/api/stripe-connect', undefined, sellerToken)).status).toBe(200);
    expect((await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, sellerToken)).status).toBe(200);
    expect((await t.json('POST', '/api/seller/payouts', undefined, sellerToken)).status).toBe(201);
    expect((await t.json('POST', '/api/seller/payouts', undefined, sellerToken)).status).toBe(409);
    const notices = await noticesOf(seller.user.id, 'payout');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.url).toBe('/seller/payments');
    expect(await mailsTo(seller.user.email!, 'payout')).toHaveLength(1);
  });

  it('seller_applied, seller_approved, seller_suspended, seller_reinstated, seller_rejected', async () => {
    const manager = await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const applicant = await createSignedInUser(t.db);
    const store = `Kizomba lab ${Date.now()}`;
    expect((await t.json('POST', '/api/sellers/apply', { store_name: store, bio: 'Kizomba units for adult beginners, tried in class.' }, applicant.token)).status).toBe(201);
    expect((await noticesOf(manager.id, 'seller_applied')).filter((n) => n.body.includes(store))).toHaveLength(1);
    expect((await t.json('POST', `/api/admin/sellers/${applicant.user.id}/approve`, undefined, adminToken)).status).toBe(200);
    expect(await noticesOf(applicant.user.id, 'seller_approved')).toHaveLength(1);
    expect((await t.json('POST', `/api/admin/sellers/${applicant.user.id}/suspend`, { reason: 'Copied material' }, adminToken)).status).toBe(200);
    expect(await noticesOf(applicant.user.id, 'seller_suspended')).toHaveLength(1);
    expect((await t.json('POST', `/api/admin/sellers/${applicant.user.id}/reinstate`, undefined, adminToken)).status).toBe(200);
    expect(await noticesOf(applicant.user.id, 'seller_reinstated')).toHaveLength(1);
    expect(await mailsTo(applicant.user.email!, 'seller_reinstated')).toHaveLength(1);
    const declined = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/sellers/apply', { store_name: `${store} 2`, bio: 'Kizomba units for adult beginners, tried in class.' }, declined.token)).status).toBe(201);
    expect((await t.json('POST', `/api/admin/sellers/${declined.user.id}/reject`, { reason: 'Too little material yet' }, adminToken)).status).toBe(200);
    expect(await noticesOf(declined.user.id, 'seller_rejected')).toHaveLength(1);
    expect(await mailsTo(declined.user.email!, 'seller_rejected')).toHaveLength(1);
  });

  it('booking_confirmed (a free lesson, at once), booking_cancelled and booking_reminder, each as its receiver chose', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { cancellationHours: 24 });
    const booker = await createSignedInUser(t.db);
    const { booking } = await givePaidBooking(t, booker.user.id, lessonTypes[0]!, { startsAt: hoursFromNow(48) });
    // Confirmed at once (a free lesson): the instructor turned the in-app notice off and keeps the email.
    const free = await createInstructor(t.db, {
      timeZone: 'UTC',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      minNoticeMinutes: 0,
      lessonTypes: [{ priceCents: 0, title: 'Free trial' }],
    });
    await choose(await signIn(t.db, free.user.id), 'booking_confirmed', { in_app: false });
    const startsAt = `${addDays(todayIn('UTC', new Date()), 4)}T10:00:00.000Z`;
    const held = await t.json('POST', '/api/bookings', { instructorId: free.user.id, lessonTypeId: free.lessonTypes[0]!.id, startsAt, timeZone: 'UTC' }, booker.token);
    expect(held.status).toBe(201);
    expect(await noticesOf(booker.user.id, 'booking_confirmed')).toHaveLength(1);
    expect(await noticesOf(free.user.id, 'booking_confirmed')).toHaveLength(0);
    expect(await mailsTo(booker.user.email!, 'booking_confirmed')).toHaveLength(1);
    expect(await mailsTo(free.user.email!, 'booking_confirmed')).toHaveLength(1);

    expect((await t.json('POST', `/api/bookings/${booking.id}/cancel`, { reason: 'Sick' }, booker.token)).status).toBe(200);
    expect(await noticesOf(booker.user.id, 'booking_cancelled')).toHaveLength(1);
    expect(await noticesOf(instructor.id, 'booking_cancelled')).toHaveLength(1);
    expect((await mailsTo(booker.user.email!, 'booking_cancelled')).filter((m) => m.subject.includes(booking.number))).toHaveLength(1);

    // The reminder: the booker turned it off on both channels, the instructor did not.
    await choose(booker.token, 'booking_reminder', { in_app: false, email: false });
    const soon = await giveBooking(t.db, booker.user.id, lessonTypes[0]!, { startsAt: hoursFromNow(3) });
    await sweepBookings(t.platform);
    expect((await noticesOf(booker.user.id, 'booking_reminder')).filter((n) => n.body.includes(soon.title))).toHaveLength(0);
    expect(await mailsTo(booker.user.email!, 'booking_reminder')).toHaveLength(0);
    expect((await noticesOf(instructor.id, 'booking_reminder')).length).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'booking_reminder'), like(emailOutbox.subject, `%(${soon.number})`)))).map((m) => m.toAddress)).toEqual([instructor.email]);
  });

  it('booking_declined and booking_rescheduled, each as chosen', async () => {
    const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY, cancellationHours: 24 });
    const instructorToken = await signIn(t.db, instructor.id);
    const booker = await createSignedInUser(t.db);
    const moved = await giveBooking(t.db, booker.user.id, lessonTypes[0]!, { startsAt: hoursFromNow(72) });
    // The instructor wants no in-app notice of moves; the booker gets both.
    await choose(instructorToken, 'booking_rescheduled', { in_app: false });
    expect((await t.json('POST', `/api/bookings/${moved.id}/reschedule`, { startsAt: hoursFromNow(96) }, booker.token)).status).toBe(200);
    expect(await noticesOf(booker.user.id, 'booking_rescheduled')).toHaveLength(1);
    expect(await noticesOf(instructor.id, 'booking_rescheduled')).toHaveLength(0);
    expect((await mailsTo(instructor.email!, 'booking_rescheduled')).filter((m) => m.subject.includes(moved.number))).toHaveLength(1);

    const { booking } = await givePaidBooking(t, booker.user.id, lessonTypes[0]!, { startsAt: hoursFromNow(30) });
    await choose(booker.token, 'booking_declined', { email: false });
    expect((await t.json('POST', `/api/instructor/bookings/${booking.id}/decline`, { reason: 'Ill' }, instructorToken)).status).toBe(200);
    expect(await noticesOf(booker.user.id, 'booking_declined')).toHaveLength(1);
    expect(await mailsTo(booker.user.email!, 'booking_declined')).toHaveLength(0);
  });

  it('password-reset: the email is sent even when the user asks for no email at all, and cannot be turned off', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const refused = await t.json('PUT', '/api/notifications/preferences', { preferences: [{ kind: 'password-reset', email: false }] }, token);
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
    expect((await t.json('POST', '/api/password/forgot', { email: user.email })).status).toBe(202);
    expect(await mailsTo(user.email!, 'password-reset')).toHaveLength(1);
  });

  it('every kind written to notifications and the outbox by these events is in the catalogue', async () => {
    const notices = await t.db.selectDistinct({ kind: notifications.kind }).from(notifications);
    const mails = await t.db.selectDistinct({ kind: emailOutbox.kind }).from(emailOutbox);
    const written = new Set([...notices, ...mails].map((r) => r.kind));
    expect(written.size).toBeGreaterThan(15);
    for (const kind of written) expect(isNotificationKind(kind), kind).toBe(true);
    // And every kind of the catalogue was produced here, but those whose events have their own tests.
    const elsewhere = new Set([
      'waitlist_offer' /* routes/waitlist.test.ts */,
      'package_sold' /* routes/packages.test.ts */,
      'feedback_requested' /* routes/practice-feedback.test.ts */,
      'feedback_answered' /* routes/practice-feedback-answer.test.ts */,
      'feedback_reply' /* routes/practice-feedback-answer.test.ts */,
      'community_question' /* tests/api/community-notices.test.ts */,
      'community_answer' /* tests/api/community-notices.test.ts */,
      'community_reply' /* tests/api/community-notices.test.ts */,
      'community_digest' /* tests/api/community-notices.test.ts */,
    ]);
    expect(NOTIFICATION_KIND_NAMES.filter((k) => !written.has(k) && !elsewhere.has(k))).toEqual([]);
  });
});

describe('/api/notifications/preferences', () => {
  it('lists every kind the user can receive, grouped, with defaults; staff kinds only for staff', async () => {
    const learner = await createSignedInUser(t.db);
    const body = await read<{ groups: { group: string; kinds: { kind: string; in_app: boolean; email: boolean; required: string | null; channels: string[] }[] }[] }>(
      await t.json('GET', '/api/notifications/preferences', undefined, learner.token),
    );
    const kinds = body.groups.flatMap((g) => g.kinds);
    expect(body.groups.map((g) => g.group)).not.toContain('Staff');
    expect(kinds.find((k) => k.kind === 'password-reset')).toMatchObject({ channels: ['email'], required: 'email', email: true, in_app: false });
    expect(kinds.find((k) => k.kind === 'enrolment')).toMatchObject({ in_app: true, email: true, required: null });
    const staff = await read<{ groups: { group: string }[] }>(await t.json('GET', '/api/notifications/preferences', undefined, adminToken));
    expect(staff.groups.map((g) => g.group)).toContain('Staff');
  });

  it('changes choices; an unknown kind, a required channel turned off or a channel a kind has not answer 400 and change nothing', async () => {
    const { token } = await createSignedInUser(t.db);
    const ok = await t.json('PATCH', '/api/notifications/preferences', { preferences: [{ kind: 'enrolment', email: false }] }, token);
    expect(ok.status).toBe(200);
    const kindsOf = async (res: Response) => (await read<{ groups: { kinds: { kind: string; in_app: boolean; email: boolean }[] }[] }>(res)).groups.flatMap((g) => g.kinds);
    expect((await kindsOf(ok)).find((k) => k.kind === 'enrolment')).toMatchObject({ in_app: true, email: false });
    for (const bad of [
      [{ kind: 'enrolment', in_app: false }, { kind: 'no_such_kind', email: false }],
      [{ kind: 'enrolment', in_app: false }, { kind: 'password-reset', email: false }],
      [{ kind: 'enrolment', in_app: false }, { kind: 'password-reset', in_app: true }],
      [{ kind: 'enrolment', in_app: false }, { kind: 'resource_submitted', email: false }],
    ]) {
      const res = await t.json('PUT', '/api/notifications/preferences', { preferences: bad }, token);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {})[0], JSON.stringify(bad)).toMatch(/^preferences\.1\./);
    }
    for (const malformed of [{}, { preferences: [] }, { preferences: [{ kind: 'enrolment', email: 'no' }] }, { preferences: [{ kind: 'enrolment', extra: 1 }] }, 'x']) {
      expect((await t.json('PUT', '/api/notifications/preferences', malformed, token)).status, JSON.stringify(malformed)).toBe(400);
    }
    const after = await kindsOf(await t.json('GET', '/api/notifications/preferences', undefined, token));
    expect(after.find((k) => k.kind === 'enrolment')).toMatchObject({ in_app: true, email: false });
  });

  it('GET /api/notifications/unread counts the unread notices', async () => {
    const { user, token } = await createSignedInUser(t.db);
    await t.db.insert(notifications).values([
      { userId: user.id, kind: 'enrolment', title: 'A' },
      { userId: user.id, kind: 'enrolment', title: 'B' },
    ]);
    expect(await read<{ unread: number }>(await t.json('GET', '/api/notifications/unread', undefined, token))).toEqual({ unread: 2 });
    await t.json('POST', '/api/notifications/read-all', undefined, token);
    expect(await read<{ unread: number }>(await t.json('GET', '/api/notifications/unread', undefined, token))).toEqual({ unread: 0 });
  });
});
