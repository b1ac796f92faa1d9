import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { TAKE_OFFSET_MAX_MS } from '../../../../shared/practice.ts';
import { clampOffset, offsetFromMarks } from '../../../../shared/take-sync.ts';
import type { PracticeSettings } from '../../components/PracticeVideo.tsx';
import { mirrorTransform } from '../../lib/practice-loop.ts';
import { startRecording, type CameraState, type Recording } from './camera.ts';
import type { Recorded } from './NewTakeReview.tsx';
import { COUNT_IN_CHOICES, DEFAULT_COUNT_IN, countInLabel, lengthLabel, recordingName, recordingStart } from './take-rules.ts';
import { recordingWithDuration } from './webm-duration.ts';

export interface CameraPanelProps {
  camera: { state: CameraState; start: () => Promise<void>; stop: () => void };
  mirrored: boolean;
  onMirror: (mirrored: boolean) => void;
  /** The reference clip's <video>: it plays while the take is recorded. */
  reference: MutableRefObject<HTMLVideoElement | null>;
  settings: PracticeSettings;
  maxSeconds: number;
  /** A take waits to be kept or discarded: no new recording until then. */
  busy: boolean;
  onRecorded: (take: Recorded) => void;
}

type Phase = { kind: 'idle' } | { kind: 'counting'; left: number } | { kind: 'recording'; seconds: number } | { kind: 'saving' };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The learner's camera (mirrored by default, as in a studio mirror) and the recorder: a count-in,
 * then the camera is recorded while the reference plays from where it stands (or from A of the
 * loop) at the chosen speed, until Stop, the end of the loop or clip, or the longest take.
 */
