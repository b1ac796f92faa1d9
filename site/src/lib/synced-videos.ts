/**
 * Keeping two videos in step, pure (components/SyncedVideos.tsx wires it): when the following
 * video has drifted enough to re-seek it, and where a frame step lands.
 */

/** One frame at 30 frames a second, the step of the frame-by-frame buttons and keys. */
export const FRAME_MS = 1000 / 30;

/**
 * Whether the following video must be re-seeked: while playing, seeking costs a stutter, so only a
 * drift a viewer would see (over 0.15 s); when paused, any drift over half a frame.
 */
export function needsResync(currentSeconds: number, targetSeconds: number, playing: boolean): boolean {
  const drift = Math.abs(currentSeconds - targetSeconds);
  return playing ? drift > 0.15 : drift > FRAME_MS / 2000;
}

/** The take's time (ms) n frames from `ms`, kept within 0 and the take's duration when known. */
export function stepTarget(ms: number, frames: number, durationMs?: number): number {
  const next = ms + frames * FRAME_MS;
  const upper = durationMs !== undefined && Number.isFinite(durationMs) ? durationMs : Infinity;
  return Math.min(upper, Math.max(0, next));
}
