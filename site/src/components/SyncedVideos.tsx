import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { referenceTimeAt, type TakeTiming } from '../../../shared/take-sync.ts';
import { mirrorTransform } from '../lib/practice-loop.ts';
import { needsResync, stepTarget } from '../lib/synced-videos.ts';
import './synced-videos.css';

export interface SyncedVideosProps {
  reference: { url: string; poster?: string | null };
  take: { url: string } & TakeTiming;
  /** Show the take as in a studio mirror (the reference is never flipped here). */
  mirrorTake?: boolean;
  /** Playback rate of the take (0.25, 0.5, 1…); the reference follows at rate × the take's speed. */
  rate?: number;
  /** The take's time in ms, on every frame while playing and after every seek. */
  onTime?: (takeMs: number) => void;
  /** Drawn over the take's frame, in a box of exactly the frame's size (drawings in fractions). */
  overlay?: ReactNode;
  /** The take started or stopped playing (a Play/Pause button's state). */
  onPlayingChange?: (playing: boolean) => void;
}

export interface SyncedVideosHandle {
  play(): void;
  pause(): void;
  seekTake(ms: number): void;
  stepFrames(n: number): void;
}

/**
 * A take beside the part of the reference clip it was danced to (decision 0070). The take drives:
 * its own controls (or the handle) play, pause and seek it, and the reference follows through
 * referenceTimeAt — at rate × speed, re-seeked when it drifts. Side by side on a wide screen,
 * stacked on a phone.
 */
const SyncedVideos = forwardRef<SyncedVideosHandle, SyncedVideosProps>(function SyncedVideos(
  { reference, take, mirrorTake = false, rate = 1, onTime, overlay, onPlayingChange },
  handle,
) {
  const takeEl = useRef<HTMLVideoElement>(null);
  const refEl = useRef<HTMLVideoElement>(null);
  const [ratio, setRatio] = useState(16 / 9);
  const timing = useRef<TakeTiming>(take);
  timing.current = { ref_start_ms: take.ref_start_ms, ref_end_ms: take.ref_end_ms, speed: take.speed, offset_ms: take.offset_ms };
  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;
  const onPlayingRef = useRef(onPlayingChange);
  onPlayingRef.current = onPlayingChange;

  /** Puts the reference where the take's current moment says, if it has drifted. */
  const follow = useCallback((force: boolean) => {
    const t = takeEl.current;
    const r = refEl.current;
    if (!t) return;
    const takeMs = t.currentTime * 1000;
    onTimeRef.current?.(Math.round(takeMs));
    if (!r) return;
    const target = referenceTimeAt(timing.current, takeMs) / 1000;
    const end = Number.isFinite(r.duration) ? r.duration : Infinity;
    if (target >= end) {
      if (!r.paused) r.pause();
      return;
    }
    if (force || needsResync(r.currentTime, target, !t.paused)) r.currentTime = target;
    if (!t.paused && r.paused) void r.play().catch(() => undefined);
    if (t.paused && !r.paused) r.pause();
  }, []);

  // Rates: the take at `rate`, the reference at rate × speed (it runs speed× as fast as the take).
  useEffect(() => {
    if (takeEl.current) takeEl.current.playbackRate = rate;
    if (refEl.current) refEl.current.playbackRate = rate * take.speed;
  }, [rate, take.speed]);

  // A new offset (the learner or instructor lined them up again) moves the reference at once.
  useEffect(() => {
    follow(true);
  }, [take.offset_ms, take.ref_start_ms, take.speed, follow]);

  // While the take plays, check the reference every frame.
  useEffect(() => {
    const t = takeEl.current;
    if (!t) return;
    let frame = 0;
    const tick = () => {
      follow(false);
      if (!t.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      onPlayingRef.current?.(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onStop = () => {
      onPlayingRef.current?.(false);
      cancelAnimationFrame(frame);
      follow(true);
    };
    const onSeeked = () => follow(true);
    t.addEventListener('play', onPlay);
    t.addEventListener('pause', onStop);
    t.addEventListener('ended', onStop);
    t.addEventListener('seeked', onSeeked);
    return () => {
      cancelAnimationFrame(frame);
      t.removeEventListener('play', onPlay);
      t.removeEventListener('pause', onStop);
      t.removeEventListener('ended', onStop);
      t.removeEventListener('seeked', onSeeked);
    };
  }, [follow]);

  useImperativeHandle(
    handle,
    () => ({
      play() {
        void takeEl.current?.play().catch(() => undefined);
      },
      pause() {
        takeEl.current?.pause();
      },
      seekTake(ms: number) {
        const t = takeEl.current;
        if (!t) return;
        t.currentTime = Math.max(0, ms) / 1000;
        follow(true);
      },
      stepFrames(n: number) {
        const t = takeEl.current;
        if (!t) return;
        t.pause();
        const duration = Number.isFinite(t.duration) ? t.duration * 1000 : undefined;
        t.currentTime = stepTarget(t.currentTime * 1000, n, duration) / 1000;
        follow(true);
      },
    }),
    [follow],
  );

  return (
    <div className="synced-videos">
      <figure className="synced-cell">
        <figcaption>Reference</figcaption>
        <div className="synced-frame synced-frame-reference">
          <video
            ref={refEl}
            src={reference.url}
            poster={reference.poster ?? undefined}
            preload="auto"
            playsInline
            aria-label="Reference clip"
            onLoadedMetadata={(e) => {
              e.currentTarget.playbackRate = rate * take.speed;
              follow(true);
            }}
          />
        </div>
      </figure>
      <figure className="synced-cell">
        <figcaption>Take</figcaption>
        <div className="synced-frame" style={{ '--ratio': String(ratio) } as CSSProperties}>
          <video
            ref={takeEl}
            src={take.url}
            controls
            preload="auto"
            playsInline
            muted
            aria-label="Take"
            style={{ transform: mirrorTransform(mirrorTake) }}
            onLoadedMetadata={(e) => {
              const v = e.currentTarget;
              v.playbackRate = rate;
              if (v.videoWidth > 0 && v.videoHeight > 0) setRatio(v.videoWidth / v.videoHeight);
              follow(true);
            }}
          />
          {overlay ? <div className="synced-overlay">{overlay}</div> : null}
        </div>
      </figure>
    </div>
  );
});

export default SyncedVideos;
