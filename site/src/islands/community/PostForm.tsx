import { useId, useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES } from '../../../../shared/community.ts';
import type { WriteResult } from '../../stores/community.ts';

export interface PostFormProps {
  /** The field's label ("Your answer", "Reply to Ana"). */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** A question's edit carries its title too. */
  initialTitle?: string;
  initialBody?: string;
  rows?: number;
  /** The label is read by assistive technology only (a reply box under an answer). */
  hideLabel?: boolean;
  onSubmit: (input: { title?: string; body: string }) => Promise<WriteResult<unknown>>;
  /** Sent: the form empties; an edit closes. */
  onDone?: () => void;
  onCancel?: () => void;
}

/** The field messages a refusal carries, or its message on the form. */
type Errors = { title?: string; body?: string; form?: string };

/** A post's text (and a question's title when editing one): checked here first with the API's own messages. */
export default function PostForm({ label, submitLabel, busyLabel, initialTitle, initialBody = '', rows = 4, hideLabel, onSubmit, onDone, onCancel }: PostFormProps) {
  const id = useId();
  const withTitle = initialTitle !== undefined;
  const [title, setTitle] = useState(initialTitle ?? '');
  const [body, setBody] = useState(initialBody);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (withTitle && title.trim().length < COMMUNITY_LIMITS.titleMin) found.title = COMMUNITY_MESSAGES.TITLE_TOO_SHORT;
    if (!body.trim()) found.body = COMMUNITY_MESSAGES.BODY_EMPTY;
    if (found.title || found.body) {
      setErrors(found);
      return;
    }
    setBusy(true);
    const result = await onSubmit(withTitle ? { title: title.trim(), body: body.trim() } : { body: body.trim() });
    setBusy(false);
    if (result.ok) {
      if (!withTitle && !initialBody) setBody('');
      onDone?.();
      return;
    }
    const v = result.validationErrors;
    setErrors(v?.title || v?.body ? { title: v.title?.[0], body: v.body?.[0] } : { form: result.message });
  }

  return (
    <form className="cq-form" onSubmit={(e) => void submit(e)} noValidate>
      {errors.form && (
        <p className="alert alert-error" role="alert">
          {errors.form}
        </p>
      )}
      {withTitle && (
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            className="input"
            value={title}
            maxLength={COMMUNITY_LIMITS.titleMax}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${id}-title-error` : undefined}
            onChange={(e) => {
              setErrors({ ...errors, title: undefined });
              setTitle(e.currentTarget.value);
            }}
          />
          {errors.title && (
            <p id={`${id}-title-error`} className="field-error" role="alert">
              {errors.title}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-body`} className={hideLabel ? 'visually-hidden' : undefined}>
          {label}
        </label>
        <textarea
          id={`${id}-body`}
          className="input"
          rows={rows}
          maxLength={COMMUNITY_LIMITS.bodyMax}
          value={body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-error` : `${id}-hint`}
          onChange={(e) => {
            setErrors({ ...errors, body: undefined });
            setBody(e.currentTarget.value);
          }}
        />
        {errors.body ? (
          <p id={`${id}-body-error`} className="field-error" role="alert">
            {errors.body}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-sm muted cq-hint">
            Markdown works: **bold**, *italic*, lists and links.
          </p>
        )}
      </div>
      <div className="cluster">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
