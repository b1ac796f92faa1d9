import type { FetcherValue } from '@nanostores/query';
import { atom, computed } from 'nanostores';
import type {
  BookingStarted,
  DirectoryAnswer,
  LessonTypeView,
  PackagePurchaseView,
  PublicProfileView,
  SlotsAnswer,
  SlotView,
} from '../../../shared/bookings/views.ts';
import type { ClientResponse } from 'hono/client';
import { ApiError, describeError, readJson } from '../lib/api.ts';
import { api, keyOf, type Answer, type Key, type KeyAnswer } from '../lib/api-client.ts';
import { addDays, browserTimeZone, cancellationDeadline, dayKeys, formatDateTime, groupByLocalDay, localDateKey } from '../lib/booking-time.ts';
import { bind, invalidate, startingWith, type Loadable } from './query.ts';
import { flowSearch, wantedFromSearch, type Wanted } from '../lib/booking-address.ts';
import { toast } from './toasts.ts';

/**
 * The booking flow of /connect/book/{id} and /instructors/{id}/book (decision 0032): the
 * instructor's public profile, the lesson type and a package credit to use, the open slots of a
 * window of the booker's days (read in the booker's zone), a note, and Pay, which holds the seat
 * (POST /api/bookings) and goes to the checkout. A 409 keeps the booker on the page with the
 * message and other open slots of that day.
 */

export { flowSearch, wantedFromSearch };
export type { BookingStarted, LessonTypeView, PackagePurchaseView, PublicProfileView, SlotsAnswer, SlotView };

/** How many of the booker's days the day picker shows at once. */
export const DAYS_SHOWN = 14;

export const PACKAGES_MINE_KEY = keyOf(api.packages.mine);
export const profileKey = (instructorId: number) => keyOf(api.connect.instructors[':id'], { param: { id: String(instructorId) } });

/**
 * The slots to read for a window of the booker's days: the instructor's days one either side
 * (zones differ by at most a day), never before the instructor's today.
 */
export function slotsKey(instructorId: number, lessonTypeId: number, windowStart: string, instructorToday: string): Key<SlotsAnswer> {
  const from = addDays(windowStart, -1) < instructorToday ? instructorToday : addDays(windowStart, -1);
  const to = addDays(windowStart, DAYS_SHOWN);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return keyOf(api.connect.instructors[':id'].slots, { param: { id: String(instructorId) }, query: { lessonTypeId: String(lessonTypeId), from, days: String(days) } });
}

/** The instructor id of /connect/book/{id} or /instructors/{id}/book; null when it is not one. */
export function instructorIdFromPath(pathname: string): number | null {
  const match = /^\/(?:connect\/book|instructors)\/([^/]+)(?:\/book)?\/?$/.exec(pathname);
  if (!match || !/^[1-9]\d{0,15}$/.test(match[1]!)) return null;
  if (pathname.startsWith('/instructors/') && !/\/book\/?$/.test(pathname)) return null;
  return Number(match[1]);
}

export interface FlowState {
  instructorId: number | null;
  lessonTypeId: number | null;
  /** A package credit to pay with; null pays by card. */
  packagePurchaseId: number | null;
  /** The zone the times are shown in (the browser's until the booker picks another). */
  zone: string;
  /** The first of the booker's days shown. */
  windowStart: string;
  /** The booker's day whose slots are listed. */
  day: string | null;
  slot: SlotView | null;
  note: string;
  /** What the address asked for on arrival (a profile's open time), until it is applied. */
  wanted: Wanted | null;
  /** The slot was chosen from the address: the next step is brought into view. */
  arrivedWithSlot: boolean;
}

export const SLOT_GONE = 'The time you chose is no longer open. Choose another time below.';

function initialFlow(): FlowState {
  const zone = browserTimeZone();
  return {
    instructorId: null,
    lessonTypeId: null,
    packagePurchaseId: null,
    zone,
    windowStart: localDateKey(new Date(), zone),
    day: null,
    slot: null,
    note: '',
    wanted: null,
    arrivedWithSlot: false,
  };
}

export const $flow = atom<FlowState>(initialFlow());
export const $profile = atom<Loadable<PublicProfileView>>({ status: 'idle' });
export const $slots = atom<Loadable<SlotsAnswer>>({ status: 'idle' });
export const $heldPackages = atom<Loadable<PackagePurchaseView[]>>({ status: 'idle' });

/** The state of Pay: what went wrong, and for a taken slot the other open times. */
export type Submission =
  | { status: 'idle' }
  | { status: 'submitting' }
  | {
      status: 'error';
      message: string;
      /** Open times the answer offered instead: the same day's, or the next open day's when that day has none left. */
      alternatives: SlotView[];
      /** The start that was refused, when a time was sent. */
      tried?: string;
      fieldErrors?: Record<string, string[]>;
    };
