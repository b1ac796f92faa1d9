import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DRAWING_MAX_SHAPES, TAKE_OFFSET_MAX_MS, type FeedbackDetail, type NoteView } from '../../../../shared/practice.ts';
import { clampOffset, formatMoment } from '../../../../shared/take-sync.ts';
import SyncedVideos, { type SyncedVideosHandle } from '../../components/SyncedVideos.tsx';
import { pathId } from '../../lib/catalog.ts';
import { activeNotes, dueLabel, statusLabel } from '../../lib/feedback.ts';
import { $auth } from '../../stores/auth.ts';
import { $feedback, addNote, loadFeedback, saveOffset, updateNote } from '../../stores/feedback.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { AnswerForm, AnswerSummary } from './AnswerForm.tsx';
import NoteCanvas from './NoteCanvas.tsx';
import NoteEditor, { type NoteDraft, type Pen } from './NoteEditor.tsx';
import NoteList from './NoteList.tsx';
import Timeline from './Timeline.tsx';
import './feedback.css';

const RATES = [0.25, 0.5, 1] as const;
/** One nudge of the offset: about a beat's fraction a dancer can see. */
const OFFSET_STEP_MS = 100;

/** Keys typed into a field are the field's, not the player's. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function lessonHref(d: FeedbackDetail): string {
  return `/courses/${d.course.id}/modules/${d.lesson.module_id}/lessons/${d.lesson.id}`;
}

function Header({ detail }: { detail: FeedbackDetail }) {
  const status = statusLabel(detail.status, detail.overdue);
  return (
    <header className="fb-header">
      <p className="eyebrow" style={{ margin: 0 }}>
        {detail.course.title} · <a href={lessonHref(detail)}>{detail.lesson.title}</a>
      </p>
      <h1>{detail.can_answer ? `${detail.learner.name}'s take` : 'Feedback on your take'}</h1>
      <p className="cluster text-sm">
        <span className={detail.status === 'answered' ? 'badge badge-success' : detail.overdue ? 'badge badge-danger' : 'badge badge-warning'}>{status}</span>
        {detail.status === 'waiting' && <span className="muted">{dueLabel(detail.due_at, detail.overdue)}</span>}
        {detail.can_answer && <a href="/instructor/feedback">All feedback requests</a>}
      </p>
      <blockquote className="fb-question">
        <p className="text-sm muted">{detail.can_answer ? `${detail.learner.name} asks` : 'You asked'}</p>
        <p>{detail.question}</p>
      </blockquote>
    </header>
  );
}

function Player({ detail }: { detail: FeedbackDetail }) {
  const auth = useStore($auth);
  const viewerId = auth.status === 'ready' && auth.user ? auth.user.id : null;
  const videos = useRef<SyncedVideosHandle>(null);
  const [now, setNow] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<number>(1);
  const [mirrored, setMirrored] = useState(false);
  const [offset, setOffset] = useState(detail.take.offset_ms);
  const [savingOffset, setSavingOffset] = useState(false);
  const [draft, setDraft] = useState<NoteDraft | null>(null);
  const [pen, setPen] = useState<Pen>({ tool: 'arrow', color: '#ff3b30' });
  const take = detail.take;
  const isLearner = viewerId !== null && viewerId === take.learner.id;
  const answering = detail.can_answer && detail.status === 'waiting';
  const canNote = detail.can_answer;

  useEffect(() => setOffset(detail.take.offset_ms), [detail.take.offset_ms]);

  const shown = useMemo(() => activeNotes(detail.notes, now), [detail.notes, now]);
  const activeKey = shown.map((n) => n.id).join(',');
  const activeIds = useMemo(() => new Set(activeKey ? activeKey.split(',').map(Number) : []), [activeKey]);

  const seek = (ms: number) => videos.current?.seekTake(ms);
  const openNote = (note: NoteView) => {
    videos.current?.pause();
    seek(note.at_ms);
    setNow(note.at_ms);
  };
  const startNote = (atMs: number) => {
    if (!canNote) return;
    videos.current?.pause();
    seek(atMs);
    setNow(atMs);
    setDraft({ noteId: null, at_ms: atMs, body: '', drawing: [] });
  };
  const editNote = (note: NoteView) => {
    openNote(note);
    setDraft({ noteId: note.id, at_ms: note.at_ms, body: note.body, drawing: [...note.drawing] });
  };

  // , and . step a frame, N opens a note at the moment shown (the course's instructors).
  const keys = useRef({ startNote, now });
  keys.current = { startNote, now };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === ',' || e.key === '.') {
        e.preventDefault();
        videos.current?.stepFrames(e.key === ',' ? -1 : 1);
      } else if (e.key === 'n' || e.key === 'N') {
        e.preventDefault();
        keys.current.startNote(keys.current.now);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  async function saveDraft() {
    if (!draft) return { ok: true as const };
    const input = { at_ms: draft.at_ms, body: draft.body.trim(), drawing: draft.drawing };
    const result = draft.noteId === null ? await addNote(detail.id, input) : await updateNote(detail.id, draft.noteId, input);
    if (result.ok) setDraft(null);
    return result.ok ? { ok: true as const } : result;
  }

  const overlayShapes = draft ? draft.drawing : shown.flatMap((n) => n.drawing);
  const timing = { ref_start_ms: take.ref_start_ms, ref_end_ms: take.ref_end_ms, speed: take.speed, offset_ms: offset };

  return (
    <div className="fb-player">
      {take.video_url ? (
        <SyncedVideos
          ref={videos}
          reference={detail.reference}
          take={{ url: take.video_url, ...timing }}
          mirrorTake={mirrored}
          rate={rate}
          // While playing, the page follows the take in steps of 40 ms (a frame or so), not on every paint.
          onTime={(ms) => setNow(playing ? ms - (ms % 40) : ms)}
          onPlayingChange={setPlaying}
          overlay={
            <NoteCanvas
              shapes={overlayShapes}
              mirrored={mirrored}
              pen={draft && draft.drawing.length < DRAWING_MAX_SHAPES ? { ...pen, onShape: (shape) => setDraft({ ...draft, drawing: [...draft.drawing, shape] }) } : null}
            />
          }
        />
      ) : (
        <p className="alert alert-info">The take&apos;s video was deleted. Its notes and answer stay here.</p>
      )}

      {take.video_url && (
        <div className="fb-controls" role="group" aria-label="Player controls">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => (playing ? videos.current?.pause() : videos.current?.play())}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => videos.current?.stepFrames(-1)} aria-keyshortcuts=",">
            <span aria-hidden="true">‹</span> Frame back
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => videos.current?.stepFrames(1)} aria-keyshortcuts=".">
            Frame on <span aria-hidden="true">›</span>
          </button>
          <fieldset className="fb-inline">
            <legend>Speed</legend>
            {RATES.map((r) => (
              <button key={r} type="button" className="btn btn-secondary btn-sm" aria-pressed={rate === r} onClick={() => setRate(r)}>
                {r}×
              </button>
            ))}
          </fieldset>
          <button type="button" className="btn btn-secondary btn-sm" aria-pressed={mirrored} onClick={() => setMirrored((m) => !m)}>
            Mirror take
          </button>
          <fieldset className="fb-inline">
            <legend>Timing</legend>
            <button type="button" className="btn btn-secondary btn-sm" aria-label="Take earlier by 0.1 seconds" onClick={() => setOffset((o) => clampOffset(o - OFFSET_STEP_MS, TAKE_OFFSET_MAX_MS))}>
              −0.1 s
            </button>
            <output className="text-sm" aria-live="polite">
              {(offset / 1000).toFixed(1)} s
            </output>
            <button type="button" className="btn btn-secondary btn-sm" aria-label="Take later by 0.1 seconds" onClick={() => setOffset((o) => clampOffset(o + OFFSET_STEP_MS, TAKE_OFFSET_MAX_MS))}>
              +0.1 s
            </button>
            {(isLearner || detail.can_answer) && offset !== take.offset_ms && (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={savingOffset}
                onClick={async () => {
                  setSavingOffset(true);
                  await saveOffset(detail.id, take.id, offset);
                  setSavingOffset(false);
                }}
              >
                Save timing
              </button>
            )}
          </fieldset>
          {canNote && !draft && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => startNote(now)} aria-keyshortcuts="n">
              Add note at {formatMoment(now)}
            </button>
          )}
        </div>
      )}

      <Timeline durationMs={take.duration_ms} nowMs={now} notes={detail.notes} draftAtMs={draft?.at_ms ?? null} onSeek={seek} onAddAt={canNote && !draft ? startNote : undefined} onOpenNote={openNote} />

      <div className="fb-now" aria-live="polite">
        {shown.length > 0 && !draft && (
          <ul className="fb-now-list" aria-label="Notes at this moment">
            {shown.map((n) => (
              <li key={n.id}>
                <strong>{formatMoment(n.at_ms)}</strong> {n.body || 'See the drawing.'}
              </li>
            ))}
          </ul>
        )}
      </div>

      {draft && <NoteEditor draft={draft} pen={pen} onPen={setPen} onChange={setDraft} onSave={saveDraft} onCancel={() => setDraft(null)} />}

      {detail.status === 'answered' && <AnswerSummary detail={detail} />}

      <section aria-labelledby="fb-notes-title" className="fb-notes-section">
        <h2 id="fb-notes-title">Notes</h2>
        {canNote && <p className="text-sm muted">Keys: , and . step a frame, N adds a note at the moment shown.</p>}
        <NoteList
          feedbackId={detail.id}
          notes={detail.notes}
          activeIds={activeIds}
          canAnswer={detail.can_answer}
          canReply={detail.can_reply}
          viewerId={viewerId}
          onJump={openNote}
          onEdit={canNote ? editNote : undefined}
        />
      </section>

      {answering && <AnswerForm detail={detail} />}
    </div>
  );
}

/**
 * /practice/feedback/{id}: one request, for both sides (decision 0070). The course's instructors
 * answer on the take's timeline — the take beside the reference in sync, frame by frame, slowed,
 * notes at a moment with a drawing over the frame, a summary and a verdict; the learner plays it
 * back with each note appearing at its moment, and replies under each.
 */
function FeedbackPage() {
  const state = useStore($feedback);
  useEffect(() => {
    void loadFeedback(pathId(location.pathname, 2));
  }, []);

  if (state.status === 'error' && !state.data) {
    return (
      <div className="stack">
        <h1>{state.notFound ? 'Feedback request not found' : 'Feedback'}</h1>
        <p className="alert alert-error" role="alert">
          {state.notFound ? 'This feedback request does not exist, or it is not yours to see.' : state.message}
        </p>
        <p>
          <a href="/my-courses">My courses</a>
        </p>
      </div>
    );
  }
  const detail = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (!detail) {
    return (
      <p className="muted" role="status">
        Loading feedback...
      </p>
    );
  }
  return (
    <div className="fb-page">
      <Header detail={detail} />
      <Player key={detail.id} detail={detail} />
    </div>
  );
}

export default withErrorBoundary(FeedbackPage);
