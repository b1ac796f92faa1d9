import { useState } from 'react';
import type { PracticeLessonView, TakeView } from '../../../../shared/practice.ts';
import ModalDialog from '../../components/ModalDialog.tsx';
import { deleteTake } from '../../stores/practice.ts';
import { toast } from '../../stores/toasts.ts';
import AskFeedback from './AskFeedback.tsx';
import TakePlayer from './TakePlayer.tsx';
import { askState, feedbackPath, feedbackStatus, lengthLabel, offerSummary, spaceLabel } from './take-rules.ts';

export interface TakeListProps {
  view: PracticeLessonView;
  mirrored: boolean;
  headingTag: 'h3' | 'h4';
  /** The take shown in its player, and whether its line-up tools are open. */
  opened: { takeId: number; lineUp: boolean } | null;
  onOpen: (opened: { takeId: number; lineUp: boolean } | null) => void;
}

const BADGE = { muted: 'badge', waiting: 'badge badge-warning', approved: 'badge badge-success', again: 'badge badge-danger' } as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** The learner's takes of the lesson, newest first: play, line up, ask for feedback, read it, delete. */
export default function TakeList({ view, mirrored, headingTag: Heading, opened, onOpen }: TakeListProps) {
  const [asking, setAsking] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ take: TakeView; number: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = askState(view.offer);
  const count = view.takes.length;

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteTake(deleting.take.id);
      if (opened?.takeId === deleting.take.id) onOpen(null);
      toast({ title: `Take ${deleting.number} deleted` });
      setDeleting(null);
    } catch (err) {
      toast({ title: 'The take could not be deleted', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="practice-takes" aria-labelledby={`takes-${view.lesson.id}`}>
      <Heading id={`takes-${view.lesson.id}`}>Your takes of this lesson</Heading>
      <p className="text-sm muted">
        {offerSummary(view.offer)} Practice space: {spaceLabel(view.limits)}.
      </p>
      {count === 0 ? (
        <p className="muted">No takes yet. Record one beside the clip, or upload a video you filmed.</p>
      ) : (
        <ol className="practice-take-list">
          {view.takes.map((take, i) => {
            const number = count - i;
            const status = feedbackStatus(take.feedback);
            const isOpen = opened?.takeId === take.id;
            const playing = isOpen && !opened?.lineUp;
            const lining = isOpen && !!opened?.lineUp;
            const name = <span className="visually-hidden"> take {number}</span>;
            return (
              <li key={take.id} className="practice-take" aria-labelledby={`take-${take.id}-name`}>
                <div className="practice-take-head">
                  <strong id={`take-${take.id}-name`}>Take {number}</strong>
                  <span className="text-sm muted">
                    {take.source === 'recorded' ? 'Recorded' : 'Uploaded'} · {lengthLabel(take.duration_ms)} · {dateFormat.format(new Date(take.created_at))}
                  </span>
                  <span className={BADGE[status.tone]}>{status.text}</span>
                </div>
                <div className="cluster practice-take-actions">
                  {take.video_url ? (
                    <>
                      <button type="button" className="btn btn-secondary btn-sm" aria-expanded={playing} onClick={() => onOpen(playing ? null : { takeId: take.id, lineUp: false })}>
                        Play{name}
                      </button>
                      <button type="button" className="btn btn-secondary btn-sm" aria-expanded={lining} onClick={() => onOpen(lining ? null : { takeId: take.id, lineUp: true })}>
                        Line up{name}
                      </button>
                    </>
                  ) : (
                    <span className="text-sm muted">The video was deleted.</span>
                  )}
                  {take.feedback ? (
                    <a className="btn btn-primary btn-sm" href={feedbackPath(take.feedback.id)}>
                      {take.feedback.status === 'answered' ? 'Read the feedback' : 'See your request'}
                      {name}
                    </a>
                  ) : (
                    take.video_url &&
                    ask.kind !== 'closed' && (
                      <button type="button" className="btn btn-primary btn-sm" aria-expanded={asking === take.id} onClick={() => setAsking(asking === take.id ? null : take.id)}>
                        Ask for feedback{name}
                      </button>
                    )
                  )}
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeleting({ take, number })}>
                    Delete{name}
                  </button>
                </div>
                {asking === take.id && !take.feedback && (
                  <AskFeedback take={take} number={number} offer={view.offer} courseId={view.lesson.course_id} onClose={() => setAsking(null)} />
                )}
                {isOpen && take.video_url && (
                  <TakePlayer take={take} videoUrl={take.video_url} number={number} reference={view.reference} mirrored={mirrored && take.source === 'recorded'} lineUp={lining} onClose={() => onOpen(null)} />
                )}
              </li>
            );
          })}
        </ol>
      )}
      <ModalDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        role="alertdialog"
        busy={busy}
        title={deleting ? `Delete take ${deleting.number}?` : ''}
        description={
          deleting?.take.feedback
            ? 'Its video is deleted for good. The feedback on it stays, without the video.'
            : 'Its video is deleted for good.'
        }
      >
        <div className="cluster">
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void confirmDelete()}>
            {busy ? 'Deleting…' : 'Delete take'}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setDeleting(null)}>
            Cancel
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