export const $submission = atom<Submission>({ status: 'idle' });

function failure(error: unknown): string {
  const d = describeError(error);
  return d.title === d.message ? d.title : `${d.title}. ${d.message}`;
}

function loadable<T, R = T>(pick: (raw: R) => T) {
  return (value: FetcherValue<R, unknown>): Loadable<T> => {
    if (value.data !== undefined) return value.loading ? { status: 'loading', data: pick(value.data) } : { status: 'ready', data: pick(value.data) };
    if (value.error !== undefined && !value.loading) {
      const notFound = value.error instanceof ApiError && value.error.status === 404;
      return { status: 'error', message: notFound ? 'This instructor is not taking bookings.' : failure(value.error) };
    }
    return { status: 'loading' };
  };
}

export function listOf<T>(answer: T[] | { data: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.data;
}

/** The active lesson types of the profile. */
export function activeLessonTypes(profile: PublicProfileView): LessonTypeView[] {
  return profile.lesson_types.filter((t) => t.active).sort((a, b) => a.position - b.position);
}

/** The booker's package purchases for a lesson type with credits left. */
export function creditsFor(packages: readonly PackagePurchaseView[], lessonTypeId: number | null): PackagePurchaseView[] {
  return packages.filter((p) => p.lesson_type_id === lessonTypeId && p.status === 'active' && p.credits_left > 0);
}

function patch(next: Partial<FlowState>): void {
  $flow.set({ ...$flow.get(), ...next });
}

/**
 * Opens the flow for an instructor: their profile, my packages; the lesson type the address asks
 * for (else the first) is chosen, and the time it asks for once the open slots are read.
 */
export async function startFlow(instructorId: number, wanted: Wanted | null = null): Promise<void> {
  const zone = $flow.get().zone;
  $flow.set({ ...initialFlow(), zone, windowStart: localDateKey(new Date(), zone), instructorId, wanted });
  $submission.set({ status: 'idle' });
  void bind<KeyAnswer<typeof PACKAGES_MINE_KEY>, Loadable<PackagePurchaseView[]>>(
    $heldPackages,
    PACKAGES_MINE_KEY,
    loadable<PackagePurchaseView[], PackagePurchaseView[] | { data: PackagePurchaseView[] }>(listOf),
  );
  const key = profileKey(instructorId);
  const answer = await bind<KeyAnswer<typeof key>, Loadable<PublicProfileView>>($profile, key, loadable<PublicProfileView, KeyAnswer<typeof key>>((p) => p));
  if (answer.ok) {
    const types = activeLessonTypes(answer.data);
    const type = types.find((t) => t.id === wanted?.lessonTypeId) ?? types[0];
    if (type) chooseLessonType(type.id, wanted?.at ?? null);
    else patch({ wanted: null });
  }
}

/**
 * Step 1: a lesson type (its slots are read); a credit of a package held for it is offered. With
 * `at`, the day picker opens on that start's day and the start is chosen once the slots are read.
 */
export function chooseLessonType(lessonTypeId: number, at: string | null = null): void {
  const held = $heldPackages.get();
  const credits = held.status === 'ready' || held.status === 'loading' ? creditsFor(held.data ?? [], lessonTypeId) : [];
  const { zone, packagePurchaseId, windowStart } = $flow.get();
  const keep = credits.some((p) => p.id === packagePurchaseId) ? packagePurchaseId : null;
  const today = localDateKey(new Date(), zone);
  const day = at ? localDateKey(at, zone) : null;
  const wanted = at && day && day >= today ? { lessonTypeId, at } : null;
  // The window keeps today first while the day is in it, else it starts on the day.
  const start = wanted && day! > addDays(today, DAYS_SHOWN - 1) ? day! : wanted ? today : windowStart;
  patch({ lessonTypeId, packagePurchaseId: keep, slot: null, day: wanted ? day : null, windowStart: start, wanted, arrivedWithSlot: false });
  $submission.set({ status: 'idle' });
  void loadSlots().then(applyWanted);
}

/** Chooses the start the address asked for, if it is open; else says so and offers that day's other times. */
function applyWanted(): void {
  const { wanted, zone } = $flow.get();
  const slots = $slots.get();
  if (!wanted?.at || (slots.status !== 'ready' && slots.status !== 'loading') || !slots.data) return;
  const at = Date.parse(wanted.at);
  const slot = slots.data.slots.find((s) => Date.parse(s.starts_at) === at && !s.full);
  if (slot) {
    patch({ slot, day: localDateKey(slot.starts_at, zone), wanted: null, arrivedWithSlot: true });
    return;
  }
  patch({ wanted: null });
  const day = localDateKey(wanted.at, zone);
  const alternatives = slots.data.slots.filter((s) => !s.full && localDateKey(s.starts_at, zone) === day).slice(0, 6);
  $submission.set({ status: 'error', message: SLOT_GONE, alternatives, tried: wanted.at });
}

export function choosePayment(packagePurchaseId: number | null): void {
  patch({ packagePurchaseId });
}

/** Shows the times in another zone; the chosen slot stays (it is an instant). */
export function chooseZone(zone: string): void {
  const today = localDateKey(new Date(), zone);
  const { slot } = $flow.get();
  patch({ zone, windowStart: today, day: slot ? localDateKey(slot.starts_at, zone) : null });
  void loadSlots();
}

/** Moves the day picker by whole windows, never before today nor past the horizon. */
export function moveWindow(windows: number): void {
  const { zone, windowStart } = $flow.get();
  const today = localDateKey(new Date(), zone);
  const next = addDays(windowStart, windows * DAYS_SHOWN);
  patch({ windowStart: next < today ? today : next, day: null });
  void loadSlots();
}

/** The cancellation policy for a start, as step 3 says it (in the booker's zone). */
export function policyLine(startsAt: string, cancellationHours: number, zone: string, now: Date = new Date()): string {
  const deadline = cancellationDeadline(startsAt, cancellationHours);
  if (Date.parse(deadline) <= now.getTime()) return `This lesson starts within ${cancellationHours} hours: if you cancel it, nothing is refunded.`;
  return `Free cancellation until ${formatDateTime(deadline, zone)} (${cancellationHours} hours before); no refund after that.`;
}

/** Whether the day picker shows later days than today's window (it can go back). */
export function canGoBack(flow: Pick<FlowState, 'zone' | 'windowStart'>, now: Date = new Date()): boolean {
  return flow.windowStart > localDateKey(now, flow.zone);
}

export function chooseDay(day: string): void {
  patch({ day });
}

export function chooseSlot(slot: SlotView | null): void {
  patch({ slot, day: slot ? localDateKey(slot.starts_at, $flow.get().zone) : $flow.get().day, arrivedWithSlot: false });
  if ($submission.get().status === 'error') $submission.set({ status: 'idle' });
}

export function setNote(note: string): void {
  patch({ note });
}

/** Reads the open slots of the window (through the query cache). */
export async function loadSlots(): Promise<void> {
  const { instructorId, lessonTypeId, windowStart } = $flow.get();
  const profile = $profile.get();
  if (instructorId === null || lessonTypeId === null || profile.status !== 'ready') return;
  const key = slotsKey(instructorId, lessonTypeId, windowStart, localDateKey(new Date(), profile.data.time_zone));
  await bind<KeyAnswer<typeof key>, Loadable<SlotsAnswer>>($slots, key, loadable<SlotsAnswer, KeyAnswer<typeof key>>((s) => s));
}

/** The booker's days of the window, each with its slots (in the booker's zone). */
export interface PickerDay {
  key: string;
  slots: SlotView[];
  /** Slots that can be booked (not full). */
  open: number;
}

export function pickerDays(slots: readonly SlotView[], zone: string, windowStart: string): PickerDay[] {
  const byDay = groupByLocalDay(slots, zone);
  return dayKeys(windowStart, DAYS_SHOWN).map((key) => {
    const list = byDay.get(key) ?? [];
    return { key, slots: list, open: list.filter((s) => !s.full).length };
  });
}

/** The window's days for the picker, and the day shown: the chosen one, else the first with open slots. */
export const $picker = computed([$flow, $slots], (flow, slots) => {
  const list = slots.status === 'ready' || slots.status === 'loading' ? (slots.data?.slots ?? []) : [];
  const days = pickerDays(list, flow.zone, flow.windowStart);
  const day = flow.day ?? days.find((d) => d.slots.length > 0)?.key ?? days[0]?.key ?? null;
  return { days, day, slots: days.find((d) => d.key === day)?.slots ?? [] };
});

export type Navigate = (url: string) => void;
const goTo: Navigate = (url) => location.assign(url);

/** Everything a change of bookings changes for the booker. */
export const bookingKeys = startingWith('/api/bookings', '/api/waitlist', '/api/packages', '/api/payments/pending');

/** Sends a typed POST: its answer, or the error answer's status, message and whole body (a 409's alternatives). */
async function post<Res extends ClientResponse<unknown, number, string>>(
  send: () => Promise<Res>,
): Promise<{ ok: true; data: Answer<Res> } | { ok: false; status: number; message: string; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = (await send()) as unknown as Response;
  } catch {
    return { ok: false, status: 0, message: 'Network error occurred', body: {} };
  }
  if (res.ok) return { ok: true, data: await readJson<Answer<Res>>(res) };
  const body = ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  const message = typeof body.message === 'string' ? body.message : describeError(new ApiError(res.status, `${res.status}`)).title;
  return { ok: false, status: res.status, message, body };
}

