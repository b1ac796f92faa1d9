import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructorProfiles } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking } from '../../../tests/support/booking-factories.ts';
import { createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR).toISOString();

describe('the instructor\'s calendar feed', () => {
  it('lists confirmed and recently cancelled bookings by secret token; rotation ends the old address', async () => {
    const { user: instructor, lessonTypes, profile } = await createInstructor(t.db);
    const booker = await createUser(t.db);
    const confirmed = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(30) });
    const cancelled = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(40), status: 'cancelled' });
    await t.db.run(`UPDATE bookings SET cancelled_at = '${new Date().toISOString()}' WHERE id = ${cancelled.id}`);
    await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: at(50), status: 'held' });
    const { lessonTypes: others } = await createInstructor(t.db);
    await giveBooking(t.db, booker.id, others[0]!, { startsAt: at(31) });

    const res = await t.request(`/api/connect/calendar/${profile.calendarToken}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.map((e) => e.uid)).toEqual([`booking-${confirmed.number}@drx`, `booking-${cancelled.number}@drx`]);
    expect(events.map((e) => e.component.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CANCELLED']);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(confirmed.startsAt);

    // Rotating: the owner only; the old token answers 404.
    expect((await t.json('POST', '/api/connect/profile/calendar-token', undefined, '')).status).toBe(401);
    const rotated = await t.json('POST', '/api/connect/profile/calendar-token', undefined, await signIn(t.db, instructor.id));
    expect(rotated.status).toBe(200);
    const { calendar_feed_url } = await read<{ calendar_feed_url: string }>(rotated);
    const [after] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, instructor.id));
    expect(after!.calendarToken).not.toBe(profile.calendarToken);
    expect(calendar_feed_url).toMatch(new RegExp(`/api/connect/calendar/${after!.calendarToken}\\.ics$`));
    expect((await t.request(`/api/connect/calendar/${profile.calendarToken}.ics`)).status).toBe(404);
    expect((await t.request(`/api/connect/calendar/${after!.calendarToken}.ics`)).status).toBe(200);
  });

  it('an unknown token, a malformed address and a person without a profile', async () => {
    expect((await t.request('/api/connect/calendar/AAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await t.request('/api/connect/calendar/short.ics')).status).toBe(404);
    expect((await t.request('/api/connect/calendar/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const { token } = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/connect/profile/calendar-token', undefined, token)).status).toBe(404);
  });
});
