import { atom } from 'nanostores';
import { PROFILE_NOT_FOUND } from '../../../worker/src/domain/bookings.ts';
import type { AvailabilityView, BookingView, LessonTypeView, OwnProfileView, SlotsAnswer, SlotView } from '../../../shared/bookings/views.ts';
import { ApiError, describeError, type ValidationErrors } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import { invalidate, startingWith, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The instructor's area of Connect & Book (decision 0032): /instructor/availability (weekly hours,
 * date overrides, zone and booking rules, and a preview of the open times) and
 * /instructor/bookings (their bookings by tab, decline and cancel with a full refund, the private
 * calendar feed). Every signed-in person with a profile uses them; without one the API answers
 * 404 PROFILE_NOT_FOUND and the pages link to /connect/profile.
 */

export type { AvailabilityView, BookingView, LessonTypeView, OwnProfileView, SlotView };

/** The one Loadable shape, and one more state: the signed-in person has no instructor profile yet. */
export type ProfileLoadable<T> = Loadable<T> | { status: 'no-profile' };

const isNoProfile = (error: unknown) => error instanceof ApiError && error.status === 404 && error.message === PROFILE_NOT_FOUND;

function failed(error: unknown): { status: 'no-profile' } | { status: 'error'; message: string } {
  if (isNoProfile(error)) return { status: 'no-profile' };
  const { title, message } = describeError(error);
  return { status: 'error', message: title === message ? title : `${title}. ${message}` };
}

function refusal(error: unknown): { message: string; validationErrors?: ValidationErrors } {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return { message: error.message, validationErrors: error.validationErrors };
  return { message: describeError(error).title };
}

// ---------------------------------------------------------------------------------------------
// The profile (the feed URL, the lesson types of the preview, whether it is published)

export const $ownProfile = atom<ProfileLoadable<OwnProfileView>>({ status: 'idle' });

export async function loadOwnProfile(): Promise<void> {
  $ownProfile.set({ status: 'loading' });
  try {
    $ownProfile.set({ status: 'ready', data: await call(api.connect.profile.$get()) });
  } catch (error) {
    $ownProfile.set(failed(error));
  }
}

// ---------------------------------------------------------------------------------------------
// Availability: the editor's form and its rules (pure functions, tested)

export const WEEKDAYS = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 7, name: 'Sunday' },
] as const;

export interface TimeWindow {
  key: number;
  start: string;
  end: string;
}

export interface OverrideDay {
  key: number;
  date: string;
  dayOff: boolean;
  windows: TimeWindow[];
}

export interface AvailabilityForm {
  timeZone: string;
  minNoticeMinutes: number;
  horizonDays: string;
  bufferMinutes: number;
  /** weekday (1 … 7) → its windows. */
  weekly: Record<number, TimeWindow[]>;
  overrides: OverrideDay[];
}

let windowKey = 0;
export const newWindow = (start = '09:00', end = '17:00'): TimeWindow => ({ key: ++windowKey, start, end });

