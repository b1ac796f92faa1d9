import { atom } from 'nanostores';
import { countLabel } from '../lib/plural.ts';
import {
  canChooseInstructor,
  canCreateCourses,
  canOpenCourseAdministration,
  DEFAULT_PASS_SCORE,
  DEFAULT_QUIZ_DESCRIPTION,
  defaultQuizTitle,
} from '../../../worker/src/domain/courses.ts';
import { roleList } from '../../../worker/src/domain/roles.ts';
import type { CourseDetail as ApiCourseDetail, LessonView as FullLessonView, ManagedCourseItem, ModuleView as ApiModuleView, Page, QuizRef as QuizRefView } from '../../../shared/courses.ts';
import type { QuestionView, QuizView as ApiQuizView } from '../../../shared/course-views.ts';
import { QUIZ_SETTING_DEFAULTS } from '../../../worker/src/schemas/courses.ts';
import { ApiError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import type { InferRequestType } from 'hono/client';
import { COURSE_IMAGE_MAX_SIZE_MB, friendlyUploadMessage, uploadFiles, urlOf } from '../lib/upload.ts';
import { bindLoadable, courseKeys, invalidate, loaded, setCached, startingWith, unbind, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The course administration screen (/admin/courses, decision 0010) and everything built from its parts (the create
 * wizard, the instructor area): the course list, the chosen course with its modules, lessons
 * and quizzes, the open dialog, and the actions that change them. Islands read these stores with
 * useStore and change them only through the actions below.
 */

// ---------------------------------------------------------------------------------------------
// Shapes read from the API

export type CourseStatus = 'draft' | 'published' | 'archived';
export type LessonType = 'text' | 'video' | 'quiz';

export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };
export const LESSON_TYPE_LABELS: Record<LessonType, string> = { text: 'Text', video: 'Video', quiz: 'Quiz' };

/** An entry of the admin list (GET /api/courses?scope=manage). */
export type AdminCourseItem = ManagedCourseItem;
export type QuizRef = QuizRefView & { description?: string; lessonId?: number };
export type LessonView = FullLessonView;
export type ModuleView = ApiModuleView<FullLessonView>;
/** A course as GET /api/courses/{id} answers it to its managers (snake_case). */
export type CourseDetail = ApiCourseDetail<FullLessonView>;
export type QuizQuestion = QuestionView;
/** A quiz with its attempt rules, as GET /api/quizzes/{id} answers (decision 0012). */
export type QuizDetail = ApiQuizView;
export type { Page };

export interface InstructorOption {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
  username: string;
}

const courseParam = (id: number) => ({ id: String(id) });
/** GET /api/courses/{id}: a course as its managers read it. */
const courseKey = (id: number) => keyOf(api.courses[':id'], { param: courseParam(id) });
const quizKey = (id: number) => keyOf(api.quizzes[':id'], { param: { id: String(id) } });

/** GET /api/courses's query: page and pageSize have defaults on the server, which the client's type does not know. */
type CoursesQuery = InferRequestType<typeof api.courses.$get>['query'];
export const coursesQuery = (query: Partial<CoursesQuery>): CoursesQuery => query as CoursesQuery;

/** The course-admin islands read their stores' data with it (query.ts). */
export { loaded };

// ---------------------------------------------------------------------------------------------
// Small readers that forgive the API's two spellings

export function positionOf(item: { order?: number; position?: number }): number {
  return item.order ?? item.position ?? 0;
}

export function quizOf(lesson: LessonView): QuizRef | null {
  return lesson.quiz ?? lesson.quizzes?.[0] ?? null;
}

export function passScoreOf(quiz: { passScore?: number }): number {
  return quiz.passScore ?? DEFAULT_PASS_SCORE;
}

export function correctOptionOf(q: QuizQuestion): number {
  return q.correctOption ?? 0;
}

export function lessonCountOf(module: ModuleView): number {
  return module.lessonCount ?? module.lessons?.length ?? 0;
}

export function statusOfDetail(course: CourseDetail): CourseStatus {
  return course.status ?? (course.visible ? 'published' : 'draft');
}

/** The list entry of a course read in full (to open the edit dialog from the details tab). */
export function itemOfDetail(course: CourseDetail, canManage = true): AdminCourseItem {
  const name = [course.instructor?.first_name, course.instructor?.last_name].filter(Boolean).join(' ').trim();
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    price: course.price,
    status: statusOfDetail(course),
    visible: course.visible,
    imageUrl: course.image_url,
    moduleCount: course.module_count ?? course.modules.length,
    lessonCount: course.lesson_count ?? 0,
    enrollmentCount: course.enrollment_count ?? 0,
    instructorId: course.instructor_id,
    instructorName: name || null,
    createdAt: course.created_at,
    updatedAt: course.updated_at,
    fullVideoUrl: course.video_url,
    previewVideoUrl: course.preview_video_url,
    requiredLevel: course.required_level ?? 0,
    canManage,
  };
}

