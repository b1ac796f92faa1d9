import type { MouseEvent } from 'react';
import { formatMoment } from '../../../../shared/take-sync.ts';
import type { NoteView } from '../../../../shared/practice.ts';
import { momentAt, timelinePercent } from '../../lib/feedback.ts';

export interface TimelineProps {
  durationMs: number;
  nowMs: number;
  notes: readonly NoteView[];
  /** The note being written or edited: its marker is shown where it will be. */
  draftAtMs?: number | null;
  onSeek: (ms: number) => void;
  /** Instructors: a click on the bar opens a note at that moment (else it only seeks). */
  onAddAt?: (ms: number) => void;
  onOpenNote: (note: NoteView) => void;
}

/**
 * The take's timeline: the playhead, a marker per note (a button that jumps to it) and, for the
 * course's instructors, a click on the bar that opens a note at that moment.
 */
export default function Timeline({ durationMs, nowMs, notes, draftAtMs, onSeek, onAddAt, onOpenNote }: TimelineProps) {
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const ms = momentAt((e.clientX - rect.left) / rect.width, durationMs);
    if (onAddAt) onAddAt(ms);
    else onSeek(ms);
  };
  return (
    <div className="fb-timeline">
      <div
        className="fb-timeline-bar"
        onClick={click}
        title={onAddAt ? 'Click to add a note at this moment' : 'Click to jump to this moment'}
        data-testid="feedback-timeline"
      >
        <span className="fb-playhead" style={{ left: `${timelinePercent(nowMs, durationMs)}%` }} aria-hidden="true" />
        {draftAtMs != null && <span className="fb-marker fb-marker-draft" style={{ left: `${timelinePercent(draftAtMs, durationMs)}%` }} aria-hidden="true" />}
        {notes.map((note) => (
          <button
            key={note.id}
            type="button"
            className={note.drawing.length > 0 ? 'fb-marker fb-marker-drawn' : 'fb-marker'}
            style={{ left: `${timelinePercent(note.at_ms, durationMs)}%` }}
            aria-label={`Note at ${formatMoment(note.at_ms)}`}
            onClick={() => onOpenNote(note)}
          />
        ))}
      </div>
      <div className="fb-timeline-times text-sm muted" aria-hidden="true">
        <span>{formatMoment(nowMs)}</span>
        <span>{formatMoment(durationMs)}</span>
      </div>
    </div>
  );
}
