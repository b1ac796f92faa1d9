import { atom } from 'nanostores';
import type { TemplateListItem } from '../../../shared/certificate-templates.ts';
import type { CertificateSummary } from '../../../shared/certificates.ts';
import type { StudentEnrollment } from '../../../shared/enrolment.ts';
import type { InstructorStats } from '../../../shared/dashboards/instructor-stats.ts';
import { ApiError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import type { InferRequestType } from 'hono/client';
import { $auth, refreshUser } from './auth.ts';
import { $courseAdminDialog, coursesQuery, errorMessage, unwrapList, type AdminCourseItem, type CourseDetail } from './course-admin.ts';
import { type Page } from '../../../shared/courses.ts';
import { bind, bindLoadable, courseKeys, invalidate, keys, loaded, read, startingWith, toLoadable, unbind, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The instructor area (the instructor menu's pages): own courses, who is enrolled and how far they got,
 * quizzes, certificates (list and issue by hand), settings. Islands read these stores and call
 * the actions below.
 */

export type { CertificateSummary, InstructorStats, StudentEnrollment, TemplateListItem };

export const $myCourses = atom<Loadable<AdminCourseItem[]>>({ status: 'idle' });
export const $teachingEnrollments = atom<Loadable<StudentEnrollment[]>>({ status: 'idle' });
export const $instructorCertificates = atom<Loadable<CertificateSummary[]>>({ status: 'idle' });
export const $templates = atom<Loadable<TemplateListItem[]>>({ status: 'idle' });
/** Full course reads (modules, lessons, quiz refs) of the instructor's courses, for the quizzes page. */
export const $myCourseDetails = atom<Loadable<CourseDetail[]>>({ status: 'idle' });

function me(): number | null {
  const auth = $auth.get();
  return auth.status === 'ready' && auth.user ? auth.user.id : null;
}

export async function loadMyCourses(): Promise<AdminCourseItem[]> {
  const id = me();
  const key = keyOf(api.courses, { query: coursesQuery({ scope: 'manage', pageSize: '100', instructor: id != null ? String(id) : undefined }) });
  const answer = await bindLoadable<Page<AdminCourseItem>, AdminCourseItem[]>($myCourses, key, {
    pick: unwrapList<AdminCourseItem>,
    failed: errorMessage,
  });
  return answer.ok ? unwrapList<AdminCourseItem>(answer.data) : [];
}

const TEACHING_ENROLLMENTS_KEY = keyOf(api.instructor.enrollments);
/** GET /api/enrollments?courseId=: the learners of one course. */
const courseEnrollmentsKey = (courseId: number) => keyOf(api.enrollments, { query: { courseId: String(courseId) } });

/** The key's own fetcher (decision 0018: a read with a fallback). */
async function readTeachingEnrollments(): Promise<StudentEnrollment[]> {
  try {
    return unwrapList<StudentEnrollment>(await call(api.instructor.enrollments.$get()));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const courses = loaded($myCourses.get()) ?? (await loadMyCourses());
    const lists = await Promise.all(courses.map((c) => read<unknown>(courseEnrollmentsKey(c.id)).then((b) => unwrapList<StudentEnrollment>(b))));
    return lists.flat();
  }
}

/**
 * Every enrolment in the courses I teach: GET /api/instructor/enrollments, or, where that is not
 * available, GET /api/enrollments?courseId= for each of my courses.
 */
export async function loadTeachingEnrollments(): Promise<void> {
  await bindLoadable<StudentEnrollment[]>($teachingEnrollments, TEACHING_ENROLLMENTS_KEY, {
    failed: errorMessage,
    settings: { fetcher: readTeachingEnrollments },
  });
}

/** The learners of one course (the issue form's learner list). */
export const $courseEnrollments = atom<Loadable<StudentEnrollment[]>>({ status: 'idle' });
export async function loadCourseEnrollments(courseId: number | null): Promise<void> {
  if (courseId == null) {
    unbind($courseEnrollments);
    $courseEnrollments.set({ status: 'idle' });
    return;
  }
  await bind<unknown, Loadable<StudentEnrollment[]>>($courseEnrollments, courseEnrollmentsKey(courseId), (v) =>
    toLoadable(v, (raw) => unwrapList<StudentEnrollment>(raw), errorMessage),
  );
}

/**
 * The dashboard's figures and newest enrolments and completions (GET /api/instructor/stats): read
 * from the server's running totals, never counted here over every enrolment (decision 0077).
 */
export const $instructorStats = atom<Loadable<InstructorStats>>({ status: 'idle' });

export async function loadInstructorStats(): Promise<void> {
  await bindLoadable<InstructorStats>($instructorStats, keyOf(api.instructor.stats), { failed: errorMessage });
}

/** The dashboard's reads: my courses (the courses table) and the figures. */
export function initInstructorOverview(): void {
  void loadMyCourses();
  void loadInstructorStats();
}

/** The students page's reads: my courses, then every enrolment in them. */
export function initInstructorDashboard(): void {
  void loadMyCourses().then(() => loadTeachingEnrollments());
}

export function learnerName(u: { first_name?: string | null; last_name?: string | null; username: string }): string {
  return [u.first_name, u.last_name].filter((p) => p && p.trim()).join(' ').trim() || u.username;
}

// ---------------------------------------------------------------------------------------------
// Quizzes of my courses

export async function loadMyCourseDetails(): Promise<void> {
  $myCourseDetails.set({ status: 'loading', data: loaded($myCourseDetails.get()) });
  try {
    const courses = await loadMyCourses();
    const details = await Promise.all(courses.map((c) => read<CourseDetail>(keyOf(api.courses[':id'], { param: { id: String(c.id) } }))));
    $myCourseDetails.set({ status: 'ready', data: details });
  } catch (error) {
    $myCourseDetails.set({ status: 'error', message: errorMessage(error) });
  }
}

// ---------------------------------------------------------------------------------------------
// Certificates

export async function loadInstructorCertificates(): Promise<void> {
  await bind<unknown, Loadable<CertificateSummary[]>>($instructorCertificates, keyOf(api.instructor.certificates), (v) =>
    toLoadable(v, (raw) => unwrapList<CertificateSummary>(raw), errorMessage),
  );
}

export async function loadTemplates(): Promise<void> {
  await bind<unknown, Loadable<TemplateListItem[]>>($templates, keyOf(api['certificate-templates']), (v) =>
    toLoadable(v, (raw) => unwrapList<TemplateListItem>(raw), errorMessage),
  );
}

export type Result<T> = { ok: true; data: T } | { ok: false; message: string; validationErrors?: ValidationErrors };

function failed<T>(title: string, error: unknown): Result<T> {
  const message = errorMessage(error);
  toast({ title, description: message, variant: 'destructive' });
  return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
}

/** POST /api/certificates: issue a certificate by hand. */
export async function issueCertificate(input: InferRequestType<typeof api.certificates.$post>['json']): Promise<Result<CertificateSummary>> {
  try {
    const cert = await call(api.certificates.$post({ json: input }));
    toast({ title: 'Certificate issued', description: `Certificate ${cert.code ?? ''} was issued.`.replace('  ', ' ') });
    invalidate(startingWith('/api/instructor/certificates', '/api/admin/certificates', keys.myCertificates));
    void loadInstructorCertificates();
    return { ok: true, data: cert };
  } catch (error) {
    return failed('Failed to issue certificate', error);
  }
}

// ---------------------------------------------------------------------------------------------
// Settings

/** The profile basics of PATCH /api/me's body that the instructor settings edit. */
export type ProfileBasics = Required<Pick<InferRequestType<typeof api.me.$patch>['json'], 'first_name' | 'last_name' | 'bio'>>;

/** PATCH /api/me with the profile basics. */
export async function saveProfileBasics(input: ProfileBasics): Promise<Result<unknown>> {
  try {
    const user = await call(api.me.$patch({ json: input }));
    await refreshUser();
    toast({ title: 'Profile saved', description: 'Your instructor profile was updated.' });
    return { ok: true, data: user };
  } catch (error) {
    return failed('Failed to save profile', error);
  }
}

/** After a quiz or question dialog closes, the quizzes page reads the courses again. */
export function reloadDetailsAfterDialogs(): () => void {
  return $courseAdminDialog.listen((d) => {
    if (d.kind !== 'none') return;
    // the dialog may have changed a quiz or a lesson of any of my courses
    invalidate(courseKeys());
    void loadMyCourseDetails();
  });
}

// ---------------------------------------------------------------------------------------------
// Default certificate template (kept on this device until the API stores it per instructor)

const DEFAULT_TEMPLATE_KEY = 'drx_instructor_default_template';
export const $defaultTemplateId = atom<number | null>(null);

export function initDefaultTemplate(): void {
  try {
    const raw = localStorage.getItem(DEFAULT_TEMPLATE_KEY);
    $defaultTemplateId.set(raw && /^\d+$/.test(raw) ? Number(raw) : null);
  } catch {
    $defaultTemplateId.set(null);
  }
}

export function setDefaultTemplate(id: number | null): void {
  $defaultTemplateId.set(id);
  try {
    if (id == null) localStorage.removeItem(DEFAULT_TEMPLATE_KEY);
    else localStorage.setItem(DEFAULT_TEMPLATE_KEY, String(id));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  toast({ title: 'Default template saved', description: 'It is preselected when you issue certificates by hand.' });
}
