import { atom, computed } from 'nanostores';
import { BOOKING_STATUS_LABELS } from '../../../worker/src/domain/bookings.ts';
import type { AdminDanceStyleView, AdminInstructorView, BookingView } from '../../../shared/bookings/views.ts';
import { ApiError, describeError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf, type Answer, type KeyAnswer } from '../lib/api-client.ts';
import type { InferRequestType } from 'hono/client';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo, type PageToken } from '../lib/keyset-pages.ts';
import { exportHref } from './csv-export.ts';
import { bindLoadable, debounced, EVERY_TIME_SETTINGS, invalidate, loaded, read, startingWith, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The Connect & Book admin screens (decision 0032): /admin/dance-styles, /admin/instructors and
 * /admin/bookings. Lists keep their filters in the address (?q=, ?status=, …) like the other admin
 * lists; every write shows a toast and reloads its list. The lists are read each time they are
 * asked for (EVERY_TIME_SETTINGS): bookings and profiles move under the admin's eyes.
 */

export type { AdminDanceStyleView, AdminInstructorView, BookingView };

/** A page of instructor profiles, as GET /api/admin/instructors answers it. */
export type InstructorPage = Answer<typeof api.admin.instructors.$get>;
/** A page of bookings, with the tokens of the pages next to it, as GET /api/admin/bookings answers it. */
export type BookingPage = Answer<typeof api.admin.bookings.$get>;

export type ActionResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

function errorMessage(error: unknown): string {
  const { title, message } = describeError(error);
  return title === message ? title : `${title}. ${message}`;
}

/** How every list of these screens is bound to its key. */
const LIST = { failed: errorMessage, settings: EVERY_TIME_SETTINGS };

/** The API's own message for a refusal (409 in use, 400 with fields), else the generic one. */
function failure(error: unknown): { ok: false; message: string; validationErrors?: ValidationErrors } {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return { ok: false, message: error.message, validationErrors: error.validationErrors };
  return { ok: false, message: describeError(error).title };
}

async function write<T>(send: () => Promise<T>, success: { title: string; description: string }, failureTitle: string): Promise<{ ok: true; data: T } | ReturnType<typeof failure>> {
  try {
    const data = await send();
    toast({ ...success, variant: 'default' });
    return { ok: true, data };
  } catch (error) {
    const result = failure(error);
    toast({ title: failureTitle, description: result.message, variant: 'destructive' });
    return result;
  }
}

function writeUrl(values: Record<string, string | number | undefined>): void {
  const url = new URL(location.href);
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || value === undefined || (key === 'page' && value === 1)) url.searchParams.delete(key);
    else url.searchParams.set(key, String(value));
  }
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

// ---------------------------------------------------------------------------------------------
// Dance styles

export const $danceStyles = atom<Loadable<AdminDanceStyleView[]>>({ status: 'idle' });

export async function loadDanceStyles(): Promise<void> {
  await bindLoadable($danceStyles, keyOf(api.admin['dance-styles']), LIST);
}

async function styleWrite(send: () => Promise<unknown>, success: { title: string; description: string }, failureTitle: string): Promise<ActionResult> {
  const result = await write(send, success, failureTitle);
  if (result.ok) {
    invalidate(startingWith('/api/dance-styles', '/api/admin/dance-styles'));
    await loadDanceStyles();
    return { ok: true };
  }
  return result;
}

const styleParam = (style: Pick<AdminDanceStyleView, 'id'>) => ({ id: String(style.id) });

export function addDanceStyle(input: { name: string; description: string }): Promise<ActionResult> {
  return styleWrite(() => call(api.admin['dance-styles'].$post({ json: input })), { title: 'Style added', description: `${input.name.trim()} is in the list.` }, 'Could not add the style');
}

export function renameDanceStyle(style: AdminDanceStyleView, name: string): Promise<ActionResult> {
  return styleWrite(() => call(api.admin['dance-styles'][':id'].$patch({ param: styleParam(style), json: { name } })), { title: 'Style renamed', description: `${style.name} is now ${name.trim()}.` }, 'Could not rename the style');
}

