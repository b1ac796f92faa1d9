import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, type CommunityQuestionView } from '../../../../shared/community.ts';
import { askQuestion, type ListTarget } from '../../stores/community.ts';
import { momentLabel, type VideoHandle } from './format.ts';

export interface AskFormProps {
  target: ListTarget;
  /** The lesson's clip: the question may point to the moment it is at. */
  video: VideoHandle | null;
  onAsked: (question: CommunityQuestionView) => void;
  onCancel: () => void;
}

/** The clip's current moment, followed while the form is open (null: no clip on the page now). */
function useClipMoment(video: VideoHandle | null): number | null {
  const [ms, setMs] = useState<number | null>(() => (video?.current ? Math.floor(video.current.currentTime * 1000) : null));
  useEffect(() => {
    const el = video?.current;
    if (!el) return;
    const update = () => setMs(Math.floor(el.currentTime * 1000));
    update();
    el.addEventListener('timeupdate', update);
    el.addEventListener('seeked', update);
    return () => {
      el.removeEventListener('timeupdate', update);
      el.removeEventListener('seeked', update);
    };
  }, [video]);
  return ms;
}

type Errors = { title?: string; body?: string; video_at_ms?: string; form?: string };

/** Asking on a lesson: a title, the details, and on a video lesson "At 1:23", the clip's moment now. */
export default function AskForm({ target, video, onAsked, onCancel }: AskFormProps) {
  const id = useId();
  const live = useClipMoment(video);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  /** The moment taken when the box was ticked (the clip may play on while the question is written). */
  const [moment, setMoment] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  useEffect(() => titleRef.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (title.trim().length < COMMUNITY_LIMITS.titleMin) found.title = COMMUNITY_MESSAGES.TITLE_TOO_SHORT;
    if (!body.trim()) found.body = COMMUNITY_MESSAGES.BODY_EMPTY;
    if (found.title || found.body) {
      setErrors(found);
      return;
    }
    setBusy(true);
    const result = await askQuestion({
      target_kind: target.kind,
      target_id: target.id,
      title: title.trim(),
      body: body.trim(),
      ...(moment !== null ? { video_at_ms: moment } : {}),
    });
    setBusy(false);
    if (result.ok) {
      onAsked(result.data);
      return;
    }
    const v = result.validationErrors;
    setErrors(v?.title || v?.body || v?.video_at_ms ? { title: v.title?.[0], body: v.body?.[0], video_at_ms: v.video_at_ms?.[0] } : { form: result.message });
  }

  const error = (field: keyof Errors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="card cq-ask" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="cq-ask-title">
        Ask a question about this lesson
      </p>
      {errors.form && (
        <p className="alert alert-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-title`}>Your question</label>
        <input
          ref={titleRef}
          id={`${id}-title`}
          className="input"
          value={title}
          maxLength={COMMUNITY_LIMITS.titleMax}
          placeholder="How do I keep my heels down in the plié?"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(e) => {
            setErrors({ ...errors, title: undefined });
            setTitle(e.currentTarget.value);
          }}
        />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>Details</label>
        <textarea
          id={`${id}-body`}
          className="input"
          rows={4}
          maxLength={COMMUNITY_LIMITS.bodyMax}
          value={body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
          onChange={(e) => {
            setErrors({ ...errors, body: undefined });
            setBody(e.currentTarget.value);
          }}
        />
        {error('body')}
      </div>
      {video && (live !== null || moment !== null) && (
        <div className="field">
          <label className="cq-moment">
            <input
              type="checkbox"
              checked={moment !== null}
              aria-describedby={errors.video_at_ms ? `${id}-video_at_ms-error` : `${id}-moment-hint`}
              onChange={(e) => {
                setErrors({ ...errors, video_at_ms: undefined });
                setMoment(e.currentTarget.checked ? (live ?? 0) : null);
              }}
            />{' '}
            At {momentLabel(moment ?? live ?? 0)}
          </label>
          <p id={`${id}-moment-hint`} className="text-sm muted cq-hint">
            Points your question to this moment of the clip. Pause the video where you are stuck first.
          </p>
          {error('video_at_ms')}
        </div>
      )}
      <div className="cluster">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? 'Posting...' : 'Post question'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