/**
 * Pay: holds the seat and goes to the checkout (or, paid with a credit, straight to My Bookings).
 * A 409 shows its message and the other open times of that day; the slots are read again.
 */
export async function submitBooking(navigate: Navigate = goTo): Promise<boolean> {
  const flow = $flow.get();
  if (flow.instructorId === null || flow.lessonTypeId === null || !flow.slot || $submission.get().status === 'submitting') return false;
  $submission.set({ status: 'submitting' });
  const slot = flow.slot;
  const answer = await post(() =>
    api.bookings.$post({
      json: {
        instructorId: flow.instructorId!,
        lessonTypeId: flow.lessonTypeId!,
        startsAt: slot.starts_at,
        note: flow.note.trim(),
        timeZone: flow.zone,
        ...(flow.packagePurchaseId !== null ? { packagePurchaseId: flow.packagePurchaseId } : {}),
      },
    }),
  );
  invalidate(bookingKeys);
  if (answer.ok) {
    $submission.set({ status: 'idle' });
    if (answer.data.checkoutUrl) {
      navigate(answer.data.checkoutUrl);
    } else {
      toast({ title: 'Booking confirmed', description: `${answer.data.booking.title} is booked.` });
      navigate('/my-bookings');
    }
    return true;
  }
  const alternatives = Array.isArray(answer.body.alternatives) ? (answer.body.alternatives as SlotView[]) : [];
  const fieldErrors = (answer.body.validationErrors ?? undefined) as Record<string, string[]> | undefined;
  $submission.set({ status: 'error', message: answer.message, alternatives, tried: flow.slot.starts_at, fieldErrors });
  if (answer.status === 409) {
    patch({ slot: null });
    invalidate(startingWith(`/api/connect/instructors/${flow.instructorId}/slots`));
  }
  return false;
}