export function setDanceStyleHidden(style: AdminDanceStyleView, hidden: boolean): Promise<ActionResult> {
  return styleWrite(
    () => call(api.admin['dance-styles'][':id'].$patch({ param: styleParam(style), json: { hidden } })),
    hidden
      ? { title: 'Style hidden', description: `${style.name} left the filters and forms; what uses it keeps it.` }
      : { title: 'Style shown', description: `${style.name} is back in the filters and forms.` },
    'Could not change the style',
  );
}

/** Moves a style one place up or down by swapping positions with its neighbour. */
export async function moveDanceStyle(style: AdminDanceStyleView, direction: -1 | 1): Promise<ActionResult> {
  const list = loaded($danceStyles.get()) ?? [];
  const index = list.findIndex((s) => s.id === style.id);
  const other = list[index + direction];
  if (index < 0 || !other) return { ok: false, message: 'It cannot move further.' };
  // Positions may repeat (seeded or typed); the swap gives each its neighbour's place, or one past it.
  const mine = other.position === style.position ? style.position + direction : other.position;
  const theirs = style.position;
  try {
    await call(api.admin['dance-styles'][':id'].$patch({ param: styleParam(style), json: { position: Math.max(0, mine) } }));
    await call(api.admin['dance-styles'][':id'].$patch({ param: styleParam(other), json: { position: theirs } }));
    invalidate(startingWith('/api/dance-styles', '/api/admin/dance-styles'));
    await loadDanceStyles();
    return { ok: true };
  } catch (error) {
    const result = failure(error);
    toast({ title: 'Could not move the style', description: result.message, variant: 'destructive' });
    await loadDanceStyles();
    return result;
  }
}

export function deleteDanceStyle(style: AdminDanceStyleView): Promise<ActionResult> {
  return styleWrite(() => call(api.admin['dance-styles'][':id'].$delete({ param: styleParam(style) })), { title: 'Style deleted', description: `${style.name} is gone.` }, 'Could not delete the style');
}

/** Where a style is used, for the row and the delete hint: "2 courses, 1 instructor". */
export function usageText(style: Pick<AdminDanceStyleView, 'course_count' | 'resource_count' | 'instructor_count'>): string {
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => n > 0 && parts.push(`${n} ${n === 1 ? one : many}`);
  add(style.course_count, 'course', 'courses');
  add(style.resource_count, 'resource', 'resources');
  add(style.instructor_count, 'instructor', 'instructors');
  return parts.length ? parts.join(', ') : 'Not used';
}

// ---------------------------------------------------------------------------------------------
// Instructors

