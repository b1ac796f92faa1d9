import { and, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWaitlist, bookings, emailOutbox, notifications } from '../../../../db/schema/index.ts';
import { createInstructor, giveBooking } from '../../../../tests/support/booking-factories.ts';
import { givePaidBooking } from '../../../../tests/support/booking-orders.ts';
import { createUser } from '../../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { REMINDER_HOURS } from '../../domain/bookings.ts';
import { statementsOf } from '../../../../tests/support/query-plans.ts';
import { REMINDER_CHUNK, sweepBookings } from './sweep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const row = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsAbout = (number: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), like(emailOutbox.subject, `%(${number})`)));

describe('sweepBookings', () => {
  it('sends the reminder once, to both, only inside the reminder window', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db);
    const booker = await createUser(t.db);
    const soon = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(REMINDER_HOURS - 1) });
    const later = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(REMINDER_HOURS + 3) });
    const cancelled = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(2), status: 'cancelled' });
    const first = await sweepBookings(t.platform);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect((await row(soon.id)).reminderSentAt).not.toBeNull();
    expect((await row(later.id)).reminderSentAt).toBeNull();
    expect((await row(cancelled.id)).reminderSentAt).toBeNull();
    await sweepBookings(t.platform);
    await Promise.all([sweepBookings(t.platform), sweepBookings(t.platform)]);
    const notices = await t.db.select().from(notifications).where(eq(notifications.kind, 'booking_reminder'));
    expect(notices.filter((n) => n.body.includes(soon.title) && (n.userId === booker.id || n.userId === instructor.id))).toHaveLength(2);
    const mails = await mailsAbout(soon.number, 'booking_reminder');
    expect(mails.map((m) => m.toAddress).sort()).toEqual([booker.email, instructor.email].sort());
    const ics = (JSON.parse(mails[0]!.attachments!) as { content: string }[])[0]!.content;
    expect(new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!).uid).toBe(`booking-${soon.number}@drx`);
    expect(await mailsAbout(later.number, 'booking_reminder')).toHaveLength(0);
    // The later one's turn comes when its window opens.
    await sweepBookings(t.platform, new Date(Date.now() + 4 * HOUR));
    expect((await row(later.id)).reminderSentAt).not.toBeNull();
    expect(await mailsAbout(later.number, 'booking_reminder')).toHaveLength(2);
  });

  it('sends a backlog of reminders in chunks, each exactly once', async () => {
    const { lessonTypes } = await createInstructor(t.db);
    const backlog = REMINDER_CHUNK * 2 + 3;
    const due = [];
    for (let i = 0; i < backlog; i++) {
      const booker = await createUser(t.db);
      due.push(await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(1 + i / 100) }));
    }
    const statements = await statementsOf(t.client, () => sweepBookings(t.platform));
    // One claim per chunk, each for at most a chunk's bookings, until a short one.
    const claims = statements.filter((s) => /^update "bookings" set "reminder_sent_at"/.test(s.sql));
    expect(claims.length).toBeGreaterThanOrEqual(3);
    for (const b of due) expect((await row(b.id)).reminderSentAt).not.toBeNull();
    await sweepBookings(t.platform);
    for (const b of due) expect(await mailsAbout(b.number, 'booking_reminder')).toHaveLength(2);
  });

  it('expires holds and offers past their time, ends waits for started sessions', async () => {
    const { lessonTypes } = await createInstructor(t.db);
    const booker = await createUser(t.db);
    const held = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'held', startsAt: at(40), holdExpiresAt: at(-0.1) });
    const fresh = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'held', startsAt: at(41), holdExpiresAt: at(0.5) });
    const [started] = await t.db
      .insert(bookingWaitlist)
      .values({ userId: booker.id, instructorId: lessonTypes[0]!.instructorId, lessonTypeId: lessonTypes[0]!.id, startsAt: at(-1), bookerTimeZone: 'UTC' })
      .returning();
    await sweepBookings(t.platform);
    expect((await row(held.id)).status).toBe('expired');
    expect((await row(fresh.id)).status).toBe('held');
    expect((await t.db.select().from(bookingWaitlist).where(eq(bookingWaitlist.id, started!.id)))[0]!.status).toBe('expired');
  });

  it('emails the confirmation of a paid booking once, with its ICS', async () => {
    const { lessonTypes } = await createInstructor(t.db);
    const booker = await createUser(t.db);
    const { booking } = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: at(72) });
    await Promise.all([sweepBookings(t.platform), sweepBookings(t.platform)]);
    await sweepBookings(t.platform);
    const mails = await mailsAbout(booking.number, 'booking_confirmed');
    expect(mails).toHaveLength(2);
    const ics = (JSON.parse(mails[0]!.attachments!) as { content: string }[])[0]!.content;
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });
});
