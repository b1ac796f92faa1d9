import type { FetcherValue } from '@nanostores/query';
import { atom } from 'nanostores';
import type { BookingView, PackagePurchaseView, SlotsAnswer, WaitlistView } from '../../../shared/bookings/views.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { formatCents } from '../lib/currency.ts';
import { formatDateTime } from '../lib/booking-time.ts';
import { bookingKeys, listOf, PACKAGES_MINE_KEY } from './booking-flow.ts';
import { bind, invalidate, type Loadable } from './query.ts';
import { downloadAuthed } from './download.ts';
import { toast } from './toasts.ts';

/**
 * /my-bookings (decision 0032): the booker's upcoming, past and cancelled bookings, waitlist places and
 * lesson packages, and what they can do with each — add it to a calendar, cancel, reschedule,
 * review, finish paying a held one, accept an offered place.
 */

export type { BookingView, PackagePurchaseView, WaitlistView };

/** My Bookings' lists: a cancelled or declined booking is filed under cancelled, never past. */
export type BookingScope = 'upcoming' | 'past' | 'cancelled';
export const bookingsKey = (scope: BookingScope) => keyOf(api.bookings, { query: { scope } });
export const WAITLIST_KEY = keyOf(api.waitlist);

export const $upcoming = atom<Loadable<BookingView[]>>({ status: 'idle' });
export const $past = atom<Loadable<BookingView[]>>({ status: 'idle' });
export const $cancelled = atom<Loadable<BookingView[]>>({ status: 'idle' });
const LISTS = { upcoming: $upcoming, past: $past, cancelled: $cancelled } as const;
export const $waitlist = atom<Loadable<WaitlistView[]>>({ status: 'idle' });
export const $packages = atom<Loadable<PackagePurchaseView[]>>({ status: 'idle' });

function failure(error: unknown): string {
  const d = describeError(error);
  return d.title === d.message ? d.title : `${d.title}. ${d.message}`;
}

function list<T>(what: string) {
  return (value: FetcherValue<T[] | { data: T[] }, unknown>): Loadable<T[]> => {
    if (value.data !== undefined) return value.loading ? { status: 'loading', data: listOf(value.data) } : { status: 'ready', data: listOf(value.data) };
    if (value.error !== undefined && !value.loading) return { status: 'error', message: `Your ${what} could not be loaded: ${failure(value.error)}` };
    return { status: 'loading' };
  };
}

export function loadBookings(scope: BookingScope): Promise<unknown> {
  const key = bookingsKey(scope);
  return bind<KeyAnswer<typeof key>, Loadable<BookingView[]>>(LISTS[scope], key, list<BookingView>('bookings'));
}

export function loadWaitlist(): Promise<unknown> {
  return bind<KeyAnswer<typeof WAITLIST_KEY>, Loadable<WaitlistView[]>>($waitlist, WAITLIST_KEY, list<WaitlistView>('waitlist places'));
}

export function loadPackages(): Promise<unknown> {
  return bind<KeyAnswer<typeof PACKAGES_MINE_KEY>, Loadable<PackagePurchaseView[]>>($packages, PACKAGES_MINE_KEY, list<PackagePurchaseView>('packages'));
}

/** The badge colour of a booking's status. */
export function statusTone(booking: Pick<BookingView, 'status' | 'completed'>): 'success' | 'warning' | 'danger' | 'neutral' {
  if (booking.completed) return 'neutral';
  if (booking.status === 'confirmed') return 'success';
  if (booking.status === 'held' || booking.status === 'offered') return 'warning';
  if (booking.status === 'declined' || booking.status === 'cancelled') return 'danger';
  return 'neutral';
}

/** What happened to the money of an ended booking: "Refunded $50.00", "Package credit returned". */
export function refundLine(booking: Pick<BookingView, 'status' | 'refund_cents' | 'paid_with' | 'package_purchase_id'>): string | null {
  if (booking.status !== 'cancelled' && booking.status !== 'declined') return null;
  if (booking.refund_cents > 0) return `Refunded ${formatCents(booking.refund_cents)}`;
  return null;
}