export function formOfAvailability(view: AvailabilityView): AvailabilityForm {
  const weekly: Record<number, TimeWindow[]> = {};
  for (const { weekday } of WEEKDAYS) weekly[weekday] = [];
  for (const w of view.weekly) weekly[w.weekday]?.push(newWindow(w.start, w.end));
  const byDate = new Map<string, OverrideDay>();
  for (const o of view.overrides) {
    const day = byDate.get(o.date) ?? { key: ++windowKey, date: o.date, dayOff: false, windows: [] };
    if (o.start === null || o.end === null) day.dayOff = true;
    else day.windows.push(newWindow(o.start, o.end));
    byDate.set(o.date, day);
  }
  return {
    timeZone: view.time_zone,
    minNoticeMinutes: view.min_notice_minutes,
    horizonDays: String(view.horizon_days),
    bufferMinutes: view.buffer_minutes,
    weekly,
    overrides: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** Monday's windows copied to Tuesday … Friday (the weekend keeps its own). */
export function copyMondayToWeekdays(form: AvailabilityForm): AvailabilityForm {
  const monday = form.weekly[1] ?? [];
  const weekly = { ...form.weekly };
  for (const weekday of [2, 3, 4, 5]) weekly[weekday] = monday.map((w) => newWindow(w.start, w.end));
  return { ...form, weekly };
}

/** The PUT body of the form. */
export function availabilityBodyOf(form: AvailabilityForm): AvailabilityView {
  return {
    time_zone: form.timeZone,
    min_notice_minutes: form.minNoticeMinutes,
    horizon_days: Number(form.horizonDays),
    buffer_minutes: form.bufferMinutes,
    weekly: WEEKDAYS.flatMap(({ weekday }) => (form.weekly[weekday] ?? []).map((w) => ({ weekday, start: w.start, end: w.end }))),
    overrides: form.overrides.flatMap((d): AvailabilityView['overrides'] =>
      d.dayOff ? [{ date: d.date, start: null, end: null }] : d.windows.map((w) => ({ date: d.date, start: w.start, end: w.end })),
    ),
  };
}

/** Choices of the rules, in human units; the current value is kept when it is not among them. */
export const NOTICE_CHOICES = [0, 60, 120, 240, 480, 720, 1440, 2880, 4320, 10080, 20160];
export const BUFFER_CHOICES = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120];

export function durationText(minutes: number): string {
  if (minutes === 0) return 'None';
  if (minutes % 10080 === 0) return minutes === 10080 ? '1 week' : `${minutes / 10080} weeks`;
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  if (minutes > 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${minutes} minutes`;
}

export const choicesWith = (choices: number[], current: number) => (choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b));

/** Every IANA zone the browser knows, with the current one first in line if it is missing. */
export function timeZoneChoices(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

export const $availability = atom<ProfileLoadable<AvailabilityView>>({ status: 'idle' });
export const $availabilitySaving = atom(false);

export async function loadAvailability(): Promise<void> {
  $availability.set({ status: 'loading' });
  try {
    $availability.set({ status: 'ready', data: await call(api.instructor.availability.$get()) });
  } catch (error) {
    $availability.set(failed(error));
  }
}

/** Saves the whole form; answers the field problems of a refusal (keys as the API names them: weekly.3.start). */
export async function saveAvailability(form: AvailabilityForm): Promise<{ ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors }> {
  $availabilitySaving.set(true);
  try {
    const saved = await call(api.instructor.availability.$put({ json: availabilityBodyOf(form) }));
    $availability.set({ status: 'ready', data: saved });
    invalidate(startingWith('/api/connect'));
    toast({ title: 'Availability saved', description: 'Your open times follow these hours now.', variant: 'default' });
    void loadPreview();
    return { ok: true };
  } catch (error) {
    const problem = refusal(error);
    toast({ title: 'Could not save your availability', description: problem.message, variant: 'destructive' });
    return { ok: false, ...problem };
  } finally {
    $availabilitySaving.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// The preview of the next open times (published profiles only: the public slots answer)

export const PREVIEW_DAYS = 14;
export const PREVIEW_SLOTS = 12;
export const $previewLessonType = atom<number | null>(null);
export const $preview = atom<{ status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: SlotsAnswer } | { status: 'error'; message: string }>({ status: 'idle' });

export async function loadPreview(lessonTypeId: number | null = $previewLessonType.get()): Promise<void> {
  const profile = $ownProfile.get();
  if (profile.status !== 'ready' || profile.data.status !== 'published') return;
  const types = profile.data.lesson_types.filter((t) => t.active);
  const chosen = types.find((t) => t.id === lessonTypeId) ?? types[0];
  if (!chosen) return;
  $previewLessonType.set(chosen.id);
  $preview.set({ status: 'loading' });
  const from = new Date().toISOString().slice(0, 10);
  try {
    const answer = await call(
      api.connect.instructors[':id'].slots.$get({
        param: { id: String(profile.data.id) },
        query: { lessonTypeId: String(chosen.id), from, days: String(PREVIEW_DAYS) },
      }),
    );
    $preview.set({ status: 'ready', data: answer });
  } catch (error) {
    $preview.set({ status: 'error', message: describeError(error).title });
  }
}

// ---------------------------------------------------------------------------------------------
// The instructor's bookings

export const BOOKING_TABS = [
  { scope: 'upcoming', label: 'Upcoming' },
  { scope: 'past', label: 'Past' },
  { scope: 'cancelled', label: 'Cancelled' },
] as const;
export type BookingScope = (typeof BOOKING_TABS)[number]['scope'];

/** The API's query of each tab, and which rows it keeps: Past holds the lessons that took place; Cancelled the cancelled and declined ones (a hold that ran out unpaid was never a booking). */
const TAB_QUERY = {
  upcoming: { scope: 'upcoming' },
  past: { scope: 'past', status: 'completed' },
  cancelled: { scope: 'cancelled' },
} as const satisfies Record<BookingScope, object>;
const TAB_KEEPS: Record<BookingScope, (b: BookingView) => boolean> = {
  upcoming: () => true,
  past: (b) => b.completed,
  cancelled: () => true,
};

export const $bookingScope = atom<BookingScope>('upcoming');
export const $instructorBookings = atom<ProfileLoadable<BookingView[]>>({ status: 'idle' });
let bookingsRequest = 0;

export async function loadInstructorBookings(scope: BookingScope = $bookingScope.get()): Promise<void> {
  $bookingScope.set(scope);
  const request = ++bookingsRequest;
  $instructorBookings.set({ status: 'loading' });
  try {
    const answer = await call(api.instructor.bookings.$get({ query: TAB_QUERY[scope] }));
    if (request === bookingsRequest) $instructorBookings.set({ status: 'ready', data: answer.data.filter(TAB_KEEPS[scope]) });
  } catch (error) {
    if (request === bookingsRequest) $instructorBookings.set(failed(error));
  }
}

/** Decline (a confirmed or held booking that has not started) or cancel: the booker is refunded in full either way. */
export const canDecline = (b: BookingView, now = Date.now()) => (b.status === 'confirmed' || b.status === 'held') && Date.parse(b.starts_at) > now;

export async function endBooking(booking: BookingView, action: 'decline' | 'cancel', reason: string): Promise<{ ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors }> {
  try {
    const ended = api.instructor.bookings[':id'];
    const args = { param: { id: String(booking.id) }, json: { reason } };
    await call(action === 'decline' ? ended.decline.$post(args) : ended.cancel.$post(args));
    toast({
      title: action === 'decline' ? 'Booking declined' : 'Booking cancelled',
      description: `${booking.booker.name} is refunded in full and told by email.`,
      variant: 'default',
    });
    invalidate(startingWith('/api/instructor/bookings', '/api/bookings'));
    await loadInstructorBookings();
    return { ok: true };
  } catch (error) {
    const problem = refusal(error);
    toast({ title: action === 'decline' ? 'Could not decline the booking' : 'Could not cancel the booking', description: problem.message, variant: 'destructive' });
    return { ok: false, ...problem };
  }
}

// ---------------------------------------------------------------------------------------------
// The private calendar feed

export const $feedRotating = atom(false);

/** A new feed URL: the old one stops working at once. */
export async function rotateFeed(): Promise<boolean> {
  $feedRotating.set(true);
  try {
    const answer = await call(api.connect.profile['calendar-token'].$post());
    const current = $ownProfile.get();
    if (current.status === 'ready' && answer.calendar_feed_url) $ownProfile.set({ status: 'ready', data: { ...current.data, calendar_feed_url: answer.calendar_feed_url } });
    else await loadOwnProfile();
    toast({ title: 'New feed address', description: 'The old address stopped working. Subscribe to the new one in your calendar app.', variant: 'default' });
    return true;
  } catch (error) {
    toast({ title: 'Could not make a new address', description: refusal(error).message, variant: 'destructive' });
    return false;
  } finally {
    $feedRotating.set(false);
  }
}

/** The feed URL as an absolute address (the API may answer a path). */
export const absoluteFeedUrl = (url: string) => (/^https?:\/\//.test(url) ? url : new URL(url, location.origin).toString());

export async function copyFeedUrl(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(absoluteFeedUrl(url));
    toast({ title: 'Copied', description: 'Paste the address into your calendar app to subscribe.', variant: 'default' });
    return true;
  } catch {
    toast({ title: 'Could not copy', description: 'Select the address and copy it yourself.', variant: 'destructive' });
    return false;
  }
}