/** The instructor's name, else 'Instructor #id'. */
export function instructorLabel(course: Pick<CourseDetail, 'instructor' | 'instructor_id'>): string {
  const name = [course.instructor?.first_name, course.instructor?.last_name].filter(Boolean).join(' ').trim();
  if (name) return name;
  return course.instructor_id != null ? `Instructor #${course.instructor_id}` : 'No instructor';
}

export function instructorOptionLabel(i: InstructorOption): string {
  const name = [i.firstName, i.lastName].filter(Boolean).join(' ').trim();
  return name ? `${name} (${i.username})` : i.username;
}

/** The default position of a new module or lesson is the last one plus one. */
export function nextPosition(items: readonly { order?: number; position?: number }[]): number {
  return items.reduce((max, item) => Math.max(max, positionOf(item)), 0) + 1;
}

/** An answer's list: `{ data: [...] }` (or items, courses, results) or a plain list. */
export function unwrapList<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    for (const key of ['data', 'items', 'courses', 'results']) if (Array.isArray(o[key])) return o[key] as T[];
  }
  return [];
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? 'Network error occurred' : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The course's id from /…/courses/{id} or /…/courses/{id}/edit; null when missing or not a number. */
export function courseIdFromPath(pathname: string): number | null {
  const match = /\/courses\/([^/]+)(?:\/edit)?\/?$/.exec(pathname);
  if (!match || !/^[1-9]\d{0,14}$/.test(match[1]!)) return null;
  return Number(match[1]);
}

// ---------------------------------------------------------------------------------------------
// Access: who may open the screen and what they see

export type AccessMode = 'admin' | 'instructor';

/**
 * The course administration screen is for ADMIN and INSTRUCTOR_ADMIN; in the instructor area other instructors
 * manage their own courses (the server limits the list and every change to them).
 */
export function canManageCourses(role: readonly string[] | string | null | undefined, mode: AccessMode = 'admin'): boolean {
  const roles = roleList(role);
  return mode === 'admin' ? canOpenCourseAdministration(roles) : canCreateCourses(roles);
}

/** Only ADMIN loads the instructor list and sees the instructor selector. */
export function isPlatformAdmin(role: readonly string[] | string | null | undefined): boolean {
  return canChooseInstructor(roleList(role));
}

// ---------------------------------------------------------------------------------------------
// Stores

export type CourseAdminTab = 'courses' | 'details';

export const $courseList = atom<Loadable<AdminCourseItem[]>>({ status: 'idle' });
export const $selectedCourseId = atom<number | null>(null);
export const $courseDetail = atom<Loadable<CourseDetail>>({ status: 'idle' });
export const $courseAdminTab = atom<CourseAdminTab>('courses');
export const $instructors = atom<Loadable<InstructorOption[]>>({ status: 'idle' });
export const $quizQuestions = atom<Loadable<QuizQuestion[]>>({ status: 'idle' });
/** The quiz of the open quiz dialog, with its attempt rules. */
export const $quizDetail = atom<Loadable<QuizDetail>>({ status: 'idle' });

/** The course dialog's image upload states. */
export type ImageUploadState = 'idle' | 'uploading' | 'success' | 'failed';
export const $imageUpload = atom<ImageUploadState>('idle');
/** Why the last course image upload failed (shown in the dialog next to its state). */
export const $imageUploadError = atom<string | null>(null);