/** What cancelling now gives back, as the dialog says it. */
export function cancelOutcome(booking: Pick<BookingView, 'refund_if_cancelled_cents' | 'credit_returns_if_cancelled' | 'paid_with' | 'price_cents' | 'cancellation_deadline'>, zone: string): string {
  const deadline = formatDateTime(booking.cancellation_deadline, zone);
  if (booking.paid_with === 'package') {
    return booking.credit_returns_if_cancelled
      ? `The lesson credit returns to your package (free cancellation until ${deadline}).`
      : `The free cancellation ended ${deadline}: the lesson credit is used.`;
  }
  if (booking.paid_with === 'free' || booking.price_cents === 0) return 'This lesson was free: nothing is refunded.';
  if (booking.refund_if_cancelled_cents >= booking.price_cents) return `You get a full refund of ${formatCents(booking.refund_if_cancelled_cents)} (free cancellation until ${deadline}).`;
  if (booking.refund_if_cancelled_cents > 0) return `You get ${formatCents(booking.refund_if_cancelled_cents)} back.`;
  return `The free cancellation ended ${deadline}: nothing is refunded.`;
}

/** Booking ids with an action under way. */
export const $busy = atom<ReadonlySet<number>>(new Set());

function setBusy(id: number, on: boolean): void {
  const next = new Set($busy.get());
  if (on) next.add(id);
  else next.delete(id);
  $busy.set(next);
}

export type ActionResult = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

async function act(id: number, run: () => Promise<unknown>, done: { title: string; description?: string }): Promise<ActionResult> {
  setBusy(id, true);
  try {
    await run();
    toast(done);
    return { ok: true };
  } catch (error) {
    const d = describeError(error);
    return { ok: false, message: error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : failure(error), fieldErrors: d.validationErrors };
  } finally {
    invalidate(bookingKeys);
    setBusy(id, false);
  }
}

export function cancelBooking(booking: BookingView, reason: string): Promise<ActionResult> {
  return act(booking.id, () => call(api.bookings[':id'].cancel.$post({ param: { id: String(booking.id) }, json: { reason: reason.trim() } })), {
    title: 'Booking cancelled',
    description: `${booking.title} is cancelled.`,
  });
}

export function rescheduleBooking(booking: BookingView, startsAt: string, zone: string): Promise<ActionResult> {
  return act(booking.id, () => call(api.bookings[':id'].reschedule.$post({ param: { id: String(booking.id) }, json: { startsAt } })), {
    title: 'Booking moved',
    description: `${booking.title} is now on ${formatDateTime(startsAt, zone)}.`,
  });
}

export function reviewBooking(booking: BookingView, rating: number, comment: string): Promise<ActionResult> {
  return act(booking.id, () => call(api.bookings[':id'].review.$post({ param: { id: String(booking.id) }, json: { rating, comment: comment.trim() } })), {
    title: 'Thank you for your review',
    description: `Your review of ${booking.instructor.name} is posted.`,
  });
}

/** An offered waitlist place: accepting holds it and opens its checkout (or confirms it with a credit). */
export async function acceptOffer(entry: WaitlistView, navigate: (url: string) => void = (url) => location.assign(url)): Promise<ActionResult> {
  setBusy(entry.id, true);
  try {
    const answer = await call(api.waitlist[':id'].accept.$post({ param: { id: String(entry.id) }, json: {} }));
    if (answer.checkoutUrl) navigate(answer.checkoutUrl);
    else toast({ title: 'Place accepted', description: `${entry.title} is booked.` });
    return { ok: true };
  } catch (error) {
    const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : failure(error);
    toast({ title: 'Could not accept the place', description: message, variant: 'destructive' });
    return { ok: false, message };
  } finally {
    invalidate(bookingKeys);
    setBusy(entry.id, false);
  }
}

export async function leaveWaitlist(entry: WaitlistView): Promise<void> {
  const result = await act(entry.id, () => call(api.waitlist[':id'].$delete({ param: { id: String(entry.id) } })), { title: 'Left the waitlist', description: entry.title });
  if (!result.ok) toast({ title: 'Could not leave the waitlist', description: result.message, variant: 'destructive' });
}

/** The open slots of a booking's lesson type for the reschedule dialog (days of the instructor from today). */
export async function rescheduleSlots(booking: BookingView, from: string, days: number): Promise<SlotsAnswer> {
  return call(
    api.connect.instructors[':id'].slots.$get({
      param: { id: String(booking.instructor.id) },
      query: { lessonTypeId: String(booking.lesson_type_id), from, days: String(days) },
    }),
  );
}

/**
 * "Add to calendar": the ICS needs the bearer token, which a plain link does not send, so it is
 * fetched with it and handed to the browser as a download.
 */
export async function downloadIcs(booking: BookingView): Promise<boolean> {
  setBusy(booking.id, true);
  try {
    await downloadAuthed(api.bookings[':id'].ics.$path({ param: { id: String(booking.id) } }), `booking-${booking.number}.ics`);
    return true;
  } catch (error) {
    toast({ title: 'Download failed', description: failure(error), variant: 'destructive' });
    return false;
  } finally {
    setBusy(booking.id, false);
  }
}
