/**
 * Keeping a take and its reference clip in step (decision 0070). A take was danced to the part of
 * the reference from `ref_start_ms` played at `speed`; `offset_ms` is where the take's own 0 lies
 * against that start (positive: the dancer started later in the recording). Pure functions, used
 * by the practice room, the feedback page and the API's checks.
 */

export interface TakeTiming {
  ref_start_ms: number;
  ref_end_ms: number | null;
  speed: number;
  offset_ms: number;
}

/** The reference's time (ms) at a moment of the take. */
export function referenceTimeAt(timing: TakeTiming, takeMs: number): number {
  const ref = timing.ref_start_ms + (takeMs - timing.offset_ms) * timing.speed;
  return Math.max(0, Math.round(ref));
}

/** The take's time (ms) at a moment of the reference: the inverse of referenceTimeAt. */
export function takeTimeAt(timing: TakeTiming, referenceMs: number): number {
  const take = (referenceMs - timing.ref_start_ms) / timing.speed + timing.offset_ms;
  return Math.max(0, Math.round(take));
}

/**
 * The offset that lines up one moment of the take with one moment of the reference: a learner taps
 * the same count in both ("the 1 of the first eight").
 */
export function offsetFromMarks(timing: Pick<TakeTiming, 'ref_start_ms' | 'speed'>, takeMs: number, referenceMs: number): number {
  return Math.round(takeMs - (referenceMs - timing.ref_start_ms) / timing.speed);
}

/** An offset kept within ±limit. */
export function clampOffset(offsetMs: number, limitMs: number): number {
  return Math.min(limitMs, Math.max(-limitMs, Math.round(offsetMs)));
}

/** "1:05.3": a moment on a take for a note's marker and the list of notes. */
export function formatMoment(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}