export type DeleteTarget = { thing: 'course' | 'module' | 'lesson'; id: number; title: string };

/** The dialog open on the screen (one at a time). */
export type CourseAdminDialog =
  | { kind: 'none' }
  | { kind: 'course'; course?: AdminCourseItem }
  | { kind: 'module'; courseId: number; module?: ModuleView }
  | { kind: 'lesson'; moduleId: number; lesson?: LessonView }
  | { kind: 'quiz'; lesson: LessonView }
  | { kind: 'view-quiz'; quiz: QuizRef; lessonTitle: string }
  | { kind: 'edit-quiz'; quizId: number; lessonTitle: string }
  | { kind: 'question'; quiz: QuizRef; lessonTitle: string }
  | { kind: 'delete'; target: DeleteTarget };

export const $courseAdminDialog = atom<CourseAdminDialog>({ kind: 'none' });

export function openDialog(dialog: CourseAdminDialog): void {
  if (dialog.kind === 'course') {
    $imageUpload.set('idle');
    $imageUploadError.set(null);
  }
  if (dialog.kind === 'view-quiz') void loadQuizQuestions(dialog.quiz.id);
  if (dialog.kind === 'edit-quiz') void loadQuizDetail(dialog.quizId);
  $courseAdminDialog.set(dialog);
}

export function closeDialog(): void {
  $courseAdminDialog.set({ kind: 'none' });
}

export function setCourseAdminTab(tab: CourseAdminTab): void {
  if (tab === 'details' && $selectedCourseId.get() == null) return;
  $courseAdminTab.set(tab);
}

// ---------------------------------------------------------------------------------------------
// Loading

/** In the instructor area the list is the user's own courses (INSTRUCTOR_ADMIN would see all). */
const $listInstructor = atom<number | null>(null);
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 20;

/**
 * Every page of the manage list, as one read: its key is the path of its first page, and its
 * fetcher reads the pages after it as well (decision 0018: a read that combines requests).
 */
async function readEveryPage(key: string): Promise<AdminCourseItem[]> {
  const url = new URL(key, 'http://localhost');
  const all: AdminCourseItem[] = [];
  for (let page = 1; page <= LIST_MAX_PAGES; page++) {
    url.searchParams.set('page', String(page));
    const body = await call(api.courses.$get({ query: coursesQuery(Object.fromEntries(url.searchParams)) }));
    const items = unwrapList<AdminCourseItem>(body);
    all.push(...items);
    const total = Array.isArray(body) ? items.length : body.total;
    if (items.length < LIST_PAGE_SIZE || all.length >= total) break;
  }
  return all;
}

export async function loadCourses(): Promise<void> {
  const instructor = $listInstructor.get();
  const key = keyOf(api.courses, { query: { scope: 'manage', pageSize: String(LIST_PAGE_SIZE), instructor: instructor != null ? String(instructor) : undefined, page: '1' } });
  await bindLoadable<AdminCourseItem[]>($courseList, key, {
    failed: errorMessage,
    settings: { fetcher: (...parts) => readEveryPage(parts.join('')) },
  });
}

/** A course its manager may not see is "not found" too. */
function courseFailure(error: unknown): { message: string; notFound: boolean } {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return { message: notFound ? 'Course not found' : errorMessage(error), notFound };
}

export async function loadCourseDetail(id: number): Promise<void> {
  await bindLoadable<CourseDetail>($courseDetail, courseKey(id), {
    pick: (course) => ({ ...course, modules: course.modules ?? [] }),
    keep: (shown) => shown.id === id,
    failed: courseFailure,
  });
}

/** No course is chosen: the details show nothing and follow no course. */
function forgetCourseDetail(): void {
  unbind($courseDetail);
  $courseDetail.set({ status: 'idle' });
}

/** Manage: choose a course and show its details. */
export function selectCourse(id: number): void {
  $selectedCourseId.set(id);
  $courseAdminTab.set('details');
  void loadCourseDetail(id);
}