export const PROFILE_STATUSES = ['draft', 'published', 'suspended'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export const PROFILE_STATUS_LABELS: Record<ProfileStatus, string> = { draft: 'Draft', published: 'Published', suspended: 'Suspended' };
export const profileBadgeClass = (status: string) => (status === 'published' ? 'badge badge-success' : status === 'suspended' ? 'badge badge-danger' : 'badge badge-warning');
const isProfileStatus = (v: string): v is ProfileStatus => (PROFILE_STATUSES as readonly string[]).includes(v);

export interface InstructorsQuery {
  q: string;
  status: ProfileStatus | '';
  page: number;
}

export const $instructorsQuery = atom<InstructorsQuery>({ q: '', status: '', page: 1 });
export const $instructorsList = atom<Loadable<InstructorPage>>({ status: 'idle' });

const instructorsSearch = debounced(SEARCH_DEBOUNCE_MS);

async function fetchInstructors(): Promise<void> {
  const query = $instructorsQuery.get();
  const key = keyOf(api.admin.instructors, { query: { page: String(query.page), pageSize: String(PAGE_SIZE), q: query.q.trim() || undefined, status: query.status || undefined } });
  await bindLoadable($instructorsList, key, LIST);
}

const writeInstructorsUrl = () => {
  const { q, status, page } = $instructorsQuery.get();
  writeUrl({ q: q.trim(), status, page });
};

export function initInstructorsList(): void {
  const params = new URLSearchParams(location.search);
  const status = params.get('status') ?? '';
  $instructorsQuery.set({ q: params.get('q') ?? '', status: isProfileStatus(status) ? status : '', page: pageOf(params) });
  void fetchInstructors();
}

export function setInstructorsSearch(q: string): void {
  $instructorsQuery.set({ ...$instructorsQuery.get(), q, page: 1 });
  instructorsSearch.run(() => {
    writeInstructorsUrl();
    void fetchInstructors();
  });
}

export function setInstructorsStatus(status: ProfileStatus | ''): void {
  instructorsSearch.cancel();
  $instructorsQuery.set({ ...$instructorsQuery.get(), status, page: 1 });
  writeInstructorsUrl();
  void fetchInstructors();
}

export function setInstructorsPage(page: number): void {
  $instructorsQuery.set({ ...$instructorsQuery.get(), page });
  writeInstructorsUrl();
  void fetchInstructors();
}

export function clearInstructorsFilters(): void {
  instructorsSearch.cancel();
  $instructorsQuery.set({ q: '', status: '', page: 1 });
  writeInstructorsUrl();
  void fetchInstructors();
}

export const reloadInstructors = () => void fetchInstructors();

/** The body of PATCH /api/admin/instructors/{id}. */
type InstructorChange = InferRequestType<typeof api.admin.instructors[':id']['$patch']>['json'];

async function instructorWrite(instructor: AdminInstructorView, body: InstructorChange, success: { title: string; description: string }, failureTitle: string): Promise<ActionResult> {
  const result = await write(() => call(api.admin.instructors[':id'].$patch({ param: { id: String(instructor.id) }, json: body })), success, failureTitle);
  if (!result.ok) return result;
  invalidate(startingWith('/api/admin/instructors', '/api/admin/bookings', '/api/connect'));
  await fetchInstructors();
  return { ok: true };
}

export function setInstructorVerified(instructor: AdminInstructorView, verified: boolean): Promise<ActionResult> {
  return instructorWrite(
    instructor,
    { verified },
    verified ? { title: 'Instructor verified', description: `${instructor.name} shows the verified badge.` } : { title: 'Verification removed', description: `${instructor.name} no longer shows the verified badge.` },
    'Could not change the verification',
  );
}

export function suspendInstructor(instructor: AdminInstructorView, reason: string): Promise<ActionResult> {
  return instructorWrite(
    instructor,
    { suspended: true, reason },
    { title: 'Instructor suspended', description: `${instructor.name} left the directory; their future bookings were cancelled and refunded in full.` },
    'Could not suspend the instructor',
  );
}

export function unsuspendInstructor(instructor: AdminInstructorView): Promise<ActionResult> {
  return instructorWrite(
    instructor,
    { suspended: false },
    { title: 'Suspension lifted', description: `${instructor.name}'s profile is a draft again; they can publish it.` },
    'Could not lift the suspension',
  );
}

// ---------------------------------------------------------------------------------------------
// Bookings

export const BOOKING_FILTER_STATUSES = ['upcoming', 'held', 'offered', 'confirmed', 'completed', 'cancelled', 'declined', 'expired'] as const;
export type BookingFilterStatus = (typeof BOOKING_FILTER_STATUSES)[number];
export const bookingFilterLabel = (s: BookingFilterStatus) => (s === 'upcoming' ? 'Upcoming (active)' : BOOKING_STATUS_LABELS[s]);
const isBookingFilter = (v: string): v is BookingFilterStatus => (BOOKING_FILTER_STATUSES as readonly string[]).includes(v);

export function bookingBadgeClass(b: Pick<BookingView, 'status' | 'completed'>): string {
  if (b.completed) return 'badge badge-primary';
  if (b.status === 'confirmed') return 'badge badge-success';
  if (b.status === 'held' || b.status === 'offered') return 'badge badge-warning';
  return 'badge badge-danger';
}

/** An admin may cancel a held, offered or confirmed booking that has not started. */
export const adminCanCancel = (b: BookingView, now = Date.now()) => ['held', 'offered', 'confirmed'].includes(b.status) && Date.parse(b.starts_at) > now;

export interface BookingsQuery {
  q: string;
  status: BookingFilterStatus | '';
  instructorId: string;
  from: string;
  to: string;
  page: number;
}

const EMPTY_BOOKINGS: BookingsQuery = { q: '', status: '', instructorId: '', from: '', to: '', page: 1 };
export const $bookingsQuery = atom<BookingsQuery>(EMPTY_BOOKINGS);
export const $bookingsList = atom<Loadable<BookingPage>>({ status: 'idle' });
/** The CSV export of the bookings the filters select (every page). */
export const $bookingsExportHref = computed($bookingsQuery, ({ q, status, instructorId, from, to }) =>
  exportHref('/api/admin/bookings/export.csv', { q, status, instructorId, from, to }),
);
/** The instructor select's choices (every profile, by name). */
export const $instructorChoices = atom<{ id: number; name: string }[]>([]);

/** The token of the page asked for, when it is next to the one shown (lib/keyset-pages.ts). */
let bookingsToken: PageToken | undefined;
const bookingsSearch = debounced(SEARCH_DEBOUNCE_MS);

async function fetchBookings(): Promise<void> {
  const query = $bookingsQuery.get();
  const key = keyOf(api.admin.bookings, {
    query: {
      ...pageParams(query.page, bookingsToken),
      pageSize: String(PAGE_SIZE),
      status: query.status || undefined,
      instructorId: query.instructorId || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
      q: query.q.trim() || undefined,
    },
  });
  await bindLoadable($bookingsList, key, LIST);
}

const writeBookingsUrl = () => {
  const { q, status, instructorId, from, to, page } = $bookingsQuery.get();
  writeUrl({ q: q.trim(), status, instructorId, from, to, page, ...tokenInAddress(page, bookingsToken) });
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function initBookingsList(): void {
  const params = new URLSearchParams(location.search);
  const status = params.get('status') ?? '';
  const instructorId = params.get('instructorId') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  $bookingsQuery.set({
    q: params.get('q') ?? '',
    status: isBookingFilter(status) ? status : '',
    instructorId: /^\d{1,12}$/.test(instructorId) ? instructorId : '',
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    page: pageOf(params),
  });
  bookingsToken = tokenFromAddress(params, $bookingsQuery.get().page);
  void fetchBookings();
  void loadInstructorChoices();
}

async function loadInstructorChoices(): Promise<void> {
  try {
    const key = keyOf(api.admin.instructors, { query: { pageSize: '100' } });
    const page = await read<KeyAnswer<typeof key>>(key);
    $instructorChoices.set(page.data.map((i) => ({ id: i.id, name: i.name })).sort((a, b) => a.name.localeCompare(b.name)));
  } catch {
    $instructorChoices.set([]);
  }
}

export function setBookingsSearch(q: string): void {
  $bookingsQuery.set({ ...$bookingsQuery.get(), q, page: 1 });
  bookingsSearch.run(() => {
    writeBookingsUrl();
    void fetchBookings();
  });
}

export function setBookingsFilter(change: Partial<Omit<BookingsQuery, 'q' | 'page'>>): void {
  bookingsSearch.cancel();
  $bookingsQuery.set({ ...$bookingsQuery.get(), ...change, page: 1 });
  writeBookingsUrl();
  void fetchBookings();
}

export function setBookingsPage(page: number): void {
  const shown = loaded($bookingsList.get());
  bookingsToken = tokenTo(page, shown && { page: shown.pagination.page, next: shown.next ?? null, prev: shown.prev ?? null });
  $bookingsQuery.set({ ...$bookingsQuery.get(), page });
  writeBookingsUrl();
  void fetchBookings();
}

export function clearBookingsFilters(): void {
  bookingsSearch.cancel();
  $bookingsQuery.set(EMPTY_BOOKINGS);
  writeBookingsUrl();
  void fetchBookings();
}

export const reloadBookings = () => void fetchBookings();

export async function cancelBookingAsAdmin(booking: BookingView, reason: string): Promise<ActionResult> {
  const result = await write(
    () => call(api.admin.bookings[':id'].cancel.$post({ param: { id: String(booking.id) }, json: { reason } })),
    { title: 'Booking cancelled', description: `${booking.number} was cancelled; ${booking.booker.name} is refunded in full.` },
    'Could not cancel the booking',
  );
  if (!result.ok) return result;
  invalidate(startingWith('/api/admin/bookings', '/api/admin/instructors'));
  await fetchBookings();
  return { ok: true };
}
