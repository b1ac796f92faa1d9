import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { renderDescription } from '../../lib/seller-markdown.ts';

interface MarkdownProps {
  label: string;
  hint?: string;
  error?: string;
  /** The current text (for the preview). */
  value: string;
  /** The textarea's registration with the form. */
  field: UseFormRegisterReturn;
}

/** A markdown field with Write and Preview: the preview is rendered as the store page will show it. */
export default function Markdown({ label, hint, error, value, field }: MarkdownProps) {
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (mode !== 'preview') return;
    let live = true;
    setHtml(null);
    void renderDescription(value).then((rendered) => {
      if (live) setHtml(rendered);
    });
    return () => {
      live = false;
    };
  }, [mode, value]);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={`${id}-text`} className="required">
        {label}
      </label>
      <div className="sl-tabs" role="group" aria-label={`${label}: write or preview`}>
        <button type="button" className={mode === 'write' ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'} aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
          Write
        </button>
        <button type="button" className={mode === 'preview' ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'} aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>
          Preview
        </button>
      </div>
      <textarea id={`${id}-text`} rows={10} hidden={mode !== 'write'} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-required {...field} />
      {mode === 'preview' && (
        <div className="sl-preview prose" aria-live="polite" aria-label={`${label} preview`} role="region">
          {html === null ? (
            <p className="muted">Rendering...</p>
          ) : value.trim() === '' ? (
            <p className="muted">Nothing to preview yet.</p>
          ) : (
            // markdown-it with HTML off: raw HTML in the text is escaped, links are checked (seller-markdown.ts).
            <div dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </div>
      )}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