export async function loadInstructors(): Promise<void> {
  if ($instructors.get().status === 'ready') return;
  await bindLoadable($instructors, keyOf(api.instructors), { pick: unwrapList<InstructorOption>, keep: false, failed: errorMessage });
}

export async function loadQuizQuestions(quizId: number): Promise<void> {
  const answer = await bindLoadable($quizQuestions, keyOf(api.quizzes[':id'].questions, { param: { id: String(quizId) } }), { pick: unwrapList<QuizQuestion>, keep: false, failed: errorMessage });
  // the questions' answer carries its quiz with the attempt rules
  const quiz = answer.ok ? (answer.data as { quiz?: QuizDetail } | null)?.quiz : undefined;
  if (quiz) $quizDetail.set({ status: 'ready', data: quiz });
}

export async function loadQuizDetail(quizId: number): Promise<void> {
  await bindLoadable($quizDetail, quizKey(quizId), { keep: false, failed: errorMessage });
}

/**
 * Starts the screen for a user: the course list loads only for ADMIN and INSTRUCTOR_ADMIN
 * (or, in the instructor area, for instructors: their own courses), the instructor list only for
 * ADMIN. `courseId` opens that course's details at once.
 */
export function initCourseAdmin(
  user: { id: number; role: readonly string[] | string | null | undefined },
  mode: AccessMode,
  courseId?: number | null,
): void {
  const role = user.role;
  if (!canManageCourses(role, mode)) return;
  $listInstructor.set(mode === 'instructor' ? user.id : null);
  void loadCourses();
  if (isPlatformAdmin(role)) void loadInstructors();
  if (courseId != null) selectCourse(courseId);
}

/** After a write: every course read is stale; the list and the chosen course are shown as they are now. */
async function refreshAfterChange(courseId?: number | null): Promise<void> {
  courseWritten();
  await reloadAfterChange(courseId);
}

/**
 * The list and the chosen course after a write that marked them stale (the bound ones on screen
 * are being read again; this waits for them, or reads them if they were not shown).
 */
async function reloadAfterChange(courseId?: number | null): Promise<void> {
  const selected = $selectedCourseId.get();
  const tasks: Promise<void>[] = [loadCourses()];
  const id = courseId ?? selected;
  if (id != null && id === selected) tasks.push(loadCourseDetail(id));
  await Promise.all(tasks);
}

// ---------------------------------------------------------------------------------------------
// Changes

export type ActionResult<T = unknown> = { ok: true; data: T } | { ok: false; message: string; validationErrors?: ValidationErrors };

type Verb = 'create' | 'update' | 'delete';
type Thing = 'course' | 'module' | 'lesson' | 'quiz' | 'question';

const PAST: Record<Verb, string> = { create: 'created', update: 'updated', delete: 'deleted' };

function successToast(thing: Thing, verb: Verb): void {
  const name = thing[0]!.toUpperCase() + thing.slice(1);
  const description = thing === 'question' && verb === 'create' ? 'Question added successfully' : `${name} ${PAST[verb]} successfully`;
  toast({ title: 'Success', description });
}

/** On failure, a destructive Error toast 'Failed to {create|update|delete} {thing}: {message}'. */
function failure(thing: Thing, verb: Verb, error: unknown): ActionResult<never> {
  const message = errorMessage(error);
  const action = thing === 'question' && verb === 'create' ? 'add' : verb;
  toast({ title: 'Error', description: `Failed to ${action} ${thing}: ${message}`, variant: 'destructive' });
  return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
}

/**
 * After any write of the course screens: every course list, course, quiz and category count may
 * have changed, so those keys are stale (those on screen are read again). `answered` is a key
 * whose new value is the write's own answer (the caller puts it in the cache): not read again.
 */
function courseWritten(answered?: string): void {
  const courses = courseKeys();
  const related = startingWith('/api/quizzes', '/api/categories', '/api/instructor', '/api/enrollments');
  invalidate((key) => key !== answered && (courses(key) || related(key)));
}

