import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookerWhen,
  bookingWhen,
  cancellationDeadline,
  dayChip,
  dayKeys,
  formatTime,
  groupByLocalDay,
  instructorNote,
  isKnownZone,
  localDateKey,
  sameDayAs,
  slotLabel,
  zoneChoices,
  zoneCity,
  zoneLabel,
  zoneMatches,
  zoneOffset,
  zoneOptions,
} from './booking-time.ts';

describe('booking times in a zone', () => {
  it('shows one instant in the booker zone and notes the instructor zone', () => {
    // 14:00 UTC on 30 Nov 2026: 2:00 PM in London, 9:00 AM in New York, 3:00 PM in Berlin.
    const at = '2026-11-30T14:00:00.000Z';
    expect(formatTime(at, 'Europe/London')).toBe('2:00 PM');
    expect(slotLabel(at, 'America/New_York', 'Europe/Berlin')).toBe('9:00 AM your time (3:00 PM in Berlin)');
    expect(slotLabel(at, 'Europe/London', 'Europe/London')).toBe('2:00 PM your time');
    // Two zones that read the same wall time now: nothing to note.
    expect(slotLabel(at, 'Europe/London', 'Africa/Abidjan')).toBe('2:00 PM your time');
    expect(instructorNote(at, 'Europe/London', 'America/New_York')).toBe('9:00 AM in New York');
    expect(instructorNote(at, 'Europe/London', 'Europe/London')).toBe('');
    expect(bookingWhen(at, 'Europe/London')).toBe('Monday, November 30, 2026 at 2:00 PM (Europe/London)');
  });

  it('names the instructor day when it differs from the booker day', () => {
    // 23:30 UTC: 6:30 PM Monday in New York, 8:30 AM Tuesday in Tokyo.
    const at = '2026-11-30T23:30:00.000Z';
    expect(slotLabel(at, 'America/New_York', 'Asia/Tokyo')).toBe('6:30 PM your time (Tue, Dec 1, 8:30 AM in Tokyo)');
    expect(bookerWhen(at, 'America/New_York', 'Asia/Tokyo')).toBe('Monday, November 30, 2026 at 6:30 PM your time (Tue, Dec 1, 8:30 AM in Tokyo)');
  });

  it('follows daylight saving: the same wall time maps to different UTC hours across the change', () => {
    // New York leaves summer time on 1 Nov 2026: 9:00 AM is 13:00 UTC before, 14:00 UTC after.
    expect(formatTime('2026-10-30T13:00:00Z', 'America/New_York')).toBe('9:00 AM');
    expect(formatTime('2026-11-02T14:00:00Z', 'America/New_York')).toBe('9:00 AM');
    // London left summer time a week earlier: in between, New York is only 4 hours behind.
    expect(formatTime('2026-10-30T13:00:00Z', 'Europe/London')).toBe('1:00 PM');
  });

  it('groups slots by the local day of the booker, in time order', () => {
    const slots = [
      { starts_at: '2026-12-01T01:00:00Z' },
      { starts_at: '2026-11-30T15:00:00Z' },
      { starts_at: '2026-11-30T14:00:00Z' },
    ];
    const london = groupByLocalDay(slots, 'Europe/London');
    expect([...london.keys()]).toEqual(['2026-11-30', '2026-12-01']);
    expect(london.get('2026-11-30')!.map((s) => s.starts_at)).toEqual(['2026-11-30T14:00:00Z', '2026-11-30T15:00:00Z']);
    // In New York the 01:00 UTC slot is still the evening of 30 November.
    const newYork = groupByLocalDay(slots, 'America/New_York');
    expect([...newYork.keys()]).toEqual(['2026-11-30']);
    expect(newYork.get('2026-11-30')).toHaveLength(3);
  });

  it('reads local dates and walks calendar days', () => {
    expect(localDateKey('2026-12-01T01:00:00Z', 'America/Los_Angeles')).toBe('2026-11-30');
    expect(localDateKey('not a date', 'UTC')).toBe('');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(dayKeys('2026-11-29', 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(dayChip('2026-11-30')).toEqual({ weekday: 'Mon', date: 'Nov 30', long: 'Monday, November 30' });
  });

  it('names zones and lists choices', () => {
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('UTC')).toBe('UTC');
    expect(isKnownZone('Europe/Berlin')).toBe(true);
    expect(isKnownZone('Mars/Olympus')).toBe(false);
    const choices = zoneChoices('Europe/London');
    expect(choices).toContain('Europe/London');
    expect(choices).toContain('America/New_York');
    expect(choices).toEqual([...choices].sort());
  });

  it('tells one story: the booker time everywhere, the instructor time beside when it differs', () => {
    // 20:00 UTC on 30 Nov 2026: 3:00 PM in New York, 12:00 PM in Los Angeles.
    const at = '2026-11-30T20:00:00.000Z';
    expect(slotLabel(at, 'America/New_York', 'America/Los_Angeles')).toBe('3:00 PM your time (12:00 PM in Los Angeles)');
    expect(bookerWhen(at, 'America/New_York', 'America/Los_Angeles')).toBe('Monday, November 30, 2026 at 3:00 PM your time (12:00 PM in Los Angeles)');
    expect(bookerWhen(at, 'America/New_York', 'America/New_York')).toBe('Monday, November 30, 2026 at 3:00 PM your time');
    expect(bookerWhen('nonsense', 'UTC', 'UTC')).toBe('');
  });

  it('names zones with their common name, city and offset; the browser zone first; searchable', () => {
    const winter = new Date('2026-12-01T12:00:00Z');
    expect(zoneLabel('America/New_York', winter)).toBe('Eastern Time — New York (UTC\u221205:00)');
    expect(zoneLabel('Europe/Berlin', winter)).toBe('Central European Time — Berlin (UTC+01:00)');
    expect(zoneLabel('UTC', winter)).toMatch(/\(UTC\+00:00\)$/);
    expect(zoneOffset('Asia/Kolkata', winter)).toBe('UTC+05:30');
    const options = zoneOptions('Europe/Berlin', 'America/Chicago', winter);
    expect(options.slice(0, 2).map((o) => o.value)).toEqual(['America/Chicago', 'Europe/Berlin']);
    expect(options.filter((o) => o.value === 'America/Chicago')).toHaveLength(1);
    // The rest from the farthest west.
    const rest = options.slice(2).map((o) => o.minutes);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    const found = options.filter((o) => zoneMatches(o, 'pacific los'));
    expect(found.map((o) => o.value)).toContain('America/Los_Angeles');
    expect(options.filter((o) => zoneMatches(o, 'eastern new york')).map((o) => o.value)).toEqual(['America/New_York']);
    expect(zoneMatches({ value: 'Asia/Tokyo', label: zoneLabel('Asia/Tokyo', winter) }, '')).toBe(true);
  });

  it('puts the cancellation deadline the policy hours before the start', () => {
    expect(cancellationDeadline('2026-11-30T14:00:00.000Z', 24)).toBe('2026-11-29T14:00:00.000Z');
  });

  it("tells whether offered times are on the refused time's day, in the instructor's zone", () => {
    // 4:00 PM and 10:00 PM in New York on Monday are both Monday there; 10:00 PM is Tuesday in London.
    const tried = '2026-11-30T21:00:00.000Z';
    expect(sameDayAs(tried, [{ starts_at: '2026-11-30T22:00:00.000Z' }, { starts_at: '2026-12-01T03:00:00.000Z' }], 'America/New_York')).toBe(true);
    expect(sameDayAs(tried, [{ starts_at: '2026-12-01T03:00:00.000Z' }], 'Europe/London')).toBe(false);
    expect(sameDayAs(tried, [{ starts_at: '2026-12-01T14:00:00.000Z' }], 'America/New_York')).toBe(false);
    expect(sameDayAs(undefined, [{ starts_at: '2026-12-01T14:00:00.000Z' }], 'America/New_York')).toBe(true);
  });
});
