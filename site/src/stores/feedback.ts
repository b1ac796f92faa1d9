import { atom, computed } from 'nanostores';
import type { DrawingShape, FeedbackDetail, FeedbackQueuePage, FeedbackVerdict, NoteView, ReplyView, TakeView } from '../../../shared/practice.ts';
import { ApiError, describeError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { queueQueryOf, type QueueFilters } from '../lib/feedback.ts';
import { bindLoadable, mutateCache, refresh, startingWith, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * Feedback on takes (decision 0070): the instructors' queue (/instructor/feedback) and one
 * request's page (/practice/feedback/{id}), where the course's instructors answer on the take's
 * timeline and the learner reads the answer and replies. Every read goes through the query layer
 * (decision 0018); every write marks the request, the queue and the dashboards stale.
 */

export type { DrawingShape, FeedbackDetail, FeedbackQueuePage, NoteView, ReplyView };

/** What a refused write says: the API's message and its field messages. */
export type WriteResult<T = undefined> = { ok: true; data: T } | { ok: false; message: string; validationErrors?: ValidationErrors };

function refusal(error: unknown): { ok: false; message: string; validationErrors?: ValidationErrors } {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return { ok: false, message: error.message, validationErrors: error.validationErrors };
  return { ok: false, message: describeError(error).title };
}

function failed(error: unknown): { message: string; notFound?: boolean; forbidden?: boolean } {
  if (error instanceof ApiError && error.status === 404) return { message: error.message || 'Feedback request not found', notFound: true };
  if (error instanceof ApiError && error.status === 403) return { message: error.message, forbidden: true };
  const { title } = describeError(error);
  return { message: `The feedback could not be loaded: ${title}` };
}

// ---------------------------------------------------------------------------------------------
// Keys

export const feedbackKeys = {
  detail: (id: number) => keyOf(api.practice.feedback[':id'], { param: { id: String(id) } }),
  queue: (filters: QueueFilters, cursor: string | null = null) => keyOf(api.instructor.feedback, { query: queueQueryOf(filters, cursor) }),
} as const;

/** Everything a feedback write moves: the request, every page of the queue, the dashboards that count them, the take's lesson. */
const movedByWrite = startingWith('/api/practice/feedback', '/api/instructor/feedback', '/api/instructor/dashboard', '/api/practice/lessons', '/api/practice/takes');

// ---------------------------------------------------------------------------------------------
// One request

export const $feedback = atom<Loadable<FeedbackDetail>>({ status: 'idle' });

/** GET /api/practice/feedback/{id}. */
export async function loadFeedback(id: number | null): Promise<void> {
  if (id === null || !Number.isInteger(id) || id <= 0) {
    $feedback.set({ status: 'error', message: 'Feedback request not found', notFound: true });
    return;
  }
  await bindLoadable<FeedbackDetail>($feedback, feedbackKeys.detail(id), { failed, keep: (shown) => shown.id === id });
}

/** Puts an answer the write returned in the cache (the page shows it at once), then marks what else it moved. */
async function settle(id: number, detail?: FeedbackDetail): Promise<void> {
  const key = feedbackKeys.detail(id);
  if (detail) mutateCache(key, detail);
  await refresh(movedByWrite, detail ? key : undefined);
}

export interface NoteInput {
  at_ms: number;
  body: string;
  drawing: DrawingShape[];
}

/** POST /api/practice/feedback/{id}/notes. */
export async function addNote(id: number, note: NoteInput): Promise<WriteResult<NoteView>> {
  try {
    const data = (await call(api.practice.feedback[':id'].notes.$post({ param: { id: String(id) }, json: note }))) as NoteView;
    await settle(id);
    return { ok: true, data };
  } catch (error) {
    return refusal(error);
  }
}

/** PATCH /api/practice/feedback/{id}/notes/{noteId}. */
export async function updateNote(id: number, noteId: number, note: Partial<NoteInput>): Promise<WriteResult<NoteView>> {
  try {
    const data = (await call(api.practice.feedback[':id'].notes[':noteId'].$patch({ param: { id: String(id), noteId: String(noteId) }, json: note }))) as NoteView;
    await settle(id);
    return { ok: true, data };
  } catch (error) {
    return refusal(error);
  }
}

/** DELETE /api/practice/feedback/{id}/notes/{noteId} (204). */
export async function deleteNote(id: number, noteId: number): Promise<WriteResult> {
  try {
    const res = await api.practice.feedback[':id'].notes[':noteId'].$delete({ param: { id: String(id), noteId: String(noteId) } });
    if (!res.ok) return refusal(await readRefusal(res as unknown as Response));
    await settle(id);
    toast({ title: 'Note deleted' });
    return { ok: true, data: undefined };
  } catch (error) {
    return refusal(error);
  }
}

/** The ApiError of a refused answer without a body to return. */
async function readRefusal(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { message?: unknown; validationErrors?: ValidationErrors } | null;
  return new ApiError(res.status, typeof body?.message === 'string' ? body.message : `${res.status} ${res.statusText}`, body?.validationErrors);
}

/** POST /api/practice/feedback/{id}/answer: the summary and the verdict; the learner is told. */
export async function sendAnswer(id: number, answer: { summary: string; verdict: FeedbackVerdict | null }): Promise<WriteResult<FeedbackDetail>> {
  try {
    const data = (await call(
      api.practice.feedback[':id'].answer.$post({ param: { id: String(id) }, json: answer as { summary: string; verdict: FeedbackVerdict } }),
    )) as FeedbackDetail;
    await settle(id, data);
    toast({ title: 'Answer sent', description: `${data.learner.name} is told your answer is ready.` });
    return { ok: true, data };
  } catch (error) {
    return refusal(error);
  }
}

/** POST /api/practice/feedback/{id}/notes/{noteId}/replies. */
export async function addReply(id: number, noteId: number, body: string): Promise<WriteResult<ReplyView>> {
  try {
    const data = (await call(
      api.practice.feedback[':id'].notes[':noteId'].replies.$post({ param: { id: String(id), noteId: String(noteId) }, json: { body } }),
    )) as ReplyView;
    await settle(id);
    return { ok: true, data };
  } catch (error) {
    return refusal(error);
  }
}

/** POST /api/practice/reports: a note or a reply, for the admins to review. */
export async function reportItem(kind: 'note' | 'reply', targetId: number, reason: string): Promise<WriteResult> {
  try {
    await call(api.practice.reports.$post({ json: { target_kind: kind, target_id: targetId, reason } }));
    toast({ title: 'Reported', description: 'Thank you. An admin will look at it.' });
    return { ok: true, data: undefined };
  } catch (error) {
    return refusal(error);
  }
}

/** PATCH /api/practice/takes/{id} {offset_ms}: the learner lines their take up with the reference again. */
export async function saveOffset(feedbackId: number, takeId: number, offsetMs: number): Promise<WriteResult<TakeView>> {
  try {
    const data = (await call(api.practice.takes[':id'].$patch({ param: { id: String(takeId) }, json: { offset_ms: offsetMs } }))) as TakeView;
    await settle(feedbackId);
    toast({ title: 'Timing saved', description: 'Your take and the reference now play in step from this offset.' });
    return { ok: true, data };
  } catch (error) {
    return refusal(error);
  }
}

// ---------------------------------------------------------------------------------------------
// The instructors' queue

export const $feedbackQueue = atom<Loadable<FeedbackQueuePage>>({ status: 'idle' });

/** GET /api/instructor/feedback?status=&course_id=&learner_id=&cursor=. */
export async function loadFeedbackQueue(filters: QueueFilters, cursor: string | null = null): Promise<void> {
  await bindLoadable<FeedbackQueuePage>($feedbackQueue, feedbackKeys.queue(filters, cursor), {
    failed: (error) => {
      if (error instanceof ApiError && error.status === 403) return { message: "Access denied. Only a course's instructors and admins see its feedback requests.", forbidden: true };
      return { message: `The feedback requests could not be loaded: ${describeError(error).title}` };
    },
  });
}

/** The first page of Waiting, unfiltered: the page's own first view, and the instructor menu's count. */
const $waitingPage = atom<Loadable<FeedbackQueuePage>>({ status: 'idle' });

/** The waiting count of the instructor menu's Feedback entry (null until known or when it cannot be read). */
export const $feedbackWaiting = computed($waitingPage, (state) => (state.status === 'ready' || state.status === 'loading' ? (state.data?.counts.waiting ?? null) : null));

export async function loadFeedbackWaiting(): Promise<void> {
  await bindLoadable<FeedbackQueuePage>($waitingPage, feedbackKeys.queue({ status: 'waiting', courseId: null, learnerId: null }), { failed: () => 'unavailable' });
}