async function change<T>(
  thing: Thing,
  verb: Verb,
  call: () => Promise<T>,
  after?: (data: T) => Promise<void>,
  { close = true, answered }: { close?: boolean; answered?: (data: T) => { key: string; value: unknown } } = {},
): Promise<ActionResult<T>> {
  let data: T;
  try {
    data = await call();
  } catch (error) {
    return failure(thing, verb, error);
  }
  const answer = answered?.(data);
  courseWritten(answer?.key);
  if (answer) setCached(answer.key, answer.value);
  if (close) closeDialog();
  // The success shows once the screen shows the change: a form that clears itself on success (the
  // wizard's Add Lesson) is cleared with it, and nothing typed after it is lost to the refresh.
  try {
    if (after) await after(data);
  } finally {
    successToast(thing, verb);
  }
  return { ok: true, data };
}

// Course ------------------------------------------------------------------------------------

/** What the course dialog sends (the course form's fields). */
/** The body of POST /api/courses (the course dialog's fields; PATCH takes the same). */
export type CoursePayload = InferRequestType<typeof api.courses.$post>['json'];

export const COURSE_IMAGE_MAX_MB = COURSE_IMAGE_MAX_SIZE_MB;

/** The course image is at most 5 MB and an image; the message to show, or null. */
export function checkCourseImage(file: File | null): { title: string; description: string } | null {
  if (!file) return { title: 'No File Selected', description: 'Please select a file to upload.' };
  if (file.size > COURSE_IMAGE_MAX_MB * 1024 * 1024) return { title: 'File Too Large', description: `File size exceeds ${COURSE_IMAGE_MAX_MB}MB limit.` };
  if (!file.type.startsWith('image/')) return { title: 'Invalid File Type', description: 'File type not supported. Please choose a different file.' };
  return null;
}

/**
 * Uploads the course image (POST /api/upload/course with entityType 'course' and the id),
 * then patch the course with its URL. Shows 'Image Uploaded' or 'Failed to upload course image'.
 */
export async function uploadCourseImage(courseId: number, file: File | null): Promise<boolean> {
  const problem = checkCourseImage(file);
  if (problem) {
    toast({ ...problem, variant: 'destructive' });
    return false;
  }
  $imageUpload.set('uploading');
  $imageUploadError.set(null);
  try {
    const [result] = await uploadFiles([file!], {
      endpoint: '/api/upload/course',
      fields: { entityType: 'course', entityId: String(courseId) },
    });
    // The stored URL is the server's own, without the cache-busting parameter.
    const url = urlOf(result!.response) ?? result!.url;
    await call(api.courses[':id'].$patch({ param: courseParam(courseId), json: { imageUrl: url } }));
    // the callers mark the course reads stale (refreshAfterChange) once the rest of their write is done
    $imageUpload.set('success');
    toast({ title: 'Image Uploaded', description: 'The course image has been successfully uploaded.' });
    return true;
  } catch (error) {
    $imageUpload.set('failed');
    $imageUploadError.set(friendlyUploadMessage(errorMessage(error)));
    toast({ title: 'Upload Failed', description: 'Failed to upload course image', variant: 'destructive' });
    return false;
  }
}

/** Edit dialog: upload the chosen image for an existing course at once, then refresh. */
export async function uploadImageNow(courseId: number, file: File | null): Promise<boolean> {
  const ok = await uploadCourseImage(courseId, file);
  if (ok) await refreshAfterChange(courseId);
  return ok;
}

/**
 * Creates or updates a course from the dialog, then uploads the chosen image and patches its URL.
 * The lists refresh and the dialog closes after success.
 */
export async function saveCourse(payload: CoursePayload, existingId: number | null, image: File | null): Promise<ActionResult<{ id: number }>> {
  const verb: Verb = existingId == null ? 'create' : 'update';
  let saved: { id: number };
  try {
    saved =
      existingId == null
        ? await call(api.courses.$post({ json: payload }))
        : await call(api.courses[':id'].$patch({ param: courseParam(existingId), json: payload }));
  } catch (error) {
    return failure('course', verb, error);
  }
  const id = saved?.id ?? existingId!;
  if (image) await uploadCourseImage(id, image);
  successToast('course', verb);
  closeDialog();
  await refreshAfterChange(id);
  return { ok: true, data: { ...saved, id } };
}

