import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityOverrides, availabilityRules, instructorProfiles } from '../../../db/schema/index.ts';
import { PROFILE_NOT_FOUND, TIME_ZONE_INVALID } from '../domain/bookings.ts';
import { createInstructor } from '../../../tests/support/booking-factories.ts';
import { createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { MAX_OVERRIDES, MAX_WEEKLY_RULES, OVERRIDE_DAY_OFF_MIXED, OVERRIDE_TIMES, TIME_INVALID, WINDOW_ORDER, WINDOW_OVERLAP } from '../services/bookings/availability.ts';
import type { AvailabilityView } from '../../../shared/bookings/views.ts';

describe('instructor availability API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const valid = (): AvailabilityView => ({
    time_zone: 'Europe/Berlin',
    min_notice_minutes: 120,
    horizon_days: 30,
    buffer_minutes: 10,
    weekly: [
      { weekday: 2, start: '13:00', end: '17:00' },
      { weekday: 2, start: '09:00', end: '12:00' },
      { weekday: 6, start: '18:00', end: '24:00' },
    ],
    overrides: [
      { date: '2026-12-24', start: null, end: null },
      { date: '2026-12-27', start: '10:00', end: '11:00' },
    ],
  });

  async function instructor() {
    const given = await createInstructor(t.db, { timeZone: 'America/New_York' });
    return { ...given, token: await signIn(t.db, given.user.id) };
  }

  it('answers 401 signed out', async () => {
    expect((await t.json('GET', '/api/instructor/availability')).status).toBe(401);
    expect((await t.json('PUT', '/api/instructor/availability', valid())).status).toBe(401);
  });

  it('answers 404 PROFILE_NOT_FOUND without a profile, and writes nothing', async () => {
    const { token } = await createSignedInUser(t.db);
    const get = await t.json('GET', '/api/instructor/availability', undefined, token);
    expect(get.status).toBe(404);
    expect((await read<ErrorBody>(get)).message).toBe(PROFILE_NOT_FOUND);
    const put = await t.json('PUT', '/api/instructor/availability', valid(), token);
    expect(put.status).toBe(404);
    expect((await read<ErrorBody>(put)).message).toBe(PROFILE_NOT_FOUND);
  });

  it('reads the own profile\'s hours and rules', async () => {
    const { token } = await instructor();
    const res = await t.json('GET', '/api/instructor/availability', undefined, token);
    expect(res.status).toBe(200);
    const body = await read<AvailabilityView>(res);
    expect(body.time_zone).toBe('America/New_York');
    expect(body.weekly).toHaveLength(5);
    expect(body.weekly[0]).toEqual({ weekday: 1, start: '09:00', end: '17:00' });
    expect(body.overrides).toEqual([]);
  });

  it('replaces the whole availability and reads it back sorted', async () => {
    const { token, user } = await instructor();
    const res = await t.json('PUT', '/api/instructor/availability', valid(), token);
    expect(res.status).toBe(200);
    const body = await read<AvailabilityView>(res);
    expect(body).toEqual({
      ...valid(),
      weekly: [
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:00' },
        { weekday: 6, start: '18:00', end: '24:00' },
      ],
    });
    const [profile] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id));
    expect(profile).toMatchObject({ timeZone: 'Europe/Berlin', minNoticeMinutes: 120, horizonDays: 30, bufferMinutes: 10 });
    expect(await t.db.select().from(availabilityRules).where(eq(availabilityRules.instructorId, user.id))).toHaveLength(3);
    // Another instructor's hours are untouched.
    const other = await instructor();
    expect(await t.db.select().from(availabilityRules).where(eq(availabilityRules.instructorId, other.user.id))).toHaveLength(5);
    // An empty week is allowed (no hours yet).
    const empty = await t.json('PUT', '/api/instructor/availability', { ...valid(), weekly: [], overrides: [] }, token);
    expect((await read<AvailabilityView>(empty)).weekly).toEqual([]);
    expect(await t.db.select().from(availabilityOverrides).where(eq(availabilityOverrides.instructorId, user.id))).toHaveLength(0);
  });

  const cases: [string, (v: AvailabilityView) => unknown, string, string][] = [
    ['an unknown zone', (v) => ({ ...v, time_zone: 'Mars/Olympus' }), 'time_zone', TIME_ZONE_INVALID],
    ['a missing zone', (v) => ({ ...v, time_zone: undefined }), 'time_zone', TIME_ZONE_INVALID],
    ['a negative notice', (v) => ({ ...v, min_notice_minutes: -1 }), 'min_notice_minutes', 'Minimum notice cannot be negative'],
    ['a notice above the bound', (v) => ({ ...v, min_notice_minutes: 14 * 24 * 60 + 1 }), 'min_notice_minutes', 'Minimum notice must be at most 20160'],
    ['a horizon of 0', (v) => ({ ...v, horizon_days: 0 }), 'horizon_days', 'Booking horizon must be at least 1 day'],
    ['a horizon of 366', (v) => ({ ...v, horizon_days: 366 }), 'horizon_days', 'Booking horizon must be at most 365'],
    ['a fractional buffer', (v) => ({ ...v, buffer_minutes: 1.5 }), 'buffer_minutes', 'Buffer must be a whole number'],
    ['a buffer of 241', (v) => ({ ...v, buffer_minutes: 241 }), 'buffer_minutes', 'Buffer must be at most 240'],
    ['weekday 0', (v) => ({ ...v, weekly: [{ weekday: 0, start: '09:00', end: '10:00' }] }), 'weekly.0.weekday', 'Weekday must be 1 (Monday) to 7 (Sunday)'],
    ['weekday 8', (v) => ({ ...v, weekly: [{ weekday: 8, start: '09:00', end: '10:00' }] }), 'weekly.0.weekday', 'Weekday must be 1 (Monday) to 7 (Sunday)'],
    ['a time 9:00', (v) => ({ ...v, weekly: [{ weekday: 1, start: '9:00', end: '10:00' }] }), 'weekly.0.start', TIME_INVALID],
    ['a time 25:00', (v) => ({ ...v, weekly: [{ weekday: 1, start: '09:00', end: '25:00' }] }), 'weekly.0.end', TIME_INVALID],
    ['a start of 24:00', (v) => ({ ...v, weekly: [{ weekday: 1, start: '24:00', end: '24:00' }] }), 'weekly.0.start', TIME_INVALID],
    ['an end before the start', (v) => ({ ...v, weekly: [{ weekday: 1, start: '10:00', end: '09:00' }] }), 'weekly.0.end', WINDOW_ORDER],
    ['an empty window', (v) => ({ ...v, weekly: [{ weekday: 1, start: '10:00', end: '10:00' }] }), 'weekly.0.end', WINDOW_ORDER],
    [
      'overlapping weekly hours',
      (v) => ({ ...v, weekly: [{ weekday: 3, start: '09:00', end: '12:00' }, { weekday: 3, start: '11:30', end: '13:00' }] }),
      'weekly.1.start',
      WINDOW_OVERLAP,
    ],
    [
      'overlapping hours of one date',
      (v) => ({ ...v, overrides: [{ date: '2026-12-27', start: '09:00', end: '12:00' }, { date: '2026-12-27', start: '08:00', end: '10:00' }] }),
      'overrides.0.start',
      WINDOW_OVERLAP,
    ],
    ['an override with only a start', (v) => ({ ...v, overrides: [{ date: '2026-12-27', start: '09:00', end: null }] }), 'overrides.0.end', OVERRIDE_TIMES],
    [
      'a day off with hours',
      (v) => ({ ...v, overrides: [{ date: '2026-12-27', start: null, end: null }, { date: '2026-12-27', start: '09:00', end: '10:00' }] }),
      'overrides.0.start',
      OVERRIDE_DAY_OFF_MIXED,
    ],
    ['a date that does not exist', (v) => ({ ...v, overrides: [{ date: '2026-02-30', start: null, end: null }] }), 'overrides.0.date', 'Enter a date as YYYY-MM-DD'],
    ['weekly not a list', (v) => ({ ...v, weekly: 'every day' }), 'weekly', 'Weekly hours must be a list'],
    [
      'too many weekly hours',
      (v) => ({ ...v, weekly: Array.from({ length: MAX_WEEKLY_RULES + 1 }, (_, i) => ({ weekday: (i % 7) + 1, start: '09:00', end: '10:00' })) }),
      'weekly',
      `At most ${MAX_WEEKLY_RULES} weekly hours`,
    ],
    [
      'too many overrides',
      (v) => ({ ...v, overrides: Array.from({ length: MAX_OVERRIDES + 1 }, (_, i) => ({ date: `2027-0${1 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, '0')}`, start: null, end: null })) }),
      'overrides',
      `At most ${MAX_OVERRIDES} date overrides`,
    ],
  ];

  it.each(cases)('refuses %s with 400 and changes nothing', async (_, change, field, message) => {
    const { token, user } = await instructor();
    const res = await t.json('PUT', '/api/instructor/availability', change(valid()), token);
    expect(res.status).toBe(400);
    const body = await read<ErrorBody>(res);
    expect(body.validationErrors?.[field]).toContain(message);
    const [profile] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, user.id));
    expect(profile!.timeZone).toBe('America/New_York');
    expect(await t.db.select().from(availabilityRules).where(eq(availabilityRules.instructorId, user.id))).toHaveLength(5);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { token } = await instructor();
    const res = await t.request('/api/instructor/availability', { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{' });
    expect(res.status).toBe(400);
  });
});
