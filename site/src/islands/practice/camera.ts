import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_BUSY, CAMERA_MISSING, CAMERA_REFUSED, CAMERA_UNSUPPORTED, recorderType } from './take-rules.ts';

/**
 * The learner's camera and its recorder (the browser's getUserMedia and MediaRecorder). Nothing
 * leaves the device here: a recording is a Blob the room reviews, and sends only when kept.
 */

export type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'on'; stream: MediaStream }
  | { kind: 'refused'; message: string }
  | { kind: 'unavailable'; message: string };

/** Whether this browser can record at all (a secure page, a camera API and a recorder). */
export function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia &&
    typeof MediaRecorder !== 'undefined' &&
    recorderType((t) => MediaRecorder.isTypeSupported(t)) !== null
  );
}

function cameraFailure(err: unknown): CameraState {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'refused', message: CAMERA_REFUSED };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { kind: 'unavailable', message: CAMERA_MISSING };
  return { kind: 'unavailable', message: CAMERA_BUSY };
}

/** The camera, turned on by the learner and off when the room closes. */
export function useCamera(): { state: CameraState; start: () => Promise<void>; stop: () => void } {
  const [state, setState] = useState<CameraState>(() => (canRecord() ? { kind: 'off' } : { kind: 'unavailable', message: CAMERA_UNSUPPORTED }));
  const stream = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setState((s) => (s.kind === 'on' || s.kind === 'starting' ? { kind: 'off' } : s));
  }, []);

  const start = useCallback(async () => {
    if (!canRecord()) {
      setState({ kind: 'unavailable', message: CAMERA_UNSUPPORTED });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      stream.current = media;
      setState({ kind: 'on', stream: media });
    } catch (err) {
      setState(cameraFailure(err));
    }
  }, []);

  useEffect(() => () => stream.current?.getTracks().forEach((t) => t.stop()), []);
  return { state, start, stop };
}

/** A recording under way: stop() ends it and resolves with the file. */
export interface Recording {
  /** performance.now() when the recorder started: the take's time 0. */
  startedAt: number;
  stop: () => Promise<{ blob: Blob; type: string; durationMs: number }>;
}

/** Starts recording the stream; resolves once the recorder runs. */
export function startRecording(stream: MediaStream): Promise<Recording> {
  const type = recorderType((t) => MediaRecorder.isTypeSupported(t))!;
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 2_500_000 });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  });
  return new Promise((resolve, reject) => {
    recorder.addEventListener('error', () => reject(new Error('The recording could not start.')), { once: true });
    recorder.addEventListener(
      'start',
      () => {
        const startedAt = performance.now();
        resolve({
          startedAt,
          stop: () =>
            new Promise((done) => {
              const durationMs = Math.round(performance.now() - startedAt);
              const finish = () => {
                const base = (recorder.mimeType || type).split(';', 1)[0]!;
                done({ blob: new Blob(chunks, { type: base }), type: base, durationMs });
              };
              if (recorder.state === 'inactive') return finish();
              recorder.addEventListener('stop', finish, { once: true });
              recorder.stop();
            }),
        });
      },
      { once: true },
    );
    recorder.start(1000);
  });
}
