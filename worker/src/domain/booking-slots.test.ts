import { describe, expect, it } from 'vitest';
import { addDays, generateSlots, instantOfLocal, isLocalDate, localDateOf, minutesOf, todayIn, windowsOf, type BusyInterval, type SlotRules } from './booking-slots.ts';
import { formatInZone, zonedParts } from './booking-time.ts';

const NOW = new Date('2026-01-01T00:00:00Z');

/** Every day of the week, the given windows. */
const everyDay = (windows: [string, string][]) => [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => windows.map(([start, end]) => ({ weekday, start, end })));

function rules(over: Partial<SlotRules> = {}): SlotRules {
  return {
    timeZone: 'America/New_York',
    weekly: everyDay([['09:00', '10:00']]),
    overrides: [],
    lessonTypeId: 1,
    durationMinutes: 30,
    capacity: 1,
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 365,
    ...over,
  };
}

const times = (slots: { local_time: string }[]) => slots.map((s) => s.local_time);

describe('time helpers', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1439],
    ['24:00', 1440],
    ['24:01', null],
    ['9:00', null],
    ['12:60', null],
    ['', null],
  ])('minutesOf(%j) = %j', (input, expected) => {
    expect(minutesOf(input)).toBe(expected);
  });

  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['tomorrow', false],
  ])('isLocalDate(%j) = %j', (input, expected) => {
    expect(isLocalDate(input)).toBe(expected);
  });

  it('adds days across a month and a year', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads today and an instant\'s date in a zone', () => {
    expect(todayIn('America/New_York', new Date('2026-03-03T03:00:00Z'))).toBe('2026-03-02');
    expect(todayIn('Asia/Tokyo', new Date('2026-03-03T20:00:00Z'))).toBe('2026-03-04');
    expect(localDateOf('2026-03-03T03:00:00Z', 'Europe/Berlin')).toBe('2026-03-03');
  });
});

describe('windowsOf', () => {
  const weekly = [
    { weekday: 2, start: '13:00', end: '17:00' },
    { weekday: 2, start: '09:00', end: '12:00' },
    { weekday: 3, start: '09:00', end: '12:00' },
  ];
  it('uses the weekday rules, sorted (2026-03-03 is a Tuesday)', () => {
    expect(windowsOf('2026-03-03', weekly, [])).toEqual([
      { start: 540, end: 720 },
      { start: 780, end: 1020 },
    ]);
  });
  it('a date with override rows uses only them', () => {
    expect(windowsOf('2026-03-03', weekly, [{ date: '2026-03-03', start: '18:00', end: '24:00' }])).toEqual([{ start: 1080, end: 1440 }]);
  });
  it('an override without times is the day off', () => {
    expect(windowsOf('2026-03-03', weekly, [{ date: '2026-03-03', start: null, end: null }])).toEqual([]);
  });
  it('an override of another date changes nothing', () => {
    expect(windowsOf('2026-03-04', weekly, [{ date: '2026-03-03', start: null, end: null }])).toEqual([{ start: 540, end: 720 }]);
  });
});

