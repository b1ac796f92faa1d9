import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../../tests/support/admin-test-app.ts';
import { createInstructor, giveBooking, type GivenInstructor } from '../../../tests/support/booking-factories.ts';
import { createUser, type FactoryUser } from '../../../tests/support/factories.ts';
import { read, type TestApp } from '../../../tests/support/test-app.ts';
import type { AdminBookingPage } from '../services/bookings/admin-bookings.ts';

/**
 * GET /api/admin/bookings?q=: a booking number or its beginning, part of the booker's or the
 * instructor's name, email or username, or part of the lesson's title (decision 0046); a term of
 * one or two characters is matched with LIKE. Always with the other filters and both kinds of page.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => ({ t, adminToken } = await createAdminTestApp()));
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.json('GET', `/api/admin/bookings${query}`, undefined, adminToken);
  expect(res.status, query).toBe(200);
  return read<AdminBookingPage>(res);
};
const ids = async (query: string) => (await list(query)).data.map((b) => b.id);
const day = (d: number, hour = 15) => new Date(Date.UTC(2032, 4, d, hour)).toISOString();

type Booking = Awaited<ReturnType<typeof giveBooking>>;

/** An instructor with two lesson types, two bookers and eight bookings, all named after `tag`. */
async function world(tag: string) {
  const pro: GivenInstructor = await createInstructor(t.db, {
    firstName: 'Rosalind',
    lastName: `${tag}Teach`,
    lessonTypes: [{ title: `Lindy ${tag}hop basics` }, { title: 'Private ballet lesson' }],
  });
  const other = await createInstructor(t.db, { firstName: 'Other', lastName: 'Teacher', lessonTypes: [{ title: `Other ${tag}hop class` }] });
  const ann: FactoryUser = await createUser(t.db, { firstName: 'Ann', lastName: `${tag}Book`, username: `ann_${tag}`, email: `ann.${tag}@mail.example` });
  const bob: FactoryUser = await createUser(t.db, { firstName: 'Bob', lastName: 'Plain' });
  const [swing, ballet] = pro.lessonTypes as [GivenInstructor['lessonTypes'][0], GivenInstructor['lessonTypes'][0]];
  const b: Booking[] = [];
  b.push(await giveBooking(t.db, ann.id, swing, { startsAt: day(1) })); // 0
  b.push(await giveBooking(t.db, ann.id, ballet, { startsAt: day(2) })); // 1
  b.push(await giveBooking(t.db, ann.id, swing, { startsAt: day(3), status: 'cancelled' })); // 2
  b.push(await giveBooking(t.db, bob.id, swing, { startsAt: day(4) })); // 3
  b.push(await giveBooking(t.db, bob.id, ballet, { startsAt: day(5) })); // 4
  b.push(await giveBooking(t.db, ann.id, other.lessonTypes[0]!, { startsAt: day(6) })); // 5
  b.push(await giveBooking(t.db, bob.id, other.lessonTypes[0]!, { startsAt: day(7) })); // 6
  b.push(await giveBooking(t.db, bob.id, swing, { startsAt: day(8), status: 'cancelled' })); // 7
  return { pro, other, ann, bob, b };
}

const newestFirst = (rows: Booking[]) => [...rows].sort((x, y) => (x.startsAt < y.startsAt ? 1 : -1)).map((r) => r.id);

