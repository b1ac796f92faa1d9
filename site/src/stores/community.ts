import { atom } from 'nanostores';
import {
  COMMUNITY_MESSAGES,
  type CommunityCourseSort,
  type CommunityPostView,
  type CommunityQuestionPage,
  type CommunityQuestionView,
  type CommunityReportReason,
  type CommunitySort,
  type CommunityTarget,
  type CommunityThreadView,
} from '../../../shared/community.ts';
import { ApiError, describeError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { bindLoadable, loaded, read, refresh, startingWith, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The community's questions on a lesson and over a course (decision 0075): a target's list by one
 * sort with More by keyset, one thread with its answers, and the course's search. Every read goes
 * through the query layer (decision 0018); every write marks the community's reads stale, which
 * refetches what is on screen, More pages included.
 */

export type { CommunityPostView, CommunityQuestionPage, CommunityQuestionView, CommunityThreadView };

/** What a refused write says: the API's message and its field messages. */
export type WriteResult<T = undefined> = { ok: true; data: T } | { ok: false; message: string; validationErrors?: ValidationErrors };

function refusal(error: unknown): { ok: false; message: string; validationErrors?: ValidationErrors } {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return { ok: false, message: error.message, validationErrors: error.validationErrors };
  return { ok: false, message: describeError(error).title };
}

function failed(error: unknown): { message: string; notFound?: boolean; forbidden?: boolean } {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { message: error.message || COMMUNITY_MESSAGES.NOT_FOUND, notFound: true };
  if (error instanceof ApiError && error.status === 403) return { message: error.message, forbidden: true };
  return { message: `The questions could not be loaded: ${describeError(error).title}` };
}

// ---------------------------------------------------------------------------------------------
// Keys

const page = (cursor: string | null) => (cursor ? { cursor } : {});

export const communityKeys = {
  questions: (kind: CommunityTarget, id: number, sort: CommunitySort, cursor: string | null = null) =>
    keyOf(api.community.questions, { query: { target_kind: kind, target_id: String(id), sort, ...page(cursor) } }),
  thread: (id: number, cursor: string | null = null) => keyOf(api.community.questions[':id'], { param: { id: String(id) }, query: page(cursor) }),
  replies: (postId: number, cursor: string | null = null) => keyOf(api.community.posts[':id'].replies, { param: { id: String(postId) }, query: page(cursor) }),
  course: (courseId: number, q: string, sort: CommunityCourseSort, cursor: string | null = null) =>
    keyOf(api.community.courses[':id'].questions, { param: { id: String(courseId) }, query: { sort, ...(q ? { q } : {}), ...page(cursor) } }),
} as const;

/** Every community read: a write may move any of them (a list's counts, a thread, the outline's counts). */
const movedByWrite = startingWith('/api/community');

// ---------------------------------------------------------------------------------------------
// Pages after the first ("More"): the tokens they were read with, so a write reads them again

interface MorePages<T> {
  /** The list these pages continue (its first page's key). */
  of: string;
  cursors: string[];
  items: T[];
  /** The token of the page after the last one read; undefined: none read yet (the first page's `next` holds). */
  next: string | null | undefined;
  loading: boolean;
  error: string | null;
}

type PageAnswer<T> = { data: T[]; next: string | null };

function emptyMore<T>(of = ''): MorePages<T> {
  return { of, cursors: [], items: [], next: undefined, loading: false, error: null };
}

/** Reads the next page of a list and appends it; an earlier read of the same list is dropped when the list changed. */
async function readMore<T>($more: ReturnType<typeof atom<MorePages<T>>>, of: string, next: string | null, keyAt: (cursor: string) => string): Promise<void> {
  const shown = $more.get();
  if (!next || shown.loading || shown.of !== of) return;
  $more.set({ ...shown, loading: true, error: null });
  try {
    const answer = await read<PageAnswer<T>>(keyAt(next));
    const now = $more.get();
    if (now.of !== of) return;
    $more.set({ ...now, cursors: [...now.cursors, next], items: [...now.items, ...answer.data], next: answer.next, loading: false });
  } catch (error) {
    const now = $more.get();
    if (now.of === of) $more.set({ ...now, loading: false, error: describeError(error).title });
  }
}

/** After a write: the pages already read, read again from the same tokens (the write marked them stale). */
async function rereadMore<T>($more: ReturnType<typeof atom<MorePages<T>>>, keyAt: (cursor: string) => string): Promise<void> {
  const shown = $more.get();
  if (shown.cursors.length === 0) return;
  try {
    const pages = await Promise.all(shown.cursors.map((cursor) => read<PageAnswer<T>>(keyAt(cursor))));
    if ($more.get().of !== shown.of) return;
    $more.set({ ...shown, items: pages.flatMap((p) => p.data), next: pages.at(-1)?.next ?? null });
  } catch {
    // The pages shown stay; the next write or More reads them again.
  }
}

/** The first page's items, then the More pages' items not already shown (a write can move an item across a page's edge). */
export function joined<T extends { id: number }>(first: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(first.map((item) => item.id));
  const out = [...first];
  for (const item of more) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// A target's questions (a lesson's), one sort at a time

export interface ListTarget {
  kind: CommunityTarget;
  id: number;
}

export const $questions = atom<Loadable<CommunityQuestionPage>>({ status: 'idle' });
export const $moreQuestions = atom<MorePages<CommunityQuestionView>>(emptyMore());
let listShown: { target: ListTarget; sort: CommunitySort } | null = null;

/** GET /api/community/questions?target_kind&target_id&sort: the first page (More continues it). */
export async function loadQuestions(target: ListTarget, sort: CommunitySort): Promise<void> {
  listShown = { target, sort };
  const key = communityKeys.questions(target.kind, target.id, sort);
  if ($moreQuestions.get().of !== key) $moreQuestions.set(emptyMore(key));
  await bindLoadable<CommunityQuestionPage>($questions, key, { failed, keep: () => true });
}

export async function moreQuestions(): Promise<void> {
  const first = loaded($questions.get());
  if (!listShown || !first) return;
  const { target, sort } = listShown;
  const more = $moreQuestions.get();
  await readMore($moreQuestions, more.of, more.next === undefined ? first.next : more.next, (cursor) => communityKeys.questions(target.kind, target.id, sort, cursor));
}

// ---------------------------------------------------------------------------------------------
// One thread

export const $thread = atom<Loadable<CommunityThreadView>>({ status: 'idle' });
export const $moreAnswers = atom<MorePages<CommunityThreadView['answers'][number]>>(emptyMore());
let threadShown: number | null = null;

/** GET /api/community/questions/{id}: the question and its first answers (accepted first, then most helpful). */
export async function loadThread(id: number): Promise<void> {
  threadShown = id;
  const key = communityKeys.thread(id);
  if ($moreAnswers.get().of !== key) $moreAnswers.set(emptyMore(key));
  await bindLoadable<CommunityThreadView>($thread, key, { failed, keep: (shown) => shown.question.id === id });
}

export function closeThread(): void {
  threadShown = null;
}

export async function moreAnswers(): Promise<void> {
  const first = loaded($thread.get());
  if (threadShown === null || !first || first.question.id !== threadShown) return;
  const id = threadShown;
  const more = $moreAnswers.get();
  await readMore($moreAnswers, more.of, more.next === undefined ? first.next : more.next, (cursor) => communityKeys.thread(id, cursor));
}

/** GET /api/community/posts/{id}/replies?cursor: the replies of an answer beyond those its thread page carries. */
export async function loadReplies(answerId: number, cursor: string | null): Promise<WriteResult<PageAnswer<CommunityPostView>>> {
  try {
    return { ok: true, data: await read<PageAnswer<CommunityPostView>>(communityKeys.replies(answerId, cursor)) };
  } catch (error) {
    return refusal(error);
  }
}

// ---------------------------------------------------------------------------------------------
// A course's questions, searched

export const $courseQuestions = atom<Loadable<CommunityQuestionPage>>({ status: 'idle' });
export const $moreCourseQuestions = atom<MorePages<CommunityQuestionView>>(emptyMore());
let courseShown: { courseId: number; q: string; sort: CommunityCourseSort } | null = null;

/** GET /api/community/courses/{id}/questions?q&sort. */
export async function loadCourseQuestions(courseId: number, q: string, sort: CommunityCourseSort): Promise<void> {
  courseShown = { courseId, q, sort };
  const key = communityKeys.course(courseId, q, sort);
  if ($moreCourseQuestions.get().of !== key) $moreCourseQuestions.set(emptyMore(key));
  await bindLoadable<CommunityQuestionPage>($courseQuestions, key, {
    failed: (error) =>
      error instanceof ApiError && error.status === 403
        ? { message: "Only the course's learners and instructors can read its questions.", forbidden: true }
        : failed(error),
  });
}

export async function moreCourseQuestions(): Promise<void> {
  const first = loaded($courseQuestions.get());
  if (!courseShown || !first) return;
  const { courseId, q, sort } = courseShown;
  const more = $moreCourseQuestions.get();
  await readMore($moreCourseQuestions, more.of, more.next === undefined ? first.next : more.next, (cursor) => communityKeys.course(courseId, q, sort, cursor));
}

// ---------------------------------------------------------------------------------------------
// Writes

/** After a write: what is on screen is read again, More pages included. */
async function settle(): Promise<void> {
  await refresh(movedByWrite);
  const list = listShown;
  const thread = threadShown;
  const course = courseShown;
  await Promise.all([
    list ? rereadMore($moreQuestions, (cursor) => communityKeys.questions(list.target.kind, list.target.id, list.sort, cursor)) : undefined,
    thread !== null ? rereadMore($moreAnswers, (cursor) => communityKeys.thread(thread, cursor)) : undefined,
    course ? rereadMore($moreCourseQuestions, (cursor) => communityKeys.course(course.courseId, course.q, course.sort, cursor)) : undefined,
  ]);
}

async function write<T>(send: () => Promise<T>, done?: (data: T) => void): Promise<WriteResult<T>> {
  try {
    const data = await send();
    await settle();
    done?.(data);
    return { ok: true, data };
  } catch (error) {
    return refusal(error);
  }
}

/** A post a write answered: a held one says it waits for a moderator. */
function heldNotice(post: { status: string }): void {
  if (post.status === 'pending') toast({ title: 'Waiting for approval', description: COMMUNITY_MESSAGES.HELD_FOR_REVIEW });
}

export interface AskInput {
  target_kind: CommunityTarget;
  target_id: number;
  title: string;
  body: string;
  video_at_ms?: number;
}

/** POST /api/community/questions. */
export function askQuestion(input: AskInput): Promise<WriteResult<CommunityQuestionView>> {
  return write(() => call(api.community.questions.$post({ json: input })) as Promise<CommunityQuestionView>, heldNotice);
}

/** POST /api/community/questions/{id}/answers. */
export function answerQuestion(questionId: number, body: string): Promise<WriteResult<CommunityPostView>> {
  return write(() => call(api.community.questions[':id'].answers.$post({ param: { id: String(questionId) }, json: { body } })) as Promise<CommunityPostView>, heldNotice);
}

/** POST /api/community/posts/{id}/replies: a reply under an answer. */
export function replyTo(answerId: number, body: string): Promise<WriteResult<CommunityPostView>> {
  return write(() => call(api.community.posts[':id'].replies.$post({ param: { id: String(answerId) }, json: { body } })) as Promise<CommunityPostView>, heldNotice);
}

/** PATCH /api/community/posts/{id}: its author's edit (the earlier version is kept for moderators). */
export function editPost(id: number, edit: { title?: string; body: string }): Promise<WriteResult<unknown>> {
  return write(() => call(api.community.posts[':id'].$patch({ param: { id: String(id) }, json: edit })));
}

/** The JSON-less answer of a write (204), or its refusal in the one error shape. */
async function noContent(request: Promise<unknown>): Promise<null> {
  const res = (await request) as Response;
  if (res.ok) return null;
  const body = (await res.json().catch(() => null)) as { message?: unknown; validationErrors?: ValidationErrors } | null;
  throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : `${res.status} ${res.statusText}`, body?.validationErrors);
}

/** DELETE /api/community/posts/{id} (204): its text is cleared; with replies it stays as a placeholder. */
export function deletePost(id: number): Promise<WriteResult<null>> {
  return write(() => noContent(api.community.posts[':id'].$delete({ param: { id: String(id) } })), () => toast({ title: 'Deleted' }));
}

/** PUT or DELETE /api/community/posts/{id}/vote: an upvote, given or taken back (both idempotent). */
export function setVote(id: number, on: boolean): Promise<WriteResult<{ voted: boolean; vote_count: number }>> {
  const param = { param: { id: String(id) } };
  return write(() => call(on ? api.community.posts[':id'].vote.$put(param) : api.community.posts[':id'].vote.$delete(param)) as Promise<{ voted: boolean; vote_count: number }>);
}

/** PUT /api/community/questions/{id}/accepted: the asker's or the page owner's choice (null takes it back). */
export function acceptAnswer(questionId: number, answerId: number | null): Promise<WriteResult<unknown>> {
  return write(
    () => call(api.community.questions[':id'].accepted.$put({ param: { id: String(questionId) }, json: { answer_id: answerId } })),
    () => toast({ title: answerId === null ? 'Answer no longer accepted' : 'Answer accepted' }),
  );
}

/** POST /api/community/posts/{id}/reports: for the moderators to review. */
export function reportPost(id: number, reason: CommunityReportReason, detail: string): Promise<WriteResult<unknown>> {
  return write(
    () => call(api.community.posts[':id'].reports.$post({ param: { id: String(id) }, json: { reason, ...(detail.trim() ? { detail: detail.trim() } : {}) } })),
    () => toast({ title: 'Reported', description: 'Thank you. A moderator will look at it.' }),
  );
}

/** POST /api/community/posts/{id}/hide or /restore: the page's owner or a moderator. */
export function setHidden(id: number, hidden: boolean): Promise<WriteResult<unknown>> {
  const param = { param: { id: String(id) } };
  return write(
    () => call(hidden ? api.community.posts[':id'].hide.$post(param) : api.community.posts[':id'].restore.$post(param)),
    () => toast({ title: hidden ? 'Hidden' : 'Restored', description: hidden ? 'Only its author and moderators see it now.' : 'Everyone who reads this page sees it again.' }),
  );
}
