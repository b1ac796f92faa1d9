/**
 * iCalendar (RFC 5545) for bookings (decision 0032): written by us, pure. Lines end in CRLF and
 * are folded at 75 octets (a continuation line starts with one space); TEXT values escape
 * backslash, semicolon, comma and newlines; every time is UTC (…Z). A booking's UID is stable
 * (`booking-{number}@drx`) and its SEQUENCE grows with each change, so a calendar updates the
 * one event instead of adding another.
 */

export interface IcsEvent {
  /** The booking's number (BK-…): the UID is `booking-{number}@drx`. */
  number: string;
  sequence: number;
  status: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE';
  startsAt: string | Date;
  endsAt: string | Date;
  /** When this version was written (DTSTAMP). */
  stamp: string | Date;
  summary: string;
  description?: string;
  /** An in-person place. */
  location?: string | null;
  /** The join link of an online lesson. */
  url?: string | null;
  organizer?: { name: string; email: string } | null;
  attendee?: { name: string; email: string } | null;
}

const CRLF = '\r\n';
const LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** 20261201T090000Z */
export function icsTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** TEXT escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=…): quoted, with the characters a quoted value cannot hold dropped. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

/** Folds one content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1; // the leading space of a continuation counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:booking-${event.number}@drx`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (event.organizer) lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`);
  if (event.attendee) lines.push(`ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${event.attendee.email}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A VCALENDAR of the events: one booking's file (METHOD:PUBLISH) or an instructor's feed.
 * `name` becomes X-WR-CALNAME, the name a calendar app shows for a subscribed feed.
 */
export function writeCalendar(events: readonly IcsEvent[], options: { name?: string; method?: 'PUBLISH' | 'CANCEL' } = {}): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//DRX//Connect & Book//EN', 'CALSCALE:GREGORIAN', `METHOD:${options.method ?? 'PUBLISH'}`];
  if (options.name) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  for (const event of events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** One event's calendar file. */
export function writeEvent(event: IcsEvent): string {
  return writeCalendar([event], { method: event.status === 'CANCELLED' ? 'CANCEL' : 'PUBLISH' });
}
