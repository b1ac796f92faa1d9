import { useCallback, useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import {
  clearLoop,
  describeLoop,
  formatTime,
  isLooping,
  loopSeekTarget,
  mirrorTransform,
  NO_LOOP,
  PRACTICE_SPEEDS,
  setLoopEnd,
  setLoopStart,
  speedLabel,
  type LoopState,
} from '../lib/practice-loop.ts';

/** What the practice controls are set to, for a parent that drives the video too (the practice room). */
export interface PracticeSettings {
  mirrored: boolean;
  speed: number;
  loop: LoopState;
}

export interface PracticeVideoProps {
  src: string;
  title: string;
  poster?: string;
  /** Given, it holds the <video> element (the practice room plays it while a take is recorded). */
  videoRef?: MutableRefObject<HTMLVideoElement | null>;
  /** Called with the controls' settings whenever one changes. */
  onSettings?: (settings: PracticeSettings) => void;
}

/**
 * An uploaded lesson video with the controls dancers rehearse with: mirror (learn facing the
 * screen as in a studio mirror), 0.5× / 0.75× / 1× speed, and an A–B loop over a phrase.
 * The loop logic is pure (lib/practice-loop.ts); this only wires it to the <video>.
 */
export default function PracticeVideo({ src, title, poster, videoRef, onSettings }: PracticeVideoProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [mirrored, setMirrored] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const [loop, setLoop] = useState<LoopState>(NO_LOOP);
  const ids = useId();
  const setVideo = useCallback(
    (el: HTMLVideoElement | null) => {
      video.current = el;
      if (videoRef) videoRef.current = el;
    },
    [videoRef],
  );

  useEffect(() => {
    onSettings?.({ mirrored, speed, loop });
  }, [mirrored, speed, loop, onSettings]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);

  // timeupdate fires only a few times a second: while looping and playing, check every frame.
  useEffect(() => {
    const el = video.current;
    if (!el || !isLooping(loop)) return;
    let frame = 0;
    const check = () => {
      const target = loopSeekTarget(loop, el.currentTime);
      if (target !== null) el.currentTime = target;
      if (!el.paused) frame = requestAnimationFrame(check);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    };
    el.addEventListener('play', start);
    el.addEventListener('seeked', check);
    if (!el.paused) start();
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('play', start);
      el.removeEventListener('seeked', check);
    };
  }, [loop]);

  const now = () => video.current?.currentTime ?? 0;
  const duration = () => (video.current && Number.isFinite(video.current.duration) ? video.current.duration : undefined);

  return (
    <div className="practice">
      <div className="video-frame">
        <video
          ref={setVideo}
          src={src}
          poster={poster}
          controls
          preload="metadata"
          playsInline
          className="practice-video"
          aria-label={title}
          style={{ transform: mirrorTransform(mirrored) }}
          onLoadedMetadata={(e) => {
            e.currentTarget.playbackRate = speed;
          }}
        />
      </div>
      <div className="practice-controls" role="group" aria-label="Practice controls">
        <button type="button" className="btn btn-secondary btn-sm" aria-pressed={mirrored} onClick={() => setMirrored((m) => !m)}>
          Mirror
        </button>
        <fieldset>
          <legend>Speed</legend>
          {PRACTICE_SPEEDS.map((s) => (
            <button key={s} type="button" className="btn btn-secondary btn-sm" aria-pressed={speed === s} onClick={() => setSpeed(s)}>
              {speedLabel(s)}
            </button>
          ))}
        </fieldset>
        <fieldset>
          <legend>A–B loop</legend>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setLoop((l) => setLoopStart(l, now(), duration()))} aria-describedby={`${ids}-loop`}>
            Set A{loop.a !== null ? ` (${formatTime(loop.a)})` : ''}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setLoop((l) => setLoopEnd(l, now(), duration()))} aria-describedby={`${ids}-loop`}>
            Set B{loop.b !== null ? ` (${formatTime(loop.b)})` : ''}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={loop.a === null && loop.b === null} onClick={() => setLoop(clearLoop())}>
            Clear loop
          </button>
        </fieldset>
        <span id={`${ids}-loop`} className="text-sm muted" role="status" aria-live="polite">
          {describeLoop(loop)}
        </span>
      </div>
    </div>
  );
}