/** A full group session: join its waitlist (POST /api/waitlist). */
export async function joinWaitlist(slot: SlotView): Promise<boolean> {
  const flow = $flow.get();
  if (flow.instructorId === null || flow.lessonTypeId === null) return false;
  const { instructorId, lessonTypeId } = flow;
  const answer = await post(() => api.waitlist.$post({ json: { instructorId, lessonTypeId, startsAt: slot.starts_at, timeZone: flow.zone } }));
  invalidate(bookingKeys);
  if (answer.ok) {
    toast({ title: 'You are on the waitlist', description: 'We will offer you a place if one frees up. See it under My Bookings → Waitlist.' });
    return true;
  }
  toast({ title: 'Could not join the waitlist', description: answer.message, variant: 'destructive' });
  return false;
}

/** Buys a lesson package of the instructor: its checkout (POST /api/packages/{id}/checkout). */
export async function buyPackage(packageId: number, navigate: Navigate = goTo): Promise<boolean> {
  const answer = await post(() => api.packages[':id'].checkout.$post({ param: { id: String(packageId) } }));
  if (answer.ok && answer.data.checkoutUrl) {
    navigate(answer.data.checkoutUrl);
    return true;
  }
  toast({ title: 'Could not start the package checkout', description: answer.ok ? 'No checkout was opened.' : answer.message, variant: 'destructive' });
  return false;
}

export { LESSON_KIND_LABELS, LESSON_MODE_LABELS, NOTE_MAX_LENGTH, REVIEW_COMMENT_MAX_LENGTH } from '../../../worker/src/domain/bookings.ts';

// ---------------------------------------------------------------------------------------------
// /connect/book: choosing an instructor

export type { DirectoryAnswer, DirectoryEntry } from '../../../shared/bookings/views.ts';

/** The directory's largest page: the compact chooser lists the first ones, recommended first. */
export const CHOOSER_KEY = keyOf(api.connect.instructors, { query: { sort: 'recommended', pageSize: '48' } });

export const $chooser = atom<Loadable<DirectoryAnswer>>({ status: 'idle' });

export function loadChooser(): Promise<unknown> {
  return bind<KeyAnswer<typeof CHOOSER_KEY>, Loadable<DirectoryAnswer>>($chooser, CHOOSER_KEY, loadable<DirectoryAnswer, KeyAnswer<typeof CHOOSER_KEY>>((a) => a));
}