export default function CameraPanel({ camera, mirrored, onMirror, reference, settings, maxSeconds, busy, onRecorded }: CameraPanelProps) {
  const ids = useId();
  const preview = useRef<HTMLVideoElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const recordButton = useRef<HTMLButtonElement>(null);
  const [countIn, setCountIn] = useState<number>(DEFAULT_COUNT_IN);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  /** Set by Stop, Cancel or leaving: the count-in or the recording ends at its next check. */
  const stopRequested = useRef(false);
  const mounted = useRef(true);
  const state = camera.state;
  const stream = state.kind === 'on' ? state.stream : null;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopRequested.current = true;
    };
  }, []);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (phase.kind === 'recording') stopButton.current?.focus();
  }, [phase.kind]);

  // The new take was kept or discarded: back to Record, for the next one.
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) recordButton.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  async function record() {
    const ref = reference.current;
    if (!ref || !stream) return;
    setFailure(null);
    stopRequested.current = false;
    const startAt = recordingStart(settings.loop.a, ref.currentTime, Number.isFinite(ref.duration) ? ref.duration : undefined);
    const speed = settings.speed;
    ref.pause();
    ref.currentTime = startAt;
    for (let left = countIn; left > 0; left -= 1) {
      setPhase({ kind: 'counting', left });
      await wait(1000);
      if (stopRequested.current) {
        if (mounted.current) setPhase({ kind: 'idle' });
        return;
      }
    }

    let recording: Recording;
    try {
      recording = await startRecording(stream);
    } catch {
      setPhase({ kind: 'idle' });
      setFailure('The recording could not start. Turn the camera off and on, then try again.');
      return;
    }
    setPhase({ kind: 'recording', seconds: 0 });
    ref.playbackRate = speed;
    // Autoplay rules may refuse sound without a fresh gesture: the clip then plays muted.
    await ref.play().catch(async () => {
      ref.muted = true;
      await ref.play().catch(() => undefined);
    });
    if (ref.paused) {
      await recording.stop();
      setPhase({ kind: 'idle' });
      setFailure('The clip could not play, so nothing was recorded. Play the clip once, then record again.');
      return;
    }
    // Where the clip stood when the take's clock read this: the take's own 0 against the clip.
    const refStartMs = Math.round(startAt * 1000);
    const offsetMs = offsetFromMarks({ ref_start_ms: refStartMs, speed }, performance.now() - recording.startedAt, ref.currentTime * 1000);

    let last = ref.currentTime;
    const loopEnd = settings.loop.b;
    // Checked on a timer rather than on animation frames, which stop in a hidden tab.
    const endAt = await new Promise<number>((done) => {
      let shown = -1;
      const timer = setInterval(() => {
        const now = ref.currentTime;
        const elapsed = (performance.now() - recording.startedAt) / 1000;
        const end = (at: number) => {
          clearInterval(timer);
          done(at);
        };
        // The loop took the clip back to A: the take ends at B.
        if (now < last - 0.25) return end(loopEnd ?? last);
        if (stopRequested.current || ref.paused || ref.ended || elapsed >= maxSeconds) return end(now);
        last = now;
        const whole = Math.floor(elapsed);
        if (whole !== shown && mounted.current) {
          shown = whole;
          setPhase({ kind: 'recording', seconds: whole });
        }
      }, 50);
    });

    ref.pause();
    if (mounted.current) setPhase({ kind: 'saving' });
    const { blob, type, durationMs } = await recording.stop();
    if (!mounted.current) return;
    const file = await recordingWithDuration(blob, durationMs);
    setPhase({ kind: 'idle' });
    const endMs = Math.round(endAt * 1000);
    onRecorded({
      blob: file,
      url: URL.createObjectURL(file),
      name: recordingName(type, new Date()),
      durationMs,
      timing: { ref_start_ms: refStartMs, ref_end_ms: endMs > refStartMs ? endMs : null, speed, offset_ms: clampOffset(offsetMs, TAKE_OFFSET_MAX_MS) },
    });
  }

  const working = phase.kind !== 'idle';
  const frameClass = `practice-camera-frame${mirrored ? ' is-mirrored' : ''}`;

  if (state.kind !== 'on') {
    const blocked = state.kind === 'refused' || state.kind === 'unavailable';
    return (
      <div className="practice-camera">
        <div className={`${frameClass} is-off`}>
          {blocked ? (
            <p role="alert">{state.message}</p>
          ) : (
            <p>{state.kind === 'starting' ? 'Starting the camera…' : 'Your camera shows here, beside the clip.'}</p>
          )}
        </div>
        <div className="practice-controls" role="group" aria-label="Camera">
          {state.kind !== 'unavailable' && (
            <button type="button" className="btn btn-primary btn-sm" disabled={state.kind === 'starting'} onClick={() => void camera.start()}>
              {state.kind === 'refused' ? 'Try the camera again' : 'Turn on camera'}
            </button>
          )}
          <span className="text-sm muted">The picture stays on this device until you keep a take.</span>
        </div>
      </div>
    );
  }

  return (
    // Escape ends a count-in or a recording, as Cancel and Stop do.
    <div className="practice-camera" onKeyDown={(e) => e.key === 'Escape' && working && (stopRequested.current = true)}>
      <div className={frameClass}>
        <video ref={preview} autoPlay muted playsInline aria-label="Your camera" style={{ transform: mirrorTransform(mirrored) }} />
        {phase.kind === 'counting' && (
          <div className="practice-countdown" aria-hidden="true">
            {phase.left}
          </div>
        )}
        {phase.kind === 'recording' && (
          <span className="practice-rec-badge" aria-hidden="true">
            ● REC {lengthLabel(phase.seconds * 1000)}
          </span>
        )}
      </div>
      <div className="practice-controls" role="group" aria-label="Camera and recording">
        <button type="button" className="btn btn-secondary btn-sm" aria-pressed={mirrored} onClick={() => onMirror(!mirrored)}>
          Mirror camera
        </button>
        <span className="practice-count-in">
          <label htmlFor={`${ids}-count-in`}>Count-in</label>
          <select id={`${ids}-count-in`} value={countIn} disabled={working} onChange={(e) => setCountIn(Number(e.target.value))}>
            {COUNT_IN_CHOICES.map((s) => (
              <option key={s} value={s}>
                {countInLabel(s)}
              </option>
            ))}
          </select>
        </span>
        {phase.kind === 'idle' && (
          <button ref={recordButton} type="button" className="btn btn-danger btn-sm" disabled={busy} aria-describedby={`${ids}-record-hint`} onClick={() => void record()}>
            ● Record
          </button>
        )}
        {phase.kind === 'counting' && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => (stopRequested.current = true)}>
            Cancel
          </button>
        )}
        {phase.kind === 'recording' && (
          <button ref={stopButton} type="button" className="btn btn-danger btn-sm" onClick={() => (stopRequested.current = true)}>
            ■ Stop
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" disabled={working} onClick={camera.stop}>
          Turn off camera
        </button>
      </div>
      <p id={`${ids}-record-hint`} className="text-sm muted practice-status" role="status" aria-live="polite">
        {phase.kind === 'counting' && `Recording starts in ${phase.left}…`}
        {phase.kind === 'recording' && `Recording ${lengthLabel(phase.seconds * 1000)} (at most ${lengthLabel(maxSeconds * 1000)}). The clip plays; Stop ends the take.`}
        {phase.kind === 'saving' && 'Finishing the take…'}
        {phase.kind === 'idle' &&
          (busy
            ? 'Keep or discard your new take before recording another.'
            : `The clip plays from ${settings.loop.a !== null ? 'A of your loop' : 'where it stands'} at ${settings.speed}× while you dance.`)}
      </p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
