import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DRAWING_MAX_SHAPES, NOTE_MAX, WRITE_A_NOTE, type DrawingShape } from '../../../../shared/practice.ts';
import { formatMoment } from '../../../../shared/take-sync.ts';
import { DRAW_COLORS, DRAW_TOOL_LABELS, DRAW_TOOLS, type DrawTool } from '../../lib/feedback.ts';
import type { ValidationErrors } from '../../lib/api.ts';

/** A note being written (noteId null) or edited, at a moment of the take. */
export interface NoteDraft {
  noteId: number | null;
  at_ms: number;
  body: string;
  drawing: DrawingShape[];
}

export interface Pen {
  tool: DrawTool;
  color: string;
}

export interface NoteEditorProps {
  draft: NoteDraft;
  pen: Pen;
  onPen: (pen: Pen) => void;
  onChange: (draft: NoteDraft) => void;
  onSave: () => Promise<{ ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors }>;
  onCancel: () => void;
}

/**
 * The note form: its moment, its text, and the pen that draws over the frame (the drawing itself
 * is made on the video, NoteCanvas). Save keeps it on the take at once; the learner sees the notes
 * when the answer is sent.
 */
export default function NoteEditor({ draft, pen, onPen, onChange, onSave, onCancel }: NoteEditorProps) {
  const id = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Focus the text without scrolling: the take above stays in view to be drawn on.
  useEffect(() => {
    text.current?.focus({ preventScroll: true });
  }, [draft.noteId, draft.at_ms]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft.body.trim() && draft.drawing.length === 0) {
      setError(WRITE_A_NOTE);
      return;
    }
    setBusy(true);
    const result = await onSave();
    setBusy(false);
    if (!result.ok) setError(result.validationErrors?.body?.[0] ?? result.validationErrors?.drawing?.[0] ?? result.validationErrors?.at_ms?.[0] ?? result.message);
  }

  return (
    <form className="card fb-editor" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="fb-editor-title">
        {draft.noteId === null ? 'New note' : 'Edit note'} at {formatMoment(draft.at_ms)}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-body`}>Note</label>
        <textarea
          ref={text}
          id={`${id}-body`}
          className="input"
          rows={3}
          maxLength={NOTE_MAX}
          value={draft.body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setError(null);
            onChange({ ...draft, body: e.currentTarget.value });
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-sm muted">
            Drag on the take to draw over the frame.
          </p>
        )}
      </div>
      <div className="fb-pen">
        <fieldset className="fb-choice">
          <legend>Draw</legend>
          {DRAW_TOOLS.map((tool) => (
            <label key={tool} className="fb-chip">
              <input type="radio" name={`${id}-tool`} checked={pen.tool === tool} onChange={() => onPen({ ...pen, tool })} />
              {DRAW_TOOL_LABELS[tool]}
            </label>
          ))}
        </fieldset>
        <fieldset className="fb-choice">
          <legend>Colour</legend>
          {DRAW_COLORS.map((c) => (
            <label key={c.value} className="fb-chip">
              <input type="radio" name={`${id}-color`} checked={pen.color === c.value} onChange={() => onPen({ ...pen, color: c.value })} />
              <span className="fb-swatch" style={{ background: c.value }} aria-hidden="true" />
              {c.label}
            </label>
          ))}
        </fieldset>
        <div className="cluster">
          <span className="text-sm muted" aria-live="polite">
            {draft.drawing.length === 0 ? 'No drawing' : `${draft.drawing.length} of ${DRAWING_MAX_SHAPES} shapes`}
          </span>
          <button type="button" className="btn btn-ghost btn-sm" disabled={draft.drawing.length === 0} onClick={() => onChange({ ...draft, drawing: draft.drawing.slice(0, -1) })}>
            Undo shape
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={draft.drawing.length === 0} onClick={() => onChange({ ...draft, drawing: [] })}>
            Clear drawing
          </button>
        </div>
      </div>
      <div className="cluster">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save note'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