describe('instantOfLocal across the changes of 2026', () => {
  it.each([
    // zone, date, local time, UTC instant (null: skipped)
    ['America/New_York', '2026-03-07', '09:00', '2026-03-07T14:00:00.000Z'],
    ['America/New_York', '2026-03-09', '09:00', '2026-03-09T13:00:00.000Z'],
    ['America/New_York', '2026-03-08', '02:30', null],
    ['America/New_York', '2026-03-08', '02:00', null],
    ['America/New_York', '2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['America/New_York', '2026-10-31', '09:00', '2026-10-31T13:00:00.000Z'],
    ['America/New_York', '2026-11-02', '09:00', '2026-11-02T14:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '02:30', null],
    ['Europe/Berlin', '2026-03-28', '09:00', '2026-03-28T08:00:00.000Z'],
    ['Europe/Berlin', '2026-03-30', '09:00', '2026-03-30T07:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['Europe/Berlin', '2026-10-24', '09:00', '2026-10-24T07:00:00.000Z'],
    ['Europe/Berlin', '2026-10-26', '09:00', '2026-10-26T08:00:00.000Z'],
  ])('%s %s %s → %s', (zone, date, time, expected) => {
    const instant = instantOfLocal(date, minutesOf(time)!, zone);
    expect(instant ? new Date(instant.epochMilliseconds).toISOString() : null).toBe(expected);
  });
});

describe('generateSlots: daylight saving', () => {
  const night = everyDay([
    ['00:00', '05:00'],
    ['09:00', '10:00'],
  ]);
  const day = (zone: string, date: string) => generateSlots(rules({ timeZone: zone, weekly: night }), [], { from: date, days: 1 }, NOW);

  it.each([
    ['America/New_York', '2026-03-08', ['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30', '09:00', '09:30']],
    ['America/New_York', '2026-11-01', ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30', '09:00', '09:30']],
    ['Europe/Berlin', '2026-03-29', ['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30', '09:00', '09:30']],
    ['Europe/Berlin', '2026-10-25', ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30', '09:00', '09:30']],
  ])('%s %s: the skipped times are missing, the repeated ones appear once', (zone, date, expected) => {
    const slots = day(zone, date);
    expect(times(slots)).toEqual(expected);
    expect(new Set(slots.map((s) => s.starts_at)).size).toBe(slots.length);
    expect(slots.every((s) => s.local_date === date)).toBe(true);
  });

  it('02:30 never appears on the US spring-forward day', () => {
    expect(times(day('America/New_York', '2026-03-08'))).not.toContain('02:30');
  });

  it('01:30 on the US fall-back day appears once, at its earlier instant (EDT)', () => {
    const slots = day('America/New_York', '2026-11-01').filter((s) => s.local_time === '01:30');
    expect(slots).toHaveLength(1);
    expect(slots[0]!.starts_at).toBe('2026-11-01T05:30:00.000Z');
  });

  it.each([
    ['America/New_York', '2026-03-07', '2026-03-09', '2026-03-07T14:00:00.000Z', '2026-03-09T13:00:00.000Z'],
    ['America/New_York', '2026-10-31', '2026-11-02', '2026-10-31T13:00:00.000Z', '2026-11-02T14:00:00.000Z'],
    ['Europe/Berlin', '2026-03-28', '2026-03-30', '2026-03-28T08:00:00.000Z', '2026-03-30T07:00:00.000Z'],
    ['Europe/Berlin', '2026-10-24', '2026-10-26', '2026-10-24T07:00:00.000Z', '2026-10-26T08:00:00.000Z'],
  ])('%s: a 9:00 slot stays 9:00 local on both sides of the change (%s, %s); its UTC instant moves by an hour', (zone, before, after, beforeUtc, afterUtc) => {
    const first = day(zone, before).find((s) => s.local_time === '09:00');
    const second = day(zone, after).find((s) => s.local_time === '09:00');
    expect(first?.starts_at).toBe(beforeUtc);
    expect(second?.starts_at).toBe(afterUtc);
    expect(Math.abs(new Date(afterUtc).getUTCHours() - new Date(beforeUtc).getUTCHours())).toBe(1);
  });

  it('a 9:00 window on the change day itself is unaffected', () => {
    expect(day('America/New_York', '2026-11-01').filter((s) => s.local_time === '09:00').map((s) => s.starts_at)).toEqual(['2026-11-01T14:00:00.000Z']);
    expect(day('America/New_York', '2026-03-08').filter((s) => s.local_time === '09:00').map((s) => s.starts_at)).toEqual(['2026-03-08T13:00:00.000Z']);
  });

  it('a lesson ends at its real duration after the start, across the change', () => {
    const s = day('America/New_York', '2026-11-01').find((x) => x.local_time === '01:30')!;
    expect(Date.parse(s.ends_at) - Date.parse(s.starts_at)).toBe(30 * 60_000);
  });
});

describe('generateSlots: windows and grid', () => {
  it('lays a 30-minute grid inside the window; the lesson ends inside it', () => {
    const slots = generateSlots(rules({ weekly: everyDay([['09:15', '12:00']]), durationMinutes: 60 }), [], { from: '2026-03-03', days: 1 }, NOW);
    expect(times(slots)).toEqual(['09:30', '10:00', '10:30', '11:00']);
  });

  it('a window shorter than the lesson gives nothing', () => {
    expect(generateSlots(rules({ weekly: everyDay([['09:00', '09:45']]), durationMinutes: 60 }), [], { from: '2026-03-03', days: 1 }, NOW)).toEqual([]);
  });

  it('a window to 24:00 ends at midnight', () => {
    expect(times(generateSlots(rules({ weekly: everyDay([['22:30', '24:00']]), durationMinutes: 60 }), [], { from: '2026-03-03', days: 1 }, NOW))).toEqual(['22:30', '23:00']);
  });

  it('weekday rules: 2026-03-02 is a Monday, Sunday = 7', () => {
    const weekly = [
      { weekday: 1, start: '09:00', end: '10:00' },
      { weekday: 7, start: '15:00', end: '16:00' },
    ];
    const slots = generateSlots(rules({ weekly }), [], { from: '2026-03-01', days: 7 }, NOW);
    expect(slots.map((s) => `${s.local_date} ${s.local_time}`)).toEqual(['2026-03-01 15:00', '2026-03-01 15:30', '2026-03-02 09:00', '2026-03-02 09:30']);
  });

  it('overrides replace the day; a day off gives nothing', () => {
    const slots = generateSlots(
      rules({
        overrides: [
          { date: '2026-03-03', start: '14:00', end: '15:00' },
          { date: '2026-03-04', start: null, end: null },
        ],
      }),
      [],
      { from: '2026-03-03', days: 3 },
      NOW,
    );
    expect(slots.map((s) => `${s.local_date} ${s.local_time}`)).toEqual(['2026-03-03 14:00', '2026-03-03 14:30', '2026-03-05 09:00', '2026-03-05 09:30']);
  });
});

describe('generateSlots: notice, horizon, buffer, sessions', () => {
  const from = '2026-03-03';
  it('minimum notice: nothing starts before now + notice', () => {
    const now = new Date('2026-03-03T13:40:00Z'); // 08:40 EST
    expect(times(generateSlots(rules({ minNoticeMinutes: 30 }), [], { from, days: 1 }, now))).toEqual(['09:30']);
    expect(times(generateSlots(rules({ minNoticeMinutes: 20 }), [], { from, days: 1 }, now))).toEqual(['09:00', '09:30']);
  });

  it('horizon: nothing starts after now + horizon days', () => {
    const now = new Date('2026-03-01T14:10:00Z');
    const slots = generateSlots(rules({ horizonDays: 2 }), [], { from: '2026-03-01', days: 5 }, now);
    expect(slots.map((s) => `${s.local_date} ${s.local_time}`)).toEqual(['2026-03-01 09:30', '2026-03-02 09:00', '2026-03-02 09:30', '2026-03-03 09:00']);
  });

  const busy = (startsAt: string, minutes: number, lessonTypeId = 2, seatsTaken = 1): BusyInterval => ({
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
    lessonTypeId,
    seatsTaken,
  });
  const wide = everyDay([['09:00', '13:00']]);

  it('another lesson type overlapping removes the slots it touches', () => {
    // 10:00–11:00 EST of type 2; 60-minute lessons of type 1.
    const slots = generateSlots(rules({ weekly: wide, durationMinutes: 60 }), [busy('2026-03-03T15:00:00.000Z', 60)], { from, days: 1 }, NOW);
    expect(times(slots)).toEqual(['09:00', '11:00', '11:30', '12:00']);
  });

  it('the buffer widens the gap on both sides', () => {
    const slots = generateSlots(rules({ weekly: wide, durationMinutes: 60, bufferMinutes: 15 }), [busy('2026-03-03T15:00:00.000Z', 60)], { from, days: 1 }, NOW);
    expect(times(slots)).toEqual(['11:30', '12:00']);
  });

  it('the same type at another start is another session: it blocks too', () => {
    const slots = generateSlots(rules({ weekly: wide, durationMinutes: 60 }), [busy('2026-03-03T15:00:00.000Z', 60, 1)], { from, days: 1 }, NOW);
    expect(times(slots)).toEqual(['09:00', '11:00', '11:30', '12:00']);
  });

  it('a taken private slot is not listed', () => {
    const slots = generateSlots(rules({ weekly: wide, durationMinutes: 60 }), [busy('2026-03-03T15:00:00.000Z', 60, 1)], { from, days: 1 }, NOW);
    expect(times(slots)).not.toContain('10:00');
  });

  it('a group session with seats left is open with its seats; a full one is listed full', () => {
    const group = rules({ weekly: wide, durationMinutes: 60, capacity: 3 });
    const open = generateSlots(group, [busy('2026-03-03T15:00:00.000Z', 60, 1, 2)], { from, days: 1 }, NOW).find((s) => s.local_time === '10:00');
    expect(open).toMatchObject({ capacity: 3, seats_left: 1, full: false });
    const full = generateSlots(group, [busy('2026-03-03T15:00:00.000Z', 60, 1, 3)], { from, days: 1 }, NOW).find((s) => s.local_time === '10:00');
    expect(full).toMatchObject({ capacity: 3, seats_left: 0, full: true });
    // Seats of one session given in several rows add up.
    const split = generateSlots(group, [busy('2026-03-03T15:00:00.000Z', 60, 1, 1), busy('2026-03-03T15:00:00.000Z', 60, 1, 1)], { from, days: 1 }, NOW).find((s) => s.local_time === '10:00');
    expect(split).toMatchObject({ seats_left: 1 });
    // The group's overlapping starts (09:30, 10:30) stay closed.
    expect(times(generateSlots(group, [busy('2026-03-03T15:00:00.000Z', 60, 1, 1)], { from, days: 1 }, NOW))).toEqual(['09:00', '10:00', '11:00', '11:30', '12:00']);
  });

  it('answers instants, local date and time, and the seats of an open private slot', () => {
    const [first] = generateSlots(rules(), [], { from, days: 1 }, NOW);
    expect(first).toEqual({
      starts_at: '2026-03-03T14:00:00.000Z',
      ends_at: '2026-03-03T14:30:00.000Z',
      local_date: '2026-03-03',
      local_time: '09:00',
      capacity: 1,
      seats_left: 1,
      full: false,
    });
  });
});

describe("the booker's view (formatInZone, Intl only)", () => {
  // A New York instructor's 9:00 lesson read in London: the US and the EU change on different
  // Sundays, so for a few weeks the gap is 4 hours instead of 5.
  it.each([
    ['2026-03-05T14:00:00.000Z', '2:00 PM GMT', '14:00'], // both on winter time: 5 h
    ['2026-03-10T13:00:00.000Z', '1:00 PM GMT', '13:00'], // US moved, UK not yet: 4 h
    ['2026-03-31T13:00:00.000Z', '2:00 PM GMT+1', '14:00'], // both on summer time: 5 h
    ['2026-10-27T13:00:00.000Z', '1:00 PM GMT', '13:00'], // UK moved back, US not yet: 4 h
    ['2026-11-03T14:00:00.000Z', '2:00 PM GMT', '14:00'], // both back: 5 h
  ])('%s in London reads %s', (instant, text, time) => {
    expect(formatInZone(instant, 'Europe/London')).toContain(text);
    expect(zonedParts(instant, 'Europe/London').time).toBe(time);
    expect(zonedParts(instant, 'America/New_York').time).toBe('09:00');
  });

  it('formats the weekday and date of the zone, and can leave the zone name out', () => {
    expect(formatInZone('2026-03-03T15:00:00.000Z', 'America/New_York')).toBe('Tue, Mar 3, 10:00 AM EST');
    expect(formatInZone('2026-03-03T15:00:00.000Z', 'Asia/Tokyo', { zoneName: false })).toBe('Wed, Mar 4, 12:00 AM');
    expect(zonedParts('2026-03-03T15:00:00.000Z', 'Asia/Tokyo')).toMatchObject({ date: '2026-03-04', time: '00:00' });
  });
});
