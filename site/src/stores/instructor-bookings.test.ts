import { describe, expect, it } from 'vitest';
import { availabilityBodyOf, choicesWith, copyMondayToWeekdays, durationText, formOfAvailability, type AvailabilityView } from './instructor-bookings.ts';
import { usageText } from './admin-connect.ts';

const view: AvailabilityView = {
  time_zone: 'America/Chicago',
  min_notice_minutes: 1440,
  horizon_days: 45,
  buffer_minutes: 15,
  weekly: [
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 1, start: '14:00', end: '17:00' },
    { weekday: 6, start: '10:00', end: '13:00' },
  ],
  overrides: [
    { date: '2031-03-05', start: null, end: null },
    { date: '2031-03-02', start: '08:00', end: '10:00' },
    { date: '2031-03-02', start: '18:00', end: '20:00' },
  ],
};

describe('the availability form', () => {
  it('reads the view by weekday and by date (a day off, or its own windows)', () => {
    const form = formOfAvailability(view);
    expect(form.weekly[1]!.map((w) => [w.start, w.end])).toEqual([
      ['09:00', '12:00'],
      ['14:00', '17:00'],
    ]);
    expect(form.weekly[2]).toEqual([]);
    expect(form.overrides.map((d) => [d.date, d.dayOff, d.windows.length])).toEqual([
      ['2031-03-02', false, 2],
      ['2031-03-05', true, 0],
    ]);
    expect(form.horizonDays).toBe('45');
  });

  it('writes back the same view (weekdays in order, a day off as one row without times)', () => {
    const body = availabilityBodyOf(formOfAvailability(view));
    expect(body.weekly).toEqual(view.weekly);
    expect(body.overrides).toEqual([
      { date: '2031-03-02', start: '08:00', end: '10:00' },
      { date: '2031-03-02', start: '18:00', end: '20:00' },
      { date: '2031-03-05', start: null, end: null },
    ]);
    expect(body).toMatchObject({ time_zone: 'America/Chicago', min_notice_minutes: 1440, horizon_days: 45, buffer_minutes: 15 });
  });

  it('copies Monday to Tuesday … Friday and leaves the weekend alone', () => {
    const copied = availabilityBodyOf(copyMondayToWeekdays(formOfAvailability(view)));
    for (const weekday of [2, 3, 4, 5]) {
      expect(copied.weekly.filter((w) => w.weekday === weekday).map((w) => [w.start, w.end])).toEqual([
        ['09:00', '12:00'],
        ['14:00', '17:00'],
      ]);
    }
    expect(copied.weekly.filter((w) => w.weekday === 6)).toHaveLength(1);
    expect(copied.weekly.filter((w) => w.weekday === 7)).toHaveLength(0);
  });
});

describe('human units', () => {
  it('names durations', () => {
    expect([0, 5, 60, 90, 720, 1440, 2880, 10080, 20160].map(durationText)).toEqual(['None', '5 minutes', '1 hour', '1 h 30 min', '12 hours', '1 day', '2 days', '1 week', '2 weeks']);
  });
  it('keeps a value that is not among the choices', () => {
    expect(choicesWith([0, 60, 120], 90)).toEqual([0, 60, 90, 120]);
    expect(choicesWith([0, 60], 60)).toEqual([0, 60]);
  });
  it("says where a style is used", () => {
    expect(usageText({ course_count: 0, resource_count: 0, instructor_count: 0 })).toBe('Not used');
    expect(usageText({ course_count: 2, resource_count: 1, instructor_count: 1 })).toBe('2 courses, 1 resource, 1 instructor');
  });
});
