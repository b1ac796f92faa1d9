import { useId, useState, type FormEvent } from 'react';
import { REPLY_MAX, WRITE_A_REPLY, WRITE_A_REASON, type NoteView } from '../../../../shared/practice.ts';
import { formatMoment } from '../../../../shared/take-sync.ts';
import ModalDialog from '../../components/ModalDialog.tsx';
import ReasonDialog from '../../components/ReasonDialog.tsx';
import { formatDateTime } from '../admin/AdminStates.tsx';
import { addReply, deleteNote, reportItem } from '../../stores/feedback.ts';

export interface NoteListProps {
  feedbackId: number;
  notes: readonly NoteView[];
  /** The notes on screen now (their moment is playing). */
  activeIds: ReadonlySet<number>;
  canAnswer: boolean;
  canReply: boolean;
  /** The viewer's own id: their own notes and replies are not theirs to report. */
  viewerId: number | null;
  onJump: (note: NoteView) => void;
  onEdit?: (note: NoteView) => void;
}

function ReplyForm({ feedbackId, note }: { feedbackId: number; note: NoteView }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) {
      setError(WRITE_A_REPLY);
      return;
    }
    setBusy(true);
    const result = await addReply(feedbackId, note.id, body.trim());
    setBusy(false);
    if (result.ok) setBody('');
    else setError(result.validationErrors?.body?.[0] ?? result.message);
  }
  return (
    <form className="fb-reply-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-reply`} className="visually-hidden">
        Reply to the note at {formatMoment(note.at_ms)}
      </label>
      <textarea
        id={`${id}-reply`}
        className="input"
        rows={2}
        maxLength={REPLY_MAX}
        placeholder="Reply…"
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setError(null);
          setBody(e.currentTarget.value);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>
        {busy ? 'Sending...' : 'Reply'}
      </button>
    </form>
  );
}

/** The notes in the order of the take: jump to each, its replies, and what the viewer may do with it. */
export default function NoteList({ feedbackId, notes, activeIds, canAnswer, canReply, viewerId, onJump, onEdit }: NoteListProps) {
  const [deleting, setDeleting] = useState<NoteView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<{ kind: 'note' | 'reply'; id: number; what: string } | null>(null);

  if (notes.length === 0) return <p className="muted">{canAnswer ? 'No notes yet. Press N or click the timeline to add one at the moment you are watching.' : 'No notes on this take.'}</p>;

  return (
    <>
      <ol className="fb-notes" aria-label="Notes">
        {notes.map((note) => (
          <li key={note.id} className={activeIds.has(note.id) ? 'card fb-note fb-note-active' : 'card fb-note'} aria-current={activeIds.has(note.id) ? 'true' : undefined}>
            <div className="fb-note-head">
              <button type="button" className="btn btn-secondary btn-sm fb-moment" onClick={() => onJump(note)} aria-label={`Play from ${formatMoment(note.at_ms)}`}>
                ▶ {formatMoment(note.at_ms)}
              </button>
              <span className="text-sm muted">{note.author.name}</span>
              {note.drawing.length > 0 && <span className="badge badge-primary">Drawing</span>}
              <span className="fb-note-actions">
                {canAnswer && onEdit && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(note)} aria-label={`Edit the note at ${formatMoment(note.at_ms)}`}>
                    Edit
                  </button>
                )}
                {canAnswer && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeleting(note)} aria-label={`Delete the note at ${formatMoment(note.at_ms)}`}>
                    Delete
                  </button>
                )}
                {!canAnswer && note.author.id !== viewerId && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setReporting({ kind: 'note', id: note.id, what: `the note at ${formatMoment(note.at_ms)}` })}
                    aria-label={`Report the note at ${formatMoment(note.at_ms)}`}
                  >
                    Report
                  </button>
                )}
              </span>
            </div>
            {note.body && <p className="fb-note-body">{note.body}</p>}
            {note.replies.length > 0 && (
              <ul className="fb-replies" aria-label={`Replies to the note at ${formatMoment(note.at_ms)}`}>
                {note.replies.map((reply) => (
                  <li key={reply.id} className="fb-reply">
                    <p className="text-sm muted">
                      <strong>{reply.author.name}</strong>
                      {reply.author_is_instructor ? ' · Instructor' : ''} · <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
                      {reply.author.id !== viewerId && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setReporting({ kind: 'reply', id: reply.id, what: `${reply.author.name}'s reply` })}
                          aria-label={`Report ${reply.author.name}'s reply`}
                        >
                          Report
                        </button>
                      )}
                    </p>
                    <p className="fb-note-body">{reply.body}</p>
                  </li>
                ))}
              </ul>
            )}
            {canReply && <ReplyForm feedbackId={feedbackId} note={note} />}
          </li>
        ))}
      </ol>
      {deleting && (
        <ModalDialog
          open
          role="alertdialog"
          onOpenChange={(open) => {
            if (!open) {
              setDeleting(null);
              setDeleteError(null);
            }
          }}
          title={`Delete the note at ${formatMoment(deleting.at_ms)}?`}
          description="The note, its drawing and its replies are removed from the take."
          busy={busy}
        >
          {deleteError && (
            <p className="alert alert-error" role="alert">
              {deleteError}
            </p>
          )}
          <div className="drx-dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setDeleting(null);
                setDeleteError(null);
              }}
            >
              Keep note
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const result = await deleteNote(feedbackId, deleting.id);
                setBusy(false);
                if (result.ok) setDeleting(null);
                else setDeleteError(result.message);
              }}
            >
              {busy ? 'Deleting...' : 'Delete note'}
            </button>
          </div>
        </ModalDialog>
      )}
      {reporting && (
        <ReasonDialog
          title={`Report ${reporting.what}?`}
          description="An admin reads your reason and may hide it. The author is not told who reported it."
          label="Why are you reporting it?"
          requiredMessage={WRITE_A_REASON}
          inputClass="fb-reason"
          keepLabel="Cancel"
          confirmLabel="Report"
          busyLabel="Reporting..."
          onConfirm={async (reason) => {
            const result = await reportItem(reporting.kind, reporting.id, reason.trim());
            return result.ok ? { ok: true } : result;
          }}
          onClose={() => setReporting(null)}
        />
      )}
    </>
  );
}