describe('GET /api/admin/bookings?q=', () => {
  it("finds the booker by part of their name, email or username, and the instructor by part of theirs, each booking once", async () => {
    const tag = `Sq${Date.now().toString(36)}`;
    const { pro, ann, b } = await world(tag);
    const booker = await list(`?q=${tag}Bo`);
    expect(booker.data.map((r) => r.id)).toEqual(newestFirst([b[0]!, b[1]!, b[2]!, b[5]!]));
    expect(booker.pagination).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
    expect(booker.data[0]!.booker).toMatchObject({ id: ann.id, email: ann.email });
    // The middle of a name, any case; the email and the username.
    expect(await ids(`?q=${tag.toLowerCase()}boo`)).toEqual(newestFirst([b[0]!, b[1]!, b[2]!, b[5]!]));
    expect(await ids(`?q=ann.${tag}@mail`)).toEqual(newestFirst([b[0]!, b[1]!, b[2]!, b[5]!]));
    expect(await ids(`?q=ann_${tag}`)).toEqual(newestFirst([b[0]!, b[1]!, b[2]!, b[5]!]));

    const instructor = await list(`?q=${encodeURIComponent(`Rosalind ${tag}Te`)}`);
    expect(instructor.data.map((r) => r.id)).toEqual(newestFirst([b[0]!, b[1]!, b[2]!, b[3]!, b[4]!, b[7]!]));
    expect(instructor.pagination.total).toBe(6);
    expect(instructor.data.every((r) => r.instructor.id === pro.user.id)).toBe(true);

    // Both people hold the term: their bookings together, none twice.
    const both = await list(`?q=${tag}`);
    expect(both.data.map((r) => r.id)).toEqual(newestFirst(b));
    expect(both.pagination.total).toBe(8);
  });

  it('finds a booking by its number or the beginning of it, in any case, and no other', async () => {
    const tag = `Sn${Date.now().toString(36)}`;
    const { b } = await world(tag);
    const target = b[4]!;
    expect(target.number).toMatch(/^BK-[2-9A-Z]{8}$/);
    const whole = await list(`?q=${target.number}`);
    expect(whole.data.map((r) => r.id)).toEqual([target.id]);
    expect(whole.pagination.total).toBe(1);
    expect(await ids(`?q=${target.number.toLowerCase()}`)).toEqual([target.id]);
    // Five characters after BK-: one booking of a few dozen.
    expect(await ids(`?q=${target.number.slice(0, 8)}`)).toEqual([target.id]);
    // Three after BK-: every booking whose number begins so (others may share it by chance).
    const prefix = target.number.slice(0, 6);
    const found = await list(`?q=${prefix}`);
    expect(found.data.map((r) => r.id)).toContain(target.id);
    expect(found.data.every((r) => r.number.startsWith(prefix))).toBe(true);
    expect(found.pagination.total).toBe(found.data.length);
    // Another booking's number is not a match of this one's beginning.
    expect(await ids(`?q=${target.number.slice(0, 10)}Z9`)).toEqual([]);
  });

  it("finds bookings by part of their lesson's title", async () => {
    const tag = `St${Date.now().toString(36)}`;
    const { b } = await world(tag);
    const swing = await list(`?q=${encodeURIComponent(`Lindy ${tag}hop`)}`);
    expect(swing.data.map((r) => r.id)).toEqual(newestFirst([b[0]!, b[2]!, b[3]!, b[7]!]));
    expect(swing.data.every((r) => r.title === `Lindy ${tag}hop basics`)).toBe(true);
    expect(swing.pagination.total).toBe(4);
    // Both instructors' types hold this part.
    expect(await ids(`?q=${tag}hop`)).toEqual(newestFirst([b[0]!, b[2]!, b[3]!, b[5]!, b[6]!, b[7]!]));
    expect((await list(`?q=${encodeURIComponent(`${tag}HOP CLASS`)}`)).data.map((r) => r.id)).toEqual(newestFirst([b[5]!, b[6]!]));
  });

  it('matches a term of one or two characters with LIKE over the number, the title and both people', async () => {
    const tag = `Ss${Date.now().toString(36)}`;
    const { pro, b, bob } = await world(tag);
    const odd = await createUser(t.db, { firstName: 'Zoë', lastName: '§¶' });
    const mine = await giveBooking(t.db, odd.id, pro.lessonTypes[1]!, { startsAt: day(9) });
    const tango = await createInstructor(t.db, { firstName: 'Odd', lastName: 'Teacher', lessonTypes: [{ title: 'Tango ¤¤ nights' }] });
    const titled = await giveBooking(t.db, bob.id, tango.lessonTypes[0]!, { startsAt: day(10) });

    const two = await list(`?q=${encodeURIComponent('§¶')}`);
    expect(two.data.map((r) => r.id)).toEqual([mine.id]);
    expect(two.pagination.total).toBe(1);
    expect(await ids(`?q=${encodeURIComponent('¶')}`)).toEqual([mine.id]);
    expect(await ids(`?q=${encodeURIComponent('¤¤')}`)).toEqual([titled.id]);
    // Two characters from inside a number, within one instructor's bookings.
    expect(await ids(`?q=${b[3]!.number.slice(5, 7)}&instructorId=${pro.user.id}`)).toContain(b[3]!.id);
    // "Ro" of "Rosalind", with a date range: the instructor's bookings on those days.
    const short = await list(`?q=Ro&instructorId=${pro.user.id}&from=2032-05-01&to=2032-05-04`);
    expect(short.data.map((r) => r.id)).toEqual(newestFirst([b[0]!, b[1]!, b[2]!, b[3]!]));
    expect(short.pagination.total).toBe(4);
    // % is matched as typed, never as a wildcard.
    expect(await ids('?q=%25')).toEqual([]);
  });

  it('takes %, _ and quotes as typed in a longer term too', async () => {
    const tag = `Sw${Date.now().toString(36)}`;
    await world(tag);
    for (const q of ['%%%', '___', `${tag}%`, `"${tag}`, `${tag.slice(0, 2)}_${tag.slice(3)}`]) expect(await ids(`?q=${encodeURIComponent(q)}`), q).toEqual([]);
  });

  it('narrows a search with the instructor, status and date filters, the total counting what is shown', async () => {
    const tag = `Sf${Date.now().toString(36)}`;
    const { pro, other, b } = await world(tag);
    const cancelled = await list(`?q=${tag}Book&status=cancelled`);
    expect(cancelled.data.map((r) => r.id)).toEqual([b[2]!.id]);
    expect(cancelled.pagination.total).toBe(1);
    expect(await ids(`?q=${tag}Teach&status=cancelled`)).toEqual([b[7]!.id, b[2]!.id]);
    expect(await ids(`?q=${tag}Book&status=confirmed`)).toEqual(newestFirst([b[0]!, b[1]!, b[5]!]));
    expect(await ids(`?q=${tag}Book&status=upcoming`)).toEqual(newestFirst([b[0]!, b[1]!, b[5]!]));
    expect(await ids(`?q=${tag}Book&status=completed`)).toEqual([]);
    expect(await ids(`?q=${tag}Book&instructorId=${other.user.id}`)).toEqual([b[5]!.id]);
    expect(await ids(`?q=${tag}hop&instructorId=${pro.user.id}&status=confirmed`)).toEqual(newestFirst([b[0]!, b[3]!]));
    // Whole UTC days, both ends included.
    const dated = await list(`?q=${tag}Teach&from=2032-05-02&to=2032-05-04`);
    expect(dated.data.map((r) => r.id)).toEqual(newestFirst([b[1]!, b[2]!, b[3]!]));
    expect(dated.pagination.total).toBe(3);
    expect(await ids(`?q=${b[2]!.number}&status=cancelled&from=2032-05-03&to=2032-05-03`)).toEqual([b[2]!.id]);
    expect(await ids(`?q=${b[2]!.number}&status=confirmed`)).toEqual([]);
  });

  it("pages a search by number and through the pages' next and prev tokens, with the same total on every page", async () => {
    const tag = `Sp${Date.now().toString(36)}`;
    const { b } = await world(tag);
    const all = newestFirst(b);
    const q = `?q=${tag}&pageSize=3`;
    const first = await list(q);
    expect(first.data.map((r) => r.id)).toEqual(all.slice(0, 3));
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, total: 8, totalPages: 3 });
    expect(first.prev).toBeNull();
    const second = await list(`${q}&after=${first.next}`);
    expect(second.data.map((r) => r.id)).toEqual(all.slice(3, 6));
    expect(second.pagination).toEqual({ page: 2, pageSize: 3, total: 8, totalPages: 3 });
    const third = await list(`${q}&after=${second.next}`);
    expect(third.data.map((r) => r.id)).toEqual(all.slice(6));
    expect(third).toMatchObject({ next: null, pagination: { page: 3, total: 8 } });
    const back = await list(`${q}&before=${third.prev}`);
    expect(back.data.map((r) => r.id)).toEqual(all.slice(3, 6));
    expect(back.pagination.page).toBe(2);
    const front = await list(`${q}&before=${back.prev}`);
    expect(front).toMatchObject({ prev: null, pagination: { page: 1 } });
    expect(front.data.map((r) => r.id)).toEqual(all.slice(0, 3));
    // Pages by number, from either end.
    expect(await ids(`${q}&page=2`)).toEqual(all.slice(3, 6));
    expect(await ids(`${q}&page=3`)).toEqual(all.slice(6));
    expect((await list(`${q}&page=4`)).data).toEqual([]);
    // A filtered search pages the same way.
    const confirmed = await list(`?q=${tag}&status=confirmed&pageSize=4`);
    expect(confirmed.pagination.total).toBe(6);
    const rest = await list(`?q=${tag}&status=confirmed&pageSize=4&after=${confirmed.next}`);
    expect([...confirmed.data, ...rest.data].map((r) => r.id)).toEqual(newestFirst([b[0]!, b[1]!, b[3]!, b[4]!, b[5]!, b[6]!]));
    expect(rest.next).toBeNull();
  });
});
