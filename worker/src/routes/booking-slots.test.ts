import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTOR_NOT_FOUND, LESSON_TYPE_NOT_FOUND } from '../domain/bookings.ts';
import { createInstructor, createLessonType, giveBooking } from '../../../tests/support/booking-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { addDays, todayIn } from '../domain/booking-slots.ts';
import type { SlotsAnswer } from '../../../shared/bookings/views.ts';

describe('GET /api/connect/instructors/{id}/slots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));
  const slotsOf = (id: number, query: string) => t.request(`/api/connect/instructors/${id}/slots?${query}`);

  it('answers the open slots of the instructor\'s local days, not cached', async () => {
    const given = await createInstructor(t.db, { timeZone: 'Asia/Tokyo', weekly: everyDay, minNoticeMinutes: 0 });
    const type = given.lessonTypes[0]!;
    const from = addDays(todayIn('Asia/Tokyo', new Date()), 2);
    const res = await slotsOf(given.user.id, `lessonTypeId=${type.id}&from=${from}&days=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await read<SlotsAnswer>(res);
    expect(body.instructor_time_zone).toBe('Asia/Tokyo');
    expect(body.from).toBe(from);
    expect(body.to).toBe(addDays(from, 2));
    expect(body.lesson_type).toMatchObject({ id: type.id, kind: 'private', price_cents: 5000, price: 50, capacity: 1, duration_minutes: 60 });
    // 09:00–12:00 with 60-minute lessons: 09:00, 09:30, 10:00, 10:30, 11:00 on each of 3 days.
    expect(body.slots).toHaveLength(15);
    expect(body.slots[0]).toMatchObject({ local_date: from, local_time: '09:00', starts_at: new Date(`${from}T00:00:00.000Z`).toISOString() });
  });

  it('leaves out a booked time and what overlaps it', async () => {
    const given = await createInstructor(t.db, { timeZone: 'UTC', weekly: everyDay });
    const type = given.lessonTypes[0]!;
    const from = addDays(todayIn('UTC', new Date()), 3);
    await giveBooking(t.db, (await createUser(t.db)).id, type, { startsAt: `${from}T10:00:00.000Z` });
    const body = await read<SlotsAnswer>(await slotsOf(given.user.id, `lessonTypeId=${type.id}&from=${from}&days=1`));
    expect(body.slots.map((s) => s.local_time)).toEqual(['09:00', '11:00']);
  });

  it('defaults to 7 days from the instructor\'s today', async () => {
    const given = await createInstructor(t.db, { timeZone: 'America/Los_Angeles', weekly: everyDay });
    const body = await read<SlotsAnswer>(await slotsOf(given.user.id, `lessonTypeId=${given.lessonTypes[0]!.id}`));
    const today = todayIn('America/Los_Angeles', new Date());
    expect(body.from).toBe(today);
    expect(body.to).toBe(addDays(today, 6));
  });

  it('404s a draft or suspended profile, someone without a profile, an unknown id', async () => {
    for (const status of ['draft', 'suspended'] as const) {
      const given = await createInstructor(t.db, { status });
      const res = await slotsOf(given.user.id, `lessonTypeId=${given.lessonTypes[0]!.id}`);
      expect(res.status).toBe(404);
      expect((await read<ErrorBody>(res)).message).toBe(INSTRUCTOR_NOT_FOUND);
    }
    const plain = await createUser(t.db);
    expect((await slotsOf(plain.id, 'lessonTypeId=1')).status).toBe(404);
    expect((await slotsOf(999_999, 'lessonTypeId=1')).status).toBe(404);
  });

  it('404s a lesson type of another instructor or an inactive one', async () => {
    const given = await createInstructor(t.db);
    const other = await createInstructor(t.db);
    const inactive = await createLessonType(t.db, given.user.id, { active: false });
    for (const id of [other.lessonTypes[0]!.id, inactive.id, 999_999]) {
      const res = await slotsOf(given.user.id, `lessonTypeId=${id}`);
      expect(res.status).toBe(404);
      expect((await read<ErrorBody>(res)).message).toBe(LESSON_TYPE_NOT_FOUND);
    }
  });

  it.each([
    ['', 'lessonTypeId'],
    ['lessonTypeId=abc', 'lessonTypeId'],
    ['lessonTypeId=0', 'lessonTypeId'],
    ['lessonTypeId=1&from=2026-02-30', 'from'],
    ['lessonTypeId=1&from=tomorrow', 'from'],
    ['lessonTypeId=1&days=0', 'days'],
    ['lessonTypeId=1&days=32', 'days'],
    ['lessonTypeId=1&days=1.5', 'days'],
  ])('400s the query %j', async (query, field) => {
    const given = await createInstructor(t.db);
    const res = await slotsOf(given.user.id, query);
    expect(res.status).toBe(400);
    expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {})).toContain(field);
  });

  it('400s an id that is not a number', async () => {
    expect((await t.request('/api/connect/instructors/abc/slots?lessonTypeId=1')).status).toBe(400);
  });
});
