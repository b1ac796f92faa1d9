import { describe, expect, it } from 'vitest';
import { expectAdminOnly, useAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { createInstructor, giveBooking } from '../../../../tests/support/booking-factories.ts';
import { expectBadFilter, fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser, createUser, signIn } from '../../../../tests/support/factories.ts';
import type { BookingView } from '../../../../shared/bookings/views.ts';
import { BOOKINGS_CSV_HEADER } from './bookings.ts';

const app = useAdminTestApp();

const PATH = '/api/admin/bookings/export.csv';
const day = (d: number, hour = 15) => new Date(Date.UTC(2031, 2, d, hour)).toISOString();

describe('GET /api/admin/bookings/export.csv', () => {
  it("exports every booking the list's filters select, across pages, in the list's order (newest start first)", async () => {
    const tag = `bx${Date.now().toString(36)}`;
    const pro = await createInstructor(app.t.db, { lastName: `${tag}Teacher` });
    const other = await createInstructor(app.t.db);
    const booker = await createUser(app.t.db, { firstName: TRICKY(tag), lastName: 'Booker' });
    const type = pro.lessonTypes[0]!;
    const tricky = await giveBooking(app.t.db, booker.id, type, { startsAt: day(9), note: '@note, "with" quotes\nand a line' });
    for (const d of [3, 5, 7]) await giveBooking(app.t.db, booker.id, type, { startsAt: day(d) });
    await giveBooking(app.t.db, booker.id, type, { startsAt: day(4), status: 'cancelled' }); // another status
    await giveBooking(app.t.db, booker.id, other.lessonTypes[0]!, { startsAt: day(6) }); // another instructor
    await giveBooking(app.t.db, booker.id, type, { startsAt: day(20) }); // after "to"

    const filters = `q=${tag}&instructorId=${pro.user.id}&status=confirmed&from=2031-03-01&to=2031-03-10`;
    const listed = await listAll<BookingView>(app.t, `/api/admin/bookings?${filters}`, app.adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(app.t, `/api/admin/bookings?${filters}&pageSize=1`, app.adminToken)).toBe(4);

    const { header, rows } = await fetchCsv(app.t, `${PATH}?${filters}&page=4&pageSize=1`, app.adminToken, 'bookings');
    expect(header).toEqual(BOOKINGS_CSV_HEADER);
    expect(rows.map((r) => r[0])).toEqual(listed.map((b) => b.number));
    expect(rows[0]![0]).toBe(tricky.number);

    const cell = (name: string) => rows[0]![header.indexOf(name)];
    expect(cell('Status')).toBe(listed[0]!.status_label);
    expect(cell('Starts at (UTC)')).toBe(day(9));
    expect(cell('Lesson')).toBe(type.title);
    expect(cell('Instructor ID')).toBe(String(pro.user.id));
    expect(cell('Booker ID')).toBe(String(booker.id));
    expect(cell('Booker')).toBe(`${TRICKY_READ(tag)} Booker`);
    expect(cell('Booker email')).toBe(booker.email);
    expect(cell('Price (USD)')).toBe((type.priceCents / 100).toFixed(2));
    expect(cell('Note')).toBe(`'@note, "with" quotes\nand a line`);
    expect(cell('Cancelled at (UTC)')).toBe('');

    const cancelled = await fetchCsv(app.t, `${PATH}?q=${tag}&status=cancelled`, app.adminToken, 'bookings');
    expect(cancelled.rows).toHaveLength(1);
  });

  it('is ADMIN only (bookings.manage), and a bad filter is a 400', async () => {
    const pro = await createInstructor(app.t.db);
    const curriculumAdmin = (await createSignedInUser(app.t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    await expectAdminOnly(app.t, 'GET', PATH, undefined, app.studentToken, [await signIn(app.t.db, pro.user.id), curriculumAdmin]);
    await expectBadFilter(app.t, `${PATH}?from=2031-03-10&to=2031-03-01`, app.adminToken, { to: ['From must be on or before To'] });
    expect((await app.t.json('GET', `${PATH}?status=asleep`, undefined, app.adminToken)).status).toBe(400);
  });
});