/** Publishes (or withdraws) a course: PATCH its status. */
export async function setCourseStatus(id: number, status: CourseStatus): Promise<ActionResult> {
  return change('course', 'update', () => call(api.courses[':id'].$patch({ param: courseParam(id), json: { status } })), () => reloadAfterChange(id));
}

export async function deleteCourse(id: number): Promise<ActionResult> {
  return change(
    'course',
    'delete',
    async () => {
      await call(api.courses[':id'].$delete({ param: courseParam(id) }));
      // the deleted course is not read again
      if ($selectedCourseId.get() === id) unbind($courseDetail);
    },
    async () => {
      if ($selectedCourseId.get() === id) {
        $selectedCourseId.set(null);
        forgetCourseDetail();
        $courseAdminTab.set('courses');
      }
      await loadCourses();
    },
  );
}

// Module ------------------------------------------------------------------------------------

/** The body of POST /api/modules. */
export type ModulePayload = InferRequestType<typeof api.modules.$post>['json'];

export async function saveModule(payload: ModulePayload, existingId: number | null): Promise<ActionResult<{ id: number }>> {
  return change(
    'module',
    existingId == null ? 'create' : 'update',
    () =>
      existingId == null
        ? call(api.modules.$post({ json: payload }))
        : call(api.modules[':id'].$patch({ param: { id: String(existingId) }, json: payload })),
    () => reloadAfterChange(payload.courseId),
  );
}

export async function deleteModule(id: number): Promise<ActionResult> {
  return change('module', 'delete', () => call(api.modules[':id'].$delete({ param: { id: String(id) } })), () => reloadAfterChange());
}

// Lesson ------------------------------------------------------------------------------------

/** The body of POST /api/lessons. */
export type LessonPayload = InferRequestType<typeof api.lessons.$post>['json'];

export async function saveLesson(payload: LessonPayload, existingId: number | null): Promise<ActionResult<{ id: number }>> {
  return change(
    'lesson',
    existingId == null ? 'create' : 'update',
    () =>
      existingId == null
        ? call(api.lessons.$post({ json: payload }))
        : call(api.lessons[':id'].$patch({ param: { id: String(existingId) }, json: payload })),
    () => reloadAfterChange(),
  );
}

export async function deleteLesson(id: number): Promise<ActionResult> {
  return change('lesson', 'delete', () => call(api.lessons[':id'].$delete({ param: { id: String(id) } })), () => reloadAfterChange());
}

// Quiz and questions ------------------------------------------------------------------------

/** The body of POST /api/quizzes (the quiz dialog's values). */
export type QuizPayload = InferRequestType<typeof api.quizzes.$post>['json'];

/**
 * A new quiz is called 'Quiz for {lesson title}', described 'Test your knowledge of this
 * lesson', pass score 70; unlimited attempts, no wait, no shuffle, answers shown after a pass.
 */
export function quizDefaults(lesson: { id: number; title: string }): QuizPayload {
  return {
    title: defaultQuizTitle(lesson.title),
    description: DEFAULT_QUIZ_DESCRIPTION,
    passScore: DEFAULT_PASS_SCORE,
    lessonId: lesson.id,
    ...QUIZ_SETTING_DEFAULTS,
  };
}

/**
 * The quizzes of a course that have no questions: they cannot be passed, so the server refuses
 * to publish the course until they have some (decision 0012); the details tab says so.
 */
export function quizzesWithoutQuestions(course: Pick<CourseDetail, 'modules'>): { id: number; title: string; lessonTitle: string }[] {
  const byPosition = <T extends { order?: number; position?: number; id: number }>(items: readonly T[]) =>
    [...items].sort((a, b) => positionOf(a) - positionOf(b) || a.id - b.id);
  return byPosition(course.modules).flatMap((m) =>
    byPosition(m.lessons).flatMap((l) => (l.quizzes ?? []).filter((q) => q.questionCount === 0).map((q) => ({ id: q.id, title: q.title, lessonTitle: l.title }))),
  );
}

