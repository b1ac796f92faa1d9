import {
  FEEDBACK_NOT_OFFERED,
  NO_CREDITS_LEFT,
  NO_REVIEWS_LEFT,
  QUESTION_MAX,
  TAKE_MIME_TYPES,
  TAKE_OFFSET_MAX_MS,
  TAKE_QUOTA_FULL,
  TAKE_TOO_LARGE,
  TAKE_TOO_LONG,
  TAKE_WRONG_TYPE,
  WRITE_A_QUESTION,
  type FeedbackOffer,
  type PracticeLessonView,
  type TakeView,
} from '../../../../shared/practice.ts';
import { clampOffset } from '../../../../shared/take-sync.ts';
import { formatCents } from '../../lib/currency.ts';
import { pluralWord } from '../../lib/plural.ts';

/**
 * The practice room's rules, pure (decision 0070): what a take may be before it is sent (the API's
 * own limits and words), what a course's feedback offer lets the learner do, and the labels of the
 * room. The islands in this folder do the camera, the recorder and the calls.
 */

export type TakeLimits = PracticeLessonView['limits'];

/** What the file picker offers: the types a take may be, and their extensions for phones that name none. */
export const TAKE_ACCEPT = [...TAKE_MIME_TYPES, '.mp4', '.webm', '.mov'].join(',');

