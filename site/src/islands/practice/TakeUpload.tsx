import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { TakeView } from '../../../../shared/practice.ts';
import { progressLabel } from '../../lib/upload.ts';
import { keepTake } from '../../stores/practice.ts';
import { toast } from '../../stores/toasts.ts';
import { TAKE_ACCEPT, lengthLabel, sizeLabel, spaceLabel, takeProblem, takeType, type TakeLimits } from './take-rules.ts';

export interface TakeUploadProps {
  lessonId: number;
  limits: TakeLimits;
  /** A of the practice loop (seconds), where the filmed take most likely starts in the clip. */
  loopStart: number | null;
  headingTag: 'h3' | 'h4';
  onUploaded: (take: TakeView) => void;
}

export const LENGTH_UNREADABLE = 'This browser cannot read the length of that video. Try an MP4 or WebM file.';

/** The length of a video file in ms, read by the browser; null when it cannot play it. */
function videoLength(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const probe = document.createElement('video');
    let settled = false;
    const done = (ms: number | null) => {
      if (settled) return;
      settled = true;
      URL.revokeObjectURL(url);
      probe.removeAttribute('src');
      resolve(ms);
    };
    probe.preload = 'metadata';
    probe.muted = true;
    probe.addEventListener('loadedmetadata', () => done(Number.isFinite(probe.duration) ? Math.round(probe.duration * 1000) : null));
    probe.addEventListener('error', () => done(null));
    setTimeout(() => done(null), 15_000);
    probe.src = url;
  });
}

/**
 * A take filmed elsewhere (a phone on a tripod): the learner picks the file, the room checks it
 * against the limits in the API's words, sends it with its progress, and opens it to be lined up
 * with the clip.
 */
export default function TakeUpload({ lessonId, limits, loopStart, headingTag: Heading, onUploaded }: TakeUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const early = takeProblem({ type: file.type, name: file.name, size: file.size, durationMs: null }, limits);
      if (early) return setError(early);
      setSent(0);
      const durationMs = await videoLength(file);
      if (durationMs === null) return setError(LENGTH_UNREADABLE);
      const late = takeProblem({ type: file.type, name: file.name, size: file.size, durationMs }, limits);
      if (late) return setError(late);
      const type = takeType(file.type, file.name)!;
      const take = await keepTake(
        lessonId,
        {
          file: file.type === type ? file : new Blob([file], { type }),
          name: file.name,
          source: 'uploaded',
          duration_ms: durationMs,
          ref_start_ms: Math.round((loopStart ?? 0) * 1000),
          ref_end_ms: null,
          speed: 1,
          offset_ms: 0,
        },
        (share) => setSent(share),
      );
      toast({ title: 'Take uploaded', description: `${file.name} (${lengthLabel(durationMs)}, ${sizeLabel(file.size)}). Line it up with the clip below.` });
      onUploaded(take);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSent(null);
      if (input.current) input.current.value = '';
    }
  }

  const uploading = sent !== null;
  return (
    <section className="practice-upload" aria-labelledby={`${id}-title`} aria-busy={uploading}>
      <Heading id={`${id}-title`}>Upload a video</Heading>
      <div className="fu">
        <div className="fu-controls">
          <input
            ref={input}
            id={`${id}-input`}
            className="fu-input"
            type="file"
            accept={TAKE_ACCEPT}
            disabled={uploading}
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
            aria-errormessage={error ? `${id}-error` : undefined}
            onChange={(e) => void onChange(e)}
          />
          <label htmlFor={`${id}-input`} className="btn btn-secondary btn-sm fu-choose" aria-disabled={uploading || undefined}>
            Choose a video
          </label>
        </div>
        <p id={`${id}-hint`} className="fu-hint">
          A video you filmed dancing to this clip: MP4, WebM or MOV, at most {lengthLabel(limits.max_seconds * 1000)} and {sizeLabel(limits.max_bytes)}. Your practice space: {spaceLabel(limits)}.
        </p>
        {uploading && (
          <progress className="practice-progress" max={1} value={sent} aria-label="Uploading the video">
            {progressLabel(sent)}
          </progress>
        )}
        <p className="fu-status" role="status" aria-live="polite">
          {uploading && progressLabel(sent)}
        </p>
        {error && (
          <p id={`${id}-error`} className="fu-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
