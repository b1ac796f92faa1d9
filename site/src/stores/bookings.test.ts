import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The booking flow's and My Bookings' stores against a fetch that answers like the API. */

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let handler: (path: string, init?: RequestInit) => Answer | undefined;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  handler = () => undefined;
  vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('location', { pathname: '/connect/book/7', search: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = handler(String(input), init) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function load() {
  vi.resetModules();
  return { flow: await import('./booking-flow.ts'), mine: await import('./bookings.ts'), toasts: await import('./toasts.ts') };
}

const lessonType = { id: 3, kind: 'private', kind_label: 'Private lesson', title: 'Private ballet', description: '', duration_minutes: 60, price_cents: 5000, price: 50, capacity: 1, mode: 'online', mode_label: 'Online', active: true, position: 0 };
const profile = { id: 7, name: 'Ina Structor', headline: '', time_zone: 'America/New_York', lesson_types: [lessonType], packages: [], cancellation_hours: 24 };
const slot = (startsAt: string, full = false) => ({ starts_at: startsAt, ends_at: startsAt, local_date: '', local_time: '', capacity: 1, seats_left: full ? 0 : 1, full });

describe('the booking flow', () => {
  it('reads the instructor id of both booking addresses and nothing else', async () => {
    const { flow } = await load();
    expect(flow.instructorIdFromPath('/connect/book/12')).toBe(12);
    expect(flow.instructorIdFromPath('/instructors/12/book')).toBe(12);
    expect(flow.instructorIdFromPath('/instructors/12/book/')).toBe(12);
    expect(flow.instructorIdFromPath('/instructors/12')).toBeNull();
    expect(flow.instructorIdFromPath('/connect/book/_')).toBeNull();
    expect(flow.instructorIdFromPath('/connect/book/0')).toBeNull();
  });

  it('asks for the instructor days around the window, never before their today', async () => {
    const { flow } = await load();
    expect(flow.slotsKey(7, 3, '2026-11-26', '2026-11-25')).toBe('/api/connect/instructors/7/slots?lessonTypeId=3&from=2026-11-25&days=16');
    // London is already on the 26th while New York is on the 25th: New York's today is the start.
    expect(flow.slotsKey(7, 3, '2026-11-26', '2026-11-26')).toBe('/api/connect/instructors/7/slots?lessonTypeId=3&from=2026-11-26&days=15');
  });

  it('lays slots on the booker days of the window, marking open days', async () => {
    const { flow } = await load();
    const days = flow.pickerDays([slot('2026-11-27T14:00:00Z'), slot('2026-11-27T15:00:00Z', true), slot('2026-11-28T01:00:00Z')], 'America/New_York', '2026-11-26');
    expect(days).toHaveLength(flow.DAYS_SHOWN);
    expect(days[0]).toMatchObject({ key: '2026-11-26', open: 0 });
    expect(days[1]).toMatchObject({ key: '2026-11-27', open: 2 });
    expect(days[1]!.slots).toHaveLength(3);
  });

  it('offers only package credits of the lesson type that have lessons left', async () => {
    const { flow } = await load();
    const pkg = (id: number, lessonTypeId: number, left: number, status = 'active') => ({ id, lesson_type_id: lessonTypeId, credits_left: left, status }) as never;
    expect(flow.creditsFor([pkg(1, 3, 2), pkg(2, 3, 0), pkg(3, 4, 5), pkg(4, 3, 1, 'refunded')], 3).map((p: { id: number }) => p.id)).toEqual([1]);
  });

  it('says the cancellation policy, or that the free cancellation has passed', async () => {
    const { flow } = await load();
    const now = new Date('2026-11-26T12:00:00Z');
    expect(flow.policyLine('2026-11-30T14:00:00Z', 24, 'Europe/London', now)).toBe(
      'Free cancellation until Sunday, November 29, 2026 at 2:00 PM (24 hours before); no refund after that.',
    );
    expect(flow.policyLine('2026-11-26T20:00:00Z', 24, 'Europe/London', now)).toBe('This lesson starts within 24 hours: if you cancel it, nothing is refunded.');
    expect(flow.canGoBack({ zone: 'UTC', windowStart: '2026-11-26' }, now)).toBe(false);
    expect(flow.canGoBack({ zone: 'UTC', windowStart: '2026-12-10' }, now)).toBe(true);
  });

  it('holds the slot and goes to the checkout; a 409 keeps the booker here with other times', async () => {
    // Two days ahead at 14:00 and 15:00 UTC: inside the picker's window whatever the day of the run.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const [first, next] = [`${day}T14:00:00Z`, `${day}T15:00:00Z`];
    let taken = false;
    handler = (path, init) => {
      if (path === '/api/connect/instructors/7') return { status: 200, body: profile };
      if (path === '/api/packages/mine') return { status: 200, body: [] };
      if (path.startsWith('/api/connect/instructors/7/slots')) return { status: 200, body: { instructor_time_zone: 'America/New_York', lesson_type: lessonType, from: '', to: '', slots: [slot(first)] } };
      if (path === '/api/bookings' && init?.method === 'POST') {
        return taken
          ? { status: 409, body: { message: 'This time was just taken by someone else. Please choose another time.', alternatives: [slot(next)] } }
          : { status: 201, body: { booking: { id: 1, title: 'Private ballet' }, checkoutUrl: '/checkout/stripe?session=cs_1' } };
      }
      return undefined;
    };
    const { flow } = await load();
    await flow.startFlow(7);
    expect(flow.$flow.get().lessonTypeId).toBe(3);
    await flow.loadSlots();
    flow.chooseSlot(flow.$picker.get().days.flatMap((d) => d.slots)[0]!);
    flow.setNote('  Pirouettes  ');
    const navigate = vi.fn();
    expect(await flow.submitBooking(navigate)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/checkout/stripe?session=cs_1');
    const sent = calls.find((c) => c.path === '/api/bookings')!.body;
    expect(sent).toMatchObject({ instructorId: 7, lessonTypeId: 3, startsAt: first, note: 'Pirouettes' });
    expect(sent).not.toHaveProperty('packagePurchaseId');

    taken = true;
    flow.chooseSlot(slot(first));
    expect(await flow.submitBooking(navigate)).toBe(false);
    const state = flow.$submission.get();
    expect(state.status === 'error' && state.message).toMatch(/just taken/);
    expect(state.status === 'error' && state.alternatives.map((s) => s.starts_at)).toEqual([next]);
    expect(flow.$flow.get().slot).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

const view = (over: Record<string, unknown> = {}) =>
  ({
    id: 5,
    title: 'Private ballet',
    status: 'confirmed',
    completed: false,
    paid_with: 'card',
    price_cents: 5000,
    refund_cents: 0,
    refund_if_cancelled_cents: 5000,
    credit_returns_if_cancelled: false,
    package_purchase_id: null,
    cancellation_deadline: '2026-11-29T14:00:00.000Z',
    instructor: { id: 7, name: 'Ina Structor', photo_url: null },
    ...over,
  }) as never;

describe('my bookings', () => {
  it('says what cancelling gives back, by how it was paid and the deadline', async () => {
    const { mine } = await load();
    expect(mine.cancelOutcome(view(), 'Europe/London')).toBe('You get a full refund of $50.00 (free cancellation until Sunday, November 29, 2026 at 2:00 PM).');
    expect(mine.cancelOutcome(view({ refund_if_cancelled_cents: 0 }), 'Europe/London')).toBe('The free cancellation ended Sunday, November 29, 2026 at 2:00 PM: nothing is refunded.');
    expect(mine.cancelOutcome(view({ paid_with: 'package', credit_returns_if_cancelled: true }), 'UTC')).toMatch(/^The lesson credit returns to your package/);
    expect(mine.cancelOutcome(view({ paid_with: 'package' }), 'UTC')).toMatch(/the lesson credit is used\.$/);
  });

  it('shows refunds of ended bookings and colours statuses', async () => {
    const { mine } = await load();
    expect(mine.refundLine(view({ status: 'declined', refund_cents: 5000 }))).toBe('Refunded $50.00');
    expect(mine.refundLine(view({ status: 'cancelled', refund_cents: 0 }))).toBeNull();
    expect(mine.refundLine(view({ refund_cents: 5000 }))).toBeNull();
    expect(mine.statusTone(view())).toBe('success');
    expect(mine.statusTone(view({ status: 'held' }))).toBe('warning');
    expect(mine.statusTone(view({ status: 'declined' }))).toBe('danger');
    expect(mine.statusTone(view({ completed: true }))).toBe('neutral');
  });

  it('cancels with the reason and reads the lists again; a refusal is shown', async () => {
    let refuse = false;
    handler = (path) => {
      if (path === '/api/bookings/5/cancel') return refuse ? { status: 409, body: { message: 'This booking can no longer be cancelled.' } } : { status: 200, body: {} };
      if (path === '/api/bookings?scope=upcoming') return { status: 200, body: { data: [view()] } };
      return undefined;
    };
    const { mine, toasts } = await load();
    await mine.loadBookings('upcoming');
    const listed = mine.$upcoming.get();
    expect(listed.status === 'ready' && listed.data).toHaveLength(1);
    expect(await mine.cancelBooking(view(), '  Ill  ')).toEqual({ ok: true });
    expect(calls.find((c) => c.path === '/api/bookings/5/cancel')!.body).toEqual({ reason: 'Ill' });
    expect(toasts.$toasts.get().at(-1)?.title).toBe('Booking cancelled');
    refuse = true;
    expect(await mine.cancelBooking(view(), '')).toMatchObject({ ok: false, message: 'This booking can no longer be cancelled.' });
  });
});
