import { useEffect, useId, useRef, useState } from 'react';
import { TAKE_OFFSET_MAX_MS, type PracticeLessonView, type TakeView } from '../../../../shared/practice.ts';
import { clampOffset, formatMoment, offsetFromMarks } from '../../../../shared/take-sync.ts';
import SyncedVideos from '../../components/SyncedVideos.tsx';
import { saveTakeOffset } from '../../stores/practice.ts';
import { toast } from '../../stores/toasts.ts';
import { dancedTo } from './NewTakeReview.tsx';
import { nudged, offsetLabel } from './take-rules.ts';

export interface TakePlayerProps {
  take: TakeView;
  /** The take's signed link (a take whose file is deleted has none and no player). */
  videoUrl: string;
  number: number;
  reference: PracticeLessonView['reference'];
  mirrored: boolean;
  /** Open with the line-up tools shown (a take just uploaded). */
  lineUp: boolean;
  onClose: () => void;
}

/** The nudges of the line-up tools, ms of offset: a larger offset puts the clip later against the take. */
const NUDGES = [
  { by: -500, label: '0.5 s earlier' },
  { by: -100, label: '0.1 s earlier' },
  { by: 100, label: '0.1 s later' },
  { by: 500, label: '0.5 s later' },
] as const;

/**
 * A kept take beside the clip, in sync. Lining it up: nudge the clip earlier or later against the
 * take, or mark the same count in both (the take where it stands, the clip in its own player), then
 * save the offset.
 */
export default function TakePlayer({ take, videoUrl, number, reference, mirrored, lineUp, onClose }: TakePlayerProps) {
  const ids = useId();
  const [offset, setOffset] = useState(take.offset_ms);
  const [takeMs, setTakeMs] = useState(0);
  const [marks, setMarks] = useState<{ take: number | null; clip: number | null }>({ take: null, clip: null });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clip = useRef<HTMLVideoElement>(null);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    region.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  useEffect(() => setOffset(take.offset_ms), [take.offset_ms]);

  const timing = { ref_start_ms: take.ref_start_ms, ref_end_ms: take.ref_end_ms, speed: take.speed, offset_ms: offset };

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await saveTakeOffset(take.id, offset);
      toast({ title: `Take ${number} lined up`, description: `The clip now runs ${offsetLabel(offset)} against it.` });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  const applyMarks = () => {
    if (marks.take === null || marks.clip === null) return;
    setOffset(clampOffset(offsetFromMarks(timing, marks.take, marks.clip), TAKE_OFFSET_MAX_MS));
  };

  return (
    <div className="practice-player" ref={region} role="region" aria-label={`Take ${number} beside the clip`}>
      <p className="text-sm muted">Danced to {dancedTo(timing)}.</p>
      <SyncedVideos reference={{ url: reference.url, poster: reference.poster }} take={{ url: videoUrl, ...timing }} mirrorTake={mirrored} onTime={setTakeMs} />
      {lineUp && (
        <div className="practice-lineup">
          <p className="hint">
            Play the take: when your steps come before or after the clip’s counts, move the clip until they land together, then save.
          </p>
          <div className="cluster" role="group" aria-label="Move the clip">
            <span className="label" aria-hidden="true">
              Move the clip
            </span>
            {NUDGES.map((n) => (
              <button key={n.by} type="button" className="btn btn-secondary btn-sm" onClick={() => setOffset((o) => nudged(o, n.by))}>
                {n.label}
              </button>
            ))}
            <span className="text-sm" role="status" aria-live="polite">
              Offset {offsetLabel(offset)}
            </span>
          </div>
          <details className="practice-marks">
            <summary>Line up by a count</summary>
            <p className="hint">Pause your take on a count you can see (the 1 of an eight) and mark it. Find the same count in the clip below and mark it too.</p>
            <div className="cluster">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMarks((m) => ({ ...m, take: takeMs }))}>
                Mark the take at {formatMoment(takeMs)}
              </button>
              {marks.take !== null && <span className="text-sm muted">Take marked at {formatMoment(marks.take)}</span>}
            </div>
            <div className="practice-marks-clip">
              <video ref={clip} src={reference.url} controls preload="metadata" playsInline aria-label="The clip, to find the same count" />
            </div>
            <div className="cluster">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMarks((m) => ({ ...m, clip: Math.round((clip.current?.currentTime ?? 0) * 1000) }))}>
                Mark the clip here
              </button>
              {marks.clip !== null && <span className="text-sm muted">Clip marked at {formatMoment(marks.clip)}</span>}
              <button type="button" className="btn btn-primary btn-sm" disabled={marks.take === null || marks.clip === null} onClick={applyMarks}>
                Line up at the marks
              </button>
            </div>
          </details>
          {error && (
            <p className="alert alert-error" role="alert" id={`${ids}-error`}>
              {error}
            </p>
          )}
          <div className="cluster">
            <button type="button" className="btn btn-primary btn-sm" disabled={saving || offset === take.offset_ms} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save line-up'}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={saving || offset === take.offset_ms} onClick={() => setOffset(take.offset_ms)}>
              Undo changes
            </button>
          </div>
        </div>
      )}
      <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
        Close take {number}
      </button>
    </div>
  );
}
