import { useEffect, useRef, useState } from 'react';
import type { PracticeLessonView } from '../../../../shared/practice.ts';
import type { TakeTiming } from '../../../../shared/take-sync.ts';
import SyncedVideos from '../../components/SyncedVideos.tsx';
import { formatTime } from '../../lib/practice-loop.ts';
import { progressLabel } from '../../lib/upload.ts';
import { keepTake } from '../../stores/practice.ts';
import { toast } from '../../stores/toasts.ts';
import { lengthLabel, sizeLabel, takeProblem, type TakeLimits } from './take-rules.ts';

/** A take just recorded, on this device only until it is kept. */
export interface Recorded {
  blob: Blob;
  /** An object URL of the blob, revoked when the review ends. */
  url: string;
  name: string;
  durationMs: number;
  timing: TakeTiming;
}

export interface NewTakeReviewProps {
  lessonId: number;
  recorded: Recorded;
  reference: PracticeLessonView['reference'];
  limits: TakeLimits;
  mirrored: boolean;
  headingTag: 'h3' | 'h4';
  onDone: () => void;
}

/** What the part of the clip a take was danced to reads as: '0:04 to 0:16 of the clip at 0.75×'. */
export function dancedTo(timing: TakeTiming): string {
  const end = timing.ref_end_ms !== null ? ` to ${formatTime(timing.ref_end_ms / 1000)}` : '';
  return `${formatTime(timing.ref_start_ms / 1000)}${end} of the clip at ${timing.speed}×`;
}

/**
 * A new recording beside the part of the clip it was danced to: the learner plays it back in sync,
 * then keeps it (sent with its progress) or discards it. A take over a limit says so in the API's
 * words and cannot be kept.
 */
export default function NewTakeReview({ lessonId, recorded, reference, limits, mirrored, headingTag: Heading, onDone }: NewTakeReviewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = takeProblem({ type: recorded.blob.type, name: recorded.name, size: recorded.blob.size, durationMs: recorded.durationMs }, limits);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function keep() {
    setError(null);
    setSent(0);
    try {
      await keepTake(
        lessonId,
        { file: recorded.blob, name: recorded.name, source: 'recorded', duration_ms: recorded.durationMs, ...recorded.timing },
        (share) => setSent(share),
      );
      toast({ title: 'Take kept', description: 'It is in your takes below. Ask for feedback on it when you are ready.' });
      onDone();
    } catch (err) {
      setSent(null);
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  const uploading = sent !== null;
  return (
    <section className="practice-review" aria-labelledby={`new-take-${lessonId}`} aria-busy={uploading}>
      <Heading id={`new-take-${lessonId}`} ref={heading} tabIndex={-1}>
        Your new take
      </Heading>
      <p className="text-sm muted">
        {lengthLabel(recorded.durationMs)} · {sizeLabel(recorded.blob.size)} · danced to {dancedTo(recorded.timing)}. Play it to see it beside the clip.
      </p>
      <SyncedVideos reference={{ url: reference.url, poster: reference.poster }} take={{ url: recorded.url, ...recorded.timing }} mirrorTake={mirrored} />
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {uploading && (
        <progress className="practice-progress" max={1} value={sent} aria-label="Keeping the take">
          {progressLabel(sent)}
        </progress>
      )}
      <p className="fu-status" role="status" aria-live="polite">
        {uploading && progressLabel(sent)}
      </p>
      <div className="cluster">
        <button type="button" className="btn btn-primary" disabled={problem !== null || uploading} onClick={() => void keep()}>
          Keep take
        </button>
        <button type="button" className="btn btn-ghost" disabled={uploading} onClick={onDone}>
          Discard
        </button>
      </div>
    </section>
  );
}
