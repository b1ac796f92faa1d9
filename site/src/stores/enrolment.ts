import { atom } from 'nanostores';
import type { InferRequestType } from 'hono/client';
import { ApiError, setToken } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { readCourse } from '../lib/catalog.ts';
import { type CatalogCourse } from '../../../shared/catalog-freshness.ts';
import { enrolmentFor } from '../lib/enrolment.ts';
import type { MyEnrollment } from '../../../shared/enrolment.ts';
import { setSignedInUser, type User } from './auth.ts';
import { queryLayer } from './query-lazy.ts';

/**
 * The enrol page (/courses/{courseId}/enroll) and the learner's place on a course page. Reading
 * never writes: a signed-in learner sees Continue or Review when enrolled, an Enrol button for a
 * free course (enrolling on click), and a paid course's price until purchases open.
 */

export type EnrolState =
  | { step: 'loading' }
  | { step: 'not-found' }
  | { step: 'anonymous'; course: CatalogCourse }
  /** Signed in, not enrolled: free courses offer Enrol, paid ones their price. */
  | { step: 'open'; course: CatalogCourse }
  | { step: 'enrolling'; course: CatalogCourse }
  | { step: 'enrolled'; course: CatalogCourse; enrolment: MyEnrollment | null; justEnrolled: boolean }
  | { step: 'error'; course: CatalogCourse | null; message: string; retry: 'load' | 'enrol' };

export const $enrol = atom<EnrolState>({ step: 'loading' });

export const PURCHASE_UNAVAILABLE = 'Purchases open soon. Until then, your instructor or an admin can enrol you.';

const LOAD_FAILED = 'The course could not be loaded. Please try again.';

/** Reads go through the query layer (decision 0018), loaded on the first read. */
async function read<T>(key: string): Promise<T> {
  const q = await queryLayer();
  const answer = await q.settled(q.query<T>(key));
  if (!answer.ok) throw answer.error;
  return answer.data;
}

async function fetchCourse(courseId: number): Promise<CatalogCourse | null> {
  try {
    // The course as the catalog reads it (readCourse checks the answer's shape).
    return readCourse(await read<unknown>(keyOf(api.courses[':id'], { param: { id: String(courseId) } })));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/** GET /api/enrollments (mine): the learner's enrolment in this course, or null. */
export async function loadMyEnrolment(courseId: number): Promise<MyEnrollment | null> {
  // Without a course, GET /api/enrollments answers the learner's own list (the route's type is either list).
  const raw = await read<MyEnrollment[] | { data: MyEnrollment[] }>(keyOf(api.enrollments, { query: {} }));
  return enrolmentFor(Array.isArray(raw) ? raw : raw.data, courseId);
}

/** Reads the course and, for a signed-in user, their enrolment; never enrols. */
export async function startEnrolment(courseId: number | null, user: User | null): Promise<void> {
  if (courseId === null) {
    $enrol.set({ step: 'not-found' });
    return;
  }
  $enrol.set({ step: 'loading' });
  let course: CatalogCourse | null;
  try {
    course = await fetchCourse(courseId);
  } catch {
    $enrol.set({ step: 'error', course: null, message: LOAD_FAILED, retry: 'load' });
    return;
  }
  if (!course) {
    $enrol.set({ step: 'not-found' });
    return;
  }
  await startEnrolmentFor(course, user);
}

/**
 * Where a visitor stands with a course the page already shows (the enrol page is rendered by the
 * server with it, decision 0020): anonymous, or for a signed-in user enrolled or not.
 */
export async function startEnrolmentFor(course: CatalogCourse, user: User | null): Promise<void> {
  if (!user) {
    $enrol.set({ step: 'anonymous', course });
    return;
  }
  $enrol.set({ step: 'loading' });
  try {
    const enrolment = await loadMyEnrolment(course.id);
    $enrol.set(enrolment ? { step: 'enrolled', course, enrolment, justEnrolled: false } : { step: 'open', course });
  } catch {
    $enrol.set({ step: 'error', course, message: LOAD_FAILED, retry: 'load' });
  }
}

/** POST /api/enrollments, on the learner's click only; then Continue. */
export async function enrol(course: CatalogCourse): Promise<void> {
  if ($enrol.get().step === 'enrolling') return;
  $enrol.set({ step: 'enrolling', course });
  try {
    await call(api.enrollments.$post({ json: { courseId: course.id } }));
  } catch (err) {
    // The price changed since the page loaded: show the course as it is now.
    if (err instanceof ApiError && err.status === 402) {
      (await queryLayer()).invalidate(keyOf(api.courses[':id'], { param: { id: String(course.id) } }));
      const fresh = await fetchCourse(course.id).catch(() => null);
      if (fresh && fresh.price_cents > 0) {
        $enrol.set({ step: 'open', course: fresh });
        return;
      }
    }
    const message = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Enrolment failed. Please try again.';
    $enrol.set({ step: 'error', course, message, retry: 'enrol' });
    return;
  }
  // the enrolment changed my course list and this course's enrolment state
  const mine = keyOf(api.enrollments, { query: {} });
  const own = keyOf(api.courses[':id'], { param: { id: String(course.id) } });
  (await queryLayer()).invalidate((key) => key === mine || key.startsWith(`${mine}?`) || key === own);
  const enrolment = await loadMyEnrolment(course.id).catch(() => null);
  $enrol.set({ step: 'enrolled', course, enrolment, justEnrolled: true });
}

/**
 * POST /api/enrollments for a course the learner's plan includes (decision 0063), from the course
 * page: answers the learner's enrolment (read again), or throws the API's error.
 */
export async function enrolIncluded(courseId: number): Promise<MyEnrollment | null> {
  await call(api.enrollments.$post({ json: { courseId } }));
  const mine = keyOf(api.enrollments, { query: {} });
  (await queryLayer()).invalidate((key) => key === mine || key.startsWith(`${mine}?`));
  return loadMyEnrolment(courseId);
}

/** The guest's account fields, as POST /api/enrollments/guest reads them (the course is added here). */
export type GuestEnrolInput = Omit<InferRequestType<typeof api.enrollments.guest.$post>['json'], 'courseId'>;

/** POST /api/enrollments/guest: a student account is made, enrolled and signed in; the player opens. */
export async function enrolAsGuest(courseId: number, input: GuestEnrolInput): Promise<void> {
  const res = await call(api.enrollments.guest.$post({ json: { courseId, ...input } }));
  setToken(res.access_token);
  setSignedInUser(res.user);
  location.assign(`/learn/courses/${courseId}`);
}