/** The edit dialog's values of a stored quiz. */
export function quizValues(quiz: QuizDetail): QuizPayload {
  return {
    title: quiz.title,
    description: quiz.description,
    passScore: quiz.passScore,
    lessonId: quiz.lessonId,
    maxAttempts: quiz.maxAttempts,
    attemptWaitMinutes: quiz.attemptWaitMinutes,
    shuffleQuestions: quiz.shuffleQuestions,
    revealAnswers: quiz.revealAnswers,
  };
}

/** 'Unlimited attempts · no wait' style summary of a quiz's attempt rules. */
export function quizRulesSummary(quiz: Pick<QuizDetail, 'maxAttempts' | 'attemptWaitMinutes' | 'shuffleQuestions' | 'revealAnswers'>): string {
  const attempts = quiz.maxAttempts === null ? 'Unlimited attempts' : countLabel(quiz.maxAttempts, 'attempt');
  const wait = quiz.attemptWaitMinutes === 0 ? 'no wait' : `${quiz.attemptWaitMinutes} min wait after a fail`;
  const order = quiz.shuffleQuestions ? 'shuffled questions' : 'questions in order';
  const reveal = quiz.revealAnswers === 'never' ? 'answers never shown' : 'answers shown after a pass';
  return [attempts, wait, order, reveal].join(' · ');
}

export async function createQuiz(payload: QuizPayload): Promise<ActionResult<QuizRef>> {
  return change('quiz', 'create', () => call(api.quizzes.$post({ json: payload })), () => reloadAfterChange());
}

export async function updateQuiz(id: number, payload: Omit<QuizPayload, 'lessonId'>): Promise<ActionResult<QuizDetail>> {
  return change(
    'quiz',
    'update',
    () => call(api.quizzes[':id'].$patch({ param: { id: String(id) }, json: payload })),
    async (quiz) => {
      // the dialog shows the saved quiz, whichever key its store follows
      $quizDetail.set({ status: 'ready', data: quiz });
      await reloadAfterChange();
    },
    { answered: (quiz) => ({ key: quizKey(id), value: quiz }) },
  );
}

export async function deleteQuiz(id: number): Promise<ActionResult> {
  return change('quiz', 'delete', () => call(api.quizzes[':id'].$delete({ param: { id: String(id) } })), () => reloadAfterChange());
}

/** The body of POST /api/quiz-questions. */
export type QuestionPayload = InferRequestType<typeof api['quiz-questions']['$post']>['json'];

export async function addQuestion(payload: QuestionPayload): Promise<ActionResult<QuizQuestion>> {
  return change(
    'question',
    'create',
    () => call(api['quiz-questions'].$post({ json: payload })),
    async () => {
      await Promise.all([loadQuizQuestions(payload.quizId), reloadAfterChange()]);
    },
  );
}

export async function deleteQuestion(id: number, quizId: number): Promise<ActionResult> {
  return change('question', 'delete', () => call(api['quiz-questions'][':id'].$delete({ param: { id: String(id) } })), () => loadQuizQuestions(quizId), { close: false });
}

/** The delete confirmation's question. */
export function deleteConfirmation(thing: DeleteTarget['thing']): string {
  return `Are you sure you want to delete this ${thing}? This action cannot be undone.`;
}

export async function confirmDelete(target: DeleteTarget): Promise<boolean> {
  const result =
    target.thing === 'course' ? await deleteCourse(target.id) : target.thing === 'module' ? await deleteModule(target.id) : await deleteLesson(target.id);
  return result.ok;
}

// ---------------------------------------------------------------------------------------------
// The admin course edit page (/admin/courses/{id}/edit)

export interface CategoryOption {
  id: number;
  name: string;
  course_count?: number;
  published_course_count?: number;
}

export const $editCourse = atom<Loadable<CourseDetail>>({ status: 'idle' });
export const $categories = atom<Loadable<CategoryOption[]>>({ status: 'idle' });
/** Set after a successful save: the page then shows its message and leaves after 1.5 s. */
export const $editSaved = atom(false);

/** The redirect after a course update waits 1.5 seconds. */
export const REDIRECT_DELAY_MS = 1500;

