import { describe, expect, it } from 'vitest';
import { formatWithOther } from '../../domain/booking-time.ts';
import { noticeTexts, type BookingContext } from './notices.ts';
import { bookingLineTitle } from './payment.ts';

// 20:00 UTC on Tue 3 Mar 2026: 3:00 PM in New York, 12:00 PM in Los Angeles, 5:00 AM Wed in Tokyo.
const AT = '2026-03-03T20:00:00.000Z';

describe('one time zone story in what the server writes (decision 0068)', () => {
  it('reads the instant in the reader zone with the other side beside when it differs', () => {
    expect(formatWithOther(AT, 'America/New_York', 'America/Los_Angeles')).toBe('Tue, Mar 3, 3:00 PM EST (12:00 PM in Los Angeles)');
    expect(formatWithOther(AT, 'America/New_York', 'America/New_York')).toBe('Tue, Mar 3, 3:00 PM EST');
    expect(formatWithOther(AT, 'America/New_York', 'Asia/Tokyo')).toBe('Tue, Mar 3, 3:00 PM EST (Wed, Mar 4, 5:00 AM in Tokyo)');
  });

  it("titles the order line (checkout, confirmation, receipt) in the booker's time, the instructor's beside", () => {
    const line = bookingLineTitle({ title: 'Private ballet lesson', startsAt: AT, bookerTimeZone: 'America/New_York', instructorTimeZone: 'America/Los_Angeles' }, 'Ina Structor');
    expect(line).toBe('Private ballet lesson with Ina Structor — Tue, Mar 3, 3:00 PM EST (12:00 PM in Los Angeles)');
  });

  it("writes each email in its reader's time with the other side's beside", () => {
    const b = {
      number: 'BK-1',
      title: 'Private ballet lesson',
      startsAt: AT,
      bookerTimeZone: 'America/New_York',
      instructorTimeZone: 'America/Los_Angeles',
      userId: 1,
      instructorId: 2,
      bookerName: 'Bea',
      bookerEmail: 'bea@example.test',
      instructorName: 'Ina',
      instructorEmail: 'ina@example.test',
    } as BookingContext;
    const [booker, instructor] = noticeTexts('booking_confirmed', b);
    expect(booker!.body).toContain('on Tue, Mar 3, 3:00 PM EST (12:00 PM in Los Angeles)');
    expect(instructor!.body).toContain('on Tue, Mar 3, 12:00 PM PST (3:00 PM in New York)');
  });
});