const BY_EXTENSION: Record<string, (typeof TAKE_MIME_TYPES)[number]> = { webm: 'video/webm', mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime' };

/**
 * A take's type without its parameters ('video/webm;codecs=vp8' → 'video/webm'), or from the file's
 * extension when the browser names none; null when it is not a kind of take.
 */
export function takeType(type: string, name = ''): (typeof TAKE_MIME_TYPES)[number] | null {
  const base = type.split(';', 1)[0]!.trim().toLowerCase();
  const known = TAKE_MIME_TYPES.find((t) => t === base);
  if (known) return known;
  if (base && base !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? null;
}

export interface TakeCandidate {
  type: string;
  name?: string;
  size: number;
  /** Null when the browser could not read the video's length. */
  durationMs: number | null;
}

/** The first limit a take breaks, in the API's words; null when it may be sent. */
export function takeProblem(take: TakeCandidate, limits: TakeLimits): string | null {
  if (!takeType(take.type, take.name)) return TAKE_WRONG_TYPE;
  if (take.size > limits.max_bytes) return TAKE_TOO_LARGE;
  if (take.durationMs !== null && take.durationMs > limits.max_seconds * 1000) return TAKE_TOO_LONG;
  if (limits.used_bytes + take.size > limits.quota_bytes) return TAKE_QUOTA_FULL;
  return null;
}

/** Why the camera is not there: each leaves the upload. */
export const CAMERA_REFUSED =
  'The camera is blocked for this site. Allow it in your browser’s site settings to record here, or upload a video you filmed.';
export const CAMERA_MISSING = 'No camera was found on this device. You can upload a video you filmed instead.';
export const CAMERA_UNSUPPORTED = 'This browser cannot record video here. You can upload a video you filmed instead.';
export const CAMERA_BUSY = 'The camera could not be started: another app may be using it. Close it and try again, or upload a video.';

/** What the recorder may produce, best first: the kinds of take browsers record. */
export const RECORDER_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'] as const;

/** The first type the browser's MediaRecorder can record, or null (then only uploads). */
export function recorderType(isSupported: (type: string) => boolean): string | null {
  return RECORDER_TYPES.find((t) => isSupported(t)) ?? null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'take-2026-12-03-1405.webm': a recording's file name, after its type. */
export function recordingName(type: string, now: Date): string {
  const extension = takeType(type) === 'video/mp4' ? 'mp4' : 'webm';
  return `take-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}.${extension}`;
}

/**
 * Where the reference starts when a take is recorded (seconds): at A when a loop is set, else
 * where it stands — from the top when it stands at its end.
 */
export function recordingStart(loopA: number | null, currentTime: number, duration?: number): number {
  if (loopA !== null) return loopA;
  const t = Number.isFinite(currentTime) && currentTime > 0 ? currentTime : 0;
  if (duration !== undefined && Number.isFinite(duration) && duration > 0 && t >= duration - 0.5) return 0;
  return t;
}

/** Seconds a learner may choose before the recording starts: time to step back to their spot. */
export const COUNT_IN_CHOICES = [0, 3, 5, 10] as const;
export const DEFAULT_COUNT_IN = 5;

export function countInLabel(seconds: number): string {
  return seconds === 0 ? 'No count-in' : `${seconds} seconds`;
}

/** What a take's "Ask for feedback" offers, from the course's offer to this learner. */
export type AskState =
  | { kind: 'closed'; message: string }
  | { kind: 'ask'; uses: string }
  | { kind: 'used'; message: string }
  | { kind: 'buy'; message: string; label: string };

/** Included reviews are spent first, then credits (the API spends them in that order). */
export function askState(offer: FeedbackOffer): AskState {
  if (offer.mode === 'none') return { kind: 'closed', message: FEEDBACK_NOT_OFFERED };
  if (offer.included_left > 0) {
    return { kind: 'ask', uses: `Uses 1 of the ${offer.included_left} ${pluralWord(offer.included_left, 'review')} left with this course.` };
  }
  if (offer.credits_left > 0) {
    return { kind: 'ask', uses: `Uses 1 of your ${offer.credits_left} feedback ${pluralWord(offer.credits_left, 'credit')}.` };
  }
  if (offer.mode === 'credits' && offer.pack) {
    const { credits, price_cents } = offer.pack;
    return { kind: 'buy', message: NO_CREDITS_LEFT, label: `Buy feedback credits: ${credits} for ${formatCents(price_cents)}` };
  }
  return { kind: 'used', message: offer.mode === 'credits' ? NO_CREDITS_LEFT : NO_REVIEWS_LEFT };
}

/** The line under the takes' heading: what the course offers and what is left. */
export function offerSummary(offer: FeedbackOffer): string {
  if (offer.mode === 'none') return FEEDBACK_NOT_OFFERED;
  const days = `Instructors answer within ${offer.response_days} ${pluralWord(offer.response_days, 'day')}.`;
  if (offer.mode === 'included') {
    return `${offer.included_left} of your ${offer.included_reviews} included ${pluralWord(offer.included_reviews, 'review')} left. ${days}`;
  }
  const included = offer.included_left > 0 ? `${offer.included_left} included ${pluralWord(offer.included_left, 'review')} and ` : '';
  return `You have ${included}${offer.credits_left} feedback ${pluralWord(offer.credits_left, 'credit')}. ${days}`;
}

/** What a question breaks, or null. */
export function questionProblem(question: string): string | null {
  const text = question.trim();
  if (!text) return WRITE_A_QUESTION;
  if (text.length > QUESTION_MAX) return `A question can be at most ${QUESTION_MAX} characters.`;
  return null;
}

/** A take's feedback as the list shows it: its words and the badge's tone. */
export function feedbackStatus(feedback: TakeView['feedback']): { text: string; tone: 'muted' | 'waiting' | 'approved' | 'again' } {
  if (!feedback) return { text: 'Not sent for feedback', tone: 'muted' };
  if (feedback.status === 'waiting') return { text: 'Waiting for feedback', tone: 'waiting' };
  return feedback.verdict === 'approved' ? { text: 'Approved', tone: 'approved' } : { text: 'Try again', tone: 'again' };
}

/** The answer page of a request (the feedback pages). */
export function feedbackPath(feedbackId: number): string {
  return `/practice/feedback/${feedbackId}`;
}

/** An offset moved by `by` ms, kept within the limit either way. */
export function nudged(offsetMs: number, byMs: number): number {
  return clampOffset(offsetMs + byMs, TAKE_OFFSET_MAX_MS);
}

/** '+0.3 s', '−1.25 s', '0 s': an offset as the line-up tools show it. */
export function offsetLabel(ms: number): string {
  if (Math.round(ms / 10) === 0) return '0 s';
  return `${ms > 0 ? '+' : '−'}${Number((Math.abs(ms) / 1000).toFixed(2))} s`;
}

/** '240 KB', '12.3 MB', '1 GB'. */
export function sizeLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${Number((mb / 1024).toFixed(1))} GB`;
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** '12.3 MB of 1 GB used': the learner's practice space. */
export function spaceLabel(limits: TakeLimits): string {
  return `${limits.used_bytes > 0 ? sizeLabel(limits.used_bytes) : 'Nothing'} of ${sizeLabel(limits.quota_bytes)} used`;
}

/** '0:12': a take's length. */
export function lengthLabel(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${two(total % 60)}`;
}
