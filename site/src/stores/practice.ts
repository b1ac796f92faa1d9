import { atom } from 'nanostores';
import type { FeedbackDetail, PracticeLessonView, TakeSource, TakeView } from '../../../shared/practice.ts';
import { ApiError, getToken, readJson } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { fetchWithProgress } from '../lib/upload.ts';
import { addToCart } from './cart.ts';
import { loadedQueryLayer, queryLayer } from './query-lazy.ts';
import type { Loadable } from './query.ts';

/**
 * The learner's practice room of a lesson (decision 0070): its reference clip, the learner's takes
 * and the course's feedback offer, read through the query layer; the actions that keep, line up
 * and delete takes and ask for feedback. The API checks every one; its messages are shown as they come.
 */

export const $practice = atom<Loadable<PracticeLessonView>>({ status: 'idle' });

/** The key the room follows now, so a write reads it again. */
let followed = '';

const NETWORK = 'Network error occurred. Please check your internet connection and try again.';

/** A failed read: the API's own words (not enrolled, no clip), else a generic line. */
export function practiceFailure(err: unknown): { message: string; notFound?: boolean; forbidden?: boolean } {
  if (err instanceof ApiError) {
    if (err.status === 0) return { message: NETWORK };
    if (err.status === 403) return { message: err.message, forbidden: true };
    if (err.status === 400 || err.status === 404) return { message: err.message, notFound: true };
  }
  return { message: 'The practice room could not be loaded. Please try again.' };
}

/** Opens the practice room of a lesson. Signed links expire: every opening reads it again. */
export async function loadPractice(lessonId: number): Promise<void> {
  const q = await queryLayer();
  const key = keyOf(api.practice.lessons[':lessonId'], { param: { lessonId: String(lessonId) } });
  followed = key;
  await q.bindLoadable<KeyAnswer<typeof key>, PracticeLessonView>($practice, key, {
    failed: practiceFailure,
    keep: (shown) => shown.lesson.id === lessonId,
    settings: q.EVERY_TIME_SETTINGS,
  });
}

/** Closes the room: the store stops following its key. */
export function closePractice(): void {
  loadedQueryLayer()?.unbind($practice);
  followed = '';
  $practice.set({ status: 'idle' });
}

/** After a write: the room is read again (takes, space used, what is left of the offer). */
async function practiceChanged(): Promise<void> {
  const q = loadedQueryLayer();
  if (q && followed) await q.refresh(followed);
}

/** A take to keep: the file (a recording or a video from the device) and the part of the reference it was danced to. */
export interface NewTake {
  file: Blob;
  name: string;
  source: TakeSource;
  duration_ms: number;
  ref_start_ms: number;
  ref_end_ms: number | null;
  speed: number;
  offset_ms: number;
}

/** The multipart body of POST /api/practice/lessons/{lessonId}/takes. */
export function takeForm(take: NewTake): FormData {
  const body = new FormData();
  body.append('file', take.file, take.name);
  body.append('source', take.source);
  body.append('duration_ms', String(Math.round(take.duration_ms)));
  body.append('ref_start_ms', String(Math.round(take.ref_start_ms)));
  if (take.ref_end_ms !== null) body.append('ref_end_ms', String(Math.round(take.ref_end_ms)));
  body.append('speed', String(take.speed));
  body.append('offset_ms', String(Math.round(take.offset_ms)));
  return body;
}

/**
 * Keeps a take: sends it with its progress (0 to 1), then reads the room again. Throws an
 * ApiError with the API's message (too long, too large, not a video, space full).
 */
export async function keepTake(lessonId: number, take: NewTake, onProgress: (sent: number) => void, send: typeof fetch = fetchWithProgress(onProgress)): Promise<TakeView> {
  const path = api.practice.lessons[':lessonId'].takes.$path({ param: { lessonId: String(lessonId) } });
  const token = getToken();
  let res: Response;
  try {
    res = await send(path, { method: 'POST', body: takeForm(take), headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  } catch {
    throw new ApiError(0, NETWORK);
  }
  const view = await readJson<TakeView>(res);
  onProgress(1);
  await practiceChanged();
  return view;
}

/** Lines a take up with the reference: PATCH its offset. */
export async function saveTakeOffset(takeId: number, offsetMs: number): Promise<TakeView> {
  const view = await call(api.practice.takes[':id'].$patch({ param: { id: String(takeId) }, json: { offset_ms: Math.round(offsetMs) } }));
  await practiceChanged();
  return view;
}

/** Deletes a take and its file (an answer it had stays, without the video). */
export async function deleteTake(takeId: number): Promise<void> {
  await call(api.practice.takes[':id'].$delete({ param: { id: String(takeId) } }));
  await practiceChanged();
}

/** Sends a kept take for feedback with the learner's question; spends a review or a credit. */
export async function askForFeedback(takeId: number, question: string): Promise<FeedbackDetail> {
  const detail = await call(api.practice.takes[':id'].feedback.$post({ param: { id: String(takeId) }, json: { question: question.trim() } }));
  await practiceChanged();
  return detail;
}

/** Puts a pack of the course's feedback credits in the cart. */
export async function buyFeedbackCredits(courseId: number): Promise<void> {
  await addToCart({ type: 'FEEDBACK_CREDITS', itemId: courseId });
}
