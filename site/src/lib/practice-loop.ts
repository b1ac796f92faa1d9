/**
 * Practice controls for uploaded lesson videos: mirror, slower speeds and an A–B loop, the way
 * dancers rehearse a phrase. Pure: the lesson view feeds it the video's time and applies what it
 * answers.
 */
import { imageUrl } from './image-url.ts';

export const PRACTICE_SPEEDS = [0.5, 0.75, 1] as const;
export type PracticeSpeed = (typeof PRACTICE_SPEEDS)[number];

/** Shortest loop worth playing, in seconds: shorter ones would only stutter. */
export const MIN_LOOP_SECONDS = 0.5;

export interface LoopState {
  /** Start of the loop, seconds. */
  a: number | null;
  /** End of the loop, seconds; always after `a` by at least MIN_LOOP_SECONDS when both are set. */
  b: number | null;
}

export const NO_LOOP: LoopState = { a: null, b: null };

function clampTime(t: number, duration?: number): number {
  const v = Number.isFinite(t) && t > 0 ? t : 0;
  return duration !== undefined && Number.isFinite(duration) && duration > 0 ? Math.min(v, duration) : v;
}

/** Sets the start; an end that would no longer come after it is cleared. */
export function setLoopStart(state: LoopState, time: number, duration?: number): LoopState {
  const a = clampTime(time, duration);
  const b = state.b !== null && state.b - a >= MIN_LOOP_SECONDS ? state.b : null;
  return { a, b };
}

/**
 * Sets the end. Without a start the loop begins at 0. An end before the start swaps them, so a
 * dancer who marks them in the wrong order still gets the phrase; an end too close to the start
 * is refused (the state is unchanged).
 */
export function setLoopEnd(state: LoopState, time: number, duration?: number): LoopState {
  const t = clampTime(time, duration);
  const a = state.a ?? 0;
  const [start, end] = t < a ? [t, a] : [a, t];
  if (end - start < MIN_LOOP_SECONDS) return state;
  return { a: start, b: end };
}

export function clearLoop(): LoopState {
  return NO_LOOP;
}

export function isLooping(state: LoopState): state is { a: number; b: number } {
  return state.a !== null && state.b !== null;
}

/**
 * Where the video must jump to, or null to let it play: at or past B it goes back to A; before A
 * (after a seek) it also goes to A, so playback stays inside the loop.
 */
export function loopSeekTarget(state: LoopState, currentTime: number): number | null {
  if (!isLooping(state)) return null;
  if (currentTime >= state.b || currentTime < state.a - 0.25) return state.a;
  return null;
}

/** The next speed after `speed` in PRACTICE_SPEEDS (wrapping), for a single toggle button. */
export function nextSpeed(speed: number): PracticeSpeed {
  const i = PRACTICE_SPEEDS.findIndex((s) => s === speed);
  return PRACTICE_SPEEDS[(i + 1) % PRACTICE_SPEEDS.length]!;
}

export function speedLabel(speed: number): string {
  return `${speed}×`;
}

/** 75.4 → '1:15', 3725 → '1:02:05'. */
export function formatTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '–';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** What the controls say about the loop, for a live region. */
export function describeLoop(state: LoopState): string {
  if (isLooping(state)) return `Looping ${formatTime(state.a)} to ${formatTime(state.b)}`;
  if (state.a !== null) return `Loop starts at ${formatTime(state.a)}; set B to loop`;
  return 'No loop';
}

/** The CSS transform of a mirrored video. */
export function mirrorTransform(mirrored: boolean): string | undefined {
  return mirrored ? 'scaleX(-1)' : undefined;
}

/**
 * The poster of a course's video (lesson or preview): the course image, so the player shows the
 * course rather than a black box before it plays; none when the course has no image.
 */
export function videoPoster(courseImage: string | null | undefined): string | undefined {
  return courseImage && courseImage.trim() ? imageUrl(courseImage) : undefined;
}
