import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsTime, writeCalendar, writeEvent, type IcsEvent } from './ics.ts';

const event: IcsEvent = {
  number: 'BK-ABCD2345',
  sequence: 2,
  status: 'CONFIRMED',
  startsAt: '2026-12-01T14:00:00.000Z',
  endsAt: '2026-12-01T15:00:00.000Z',
  stamp: '2026-11-20T08:30:15.123Z',
  summary: 'Private ballet lesson, with Ina; room 3',
  description: 'Bring shoes\\socks.\nSecond line, too; ok',
  url: 'https://meet.example.test/ina',
  organizer: { name: 'Ina Structor', email: 'ina@example.test' },
  attendee: { name: 'Lee "L" Learner', email: 'lee@example.test' },
};

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return { calendar: component, events: component.getAllSubcomponents('vevent') };
}

describe('ics writer', () => {
  it('writes UTC times, escaped text and CRLF lines', () => {
    expect(icsTime('2026-12-01T14:00:00.000Z')).toBe('20261201T140000Z');
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const text = writeEvent(event);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('DTSTART:20261201T140000Z\r\n');
    expect(text).toContain('SUMMARY:Private ballet lesson\\, with Ina\\; room 3\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
  });

  it('parses back with ical.js: every field', () => {
    const { calendar, events } = parse(writeEvent({ ...event, summary: `${event.summary} ${'long '.repeat(30)}`.trim() }));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    const e = new ICAL.Event(events[0]!);
    expect(e.uid).toBe('booking-BK-ABCD2345@drx');
    expect(e.sequence).toBe(2);
    expect(e.summary).toBe(`Private ballet lesson, with Ina; room 3 ${'long '.repeat(30)}`.trim());
    expect(e.description).toBe('Bring shoes\\socks.\nSecond line, too; ok');
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(e.startDate.zone?.tzid).toBe('UTC');
    expect(events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(events[0]!.getFirstPropertyValue('url')).toBe('https://meet.example.test/ina');
    expect(String(events[0]!.getFirstPropertyValue('dtstamp'))).toBe('2026-11-20T08:30:15Z');
    expect(e.organizer).toBe('mailto:ina@example.test');
    expect(e.attendees[0]!.getParameter('cn')).toBe('Lee L Learner');
  });

  it('a cancelled event and a feed of many', () => {
    const cancelled = parse(writeEvent({ ...event, status: 'CANCELLED', sequence: 3, url: null, location: 'Austin, TX' }));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.events[0]!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.events[0]!.getFirstPropertyValue('location')).toBe('Austin, TX');
    const feed = parse(writeCalendar([event, { ...event, number: 'BK-OTHER234' }], { name: 'Ina Structor bookings' }));
    expect(feed.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Ina Structor bookings');
    expect(feed.events.map((e) => e.getFirstPropertyValue('uid'))).toEqual(['booking-BK-ABCD2345@drx', 'booking-BK-OTHER234@drx']);
    expect(parse(writeCalendar([])).events).toHaveLength(0);
  });
});