export async function loadCategories(): Promise<void> {
  // The categories failure is stored as this message.
  await bindLoadable($categories, keyOf(api.categories), { pick: unwrapList<CategoryOption>, failed: () => 'Failed to load categories' });
}

export async function loadEditCourse(id: number): Promise<void> {
  $editSaved.set(false);
  await bindLoadable($editCourse, courseKey(id), { keep: false, failed: courseFailure });
}

/** The PUT payload of the course edit page (snake_case). */
/** The body of PUT /api/courses/{id} (snake_case), as the course edit page sends it. */
export type CourseEditPayload = InferRequestType<typeof api.courses[':id']['$put']>['json'];

/**
 * PUT /api/courses/{id}. Success: 'Course updated successfully' / 'Redirecting to course list...'
 * and the caller leaves after 1.5 s. Failure: an 'Error' toast with the server's message or
 * 'Failed to update course'.
 */
export async function saveEditCourse(id: number, payload: CourseEditPayload): Promise<ActionResult<CourseDetail>> {
  try {
    const course: CourseDetail = await call(api.courses[':id'].$put({ param: courseParam(id), json: payload }));
    // the course shown is the answer; every other course read is stale
    courseWritten(courseKey(id));
    setCached(courseKey(id), course);
    $editSaved.set(true);
    toast({ title: 'Course updated successfully', description: 'Redirecting to course list...' });
    return { ok: true, data: course };
  } catch (error) {
    const message = error instanceof ApiError && error.message && error.status !== 0 ? error.message : 'Failed to update course';
    toast({ title: 'Error', description: message, variant: 'destructive' });
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
}

// ---------------------------------------------------------------------------------------------
// The course create wizard: details → modules → lessons → quizzes → publish

export const WIZARD_STEPS = ['details', 'modules', 'lessons', 'quizzes', 'publish'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const WIZARD_STEP_LABELS: Record<WizardStep, string> = {
  details: 'Details',
  modules: 'Modules',
  lessons: 'Lessons',
  quizzes: 'Quizzes',
  publish: 'Publish',
};

export const $wizardStep = atom<WizardStep>('details');
export const $wizardPublished = atom(false);

/** The course being built is kept in the address (?course=), so a reload resumes it. */
function writeWizardUrl(courseId: number | null, step: WizardStep): void {
  const url = new URL(location.href);
  if (courseId != null) url.searchParams.set('course', String(courseId));
  else url.searchParams.delete('course');
  if (step !== 'details') url.searchParams.set('step', step);
  else url.searchParams.delete('step');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export function initWizard(user: { id: number; role: readonly string[] | string | null | undefined }): void {
  $wizardPublished.set(false);
  if (isPlatformAdmin(user.role)) void loadInstructors();
  const params = new URLSearchParams(location.search);
  const course = params.get('course');
  const step = params.get('step') as WizardStep | null;
  if (course && /^[1-9]\d{0,14}$/.test(course)) {
    selectCourse(Number(course));
    $wizardStep.set(step && (WIZARD_STEPS as readonly string[]).includes(step) && step !== 'details' ? step : 'modules');
  } else {
    $selectedCourseId.set(null);
    forgetCourseDetail();
    $wizardStep.set('details');
  }
}

export function wizardGoTo(step: WizardStep): void {
  const id = $selectedCourseId.get();
  if (step !== 'details' && id == null) return;
  $wizardStep.set(step);
  writeWizardUrl(id, step);
}

/** After the details step: the course exists (a draft) and the wizard moves on to modules. */
export function wizardCourseCreated(id: number): void {
  selectCourse(id);
  wizardGoTo('modules');
}

export async function wizardPublish(): Promise<boolean> {
  const id = $selectedCourseId.get();
  if (id == null) return false;
  const result = await setCourseStatus(id, 'published');
  if (result.ok) $wizardPublished.set(true);
  return result.ok;
}

/** Starts a fresh course in the wizard. */
export function wizardReset(): void {
  $selectedCourseId.set(null);
  forgetCourseDetail();
  $wizardPublished.set(false);
  $wizardStep.set('details');
  writeWizardUrl(null, 'details');
}
