import { useId, useState, type FormEvent } from 'react';
import { CHOOSE_A_VERDICT, SUMMARY_MAX, type FeedbackDetail, type FeedbackVerdict } from '../../../../shared/practice.ts';
import { verdictLabel } from '../../lib/feedback.ts';
import { countLabel } from '../../lib/plural.ts';
import { sendAnswer } from '../../stores/feedback.ts';
import { formatDateTime } from '../admin/AdminStates.tsx';

/** The instructor's answer: a summary and the verdict, sent once the notes are on the take. */
export function AnswerForm({ detail }: { detail: FeedbackDetail }) {
  const id = useId();
  const [summary, setSummary] = useState('');
  const [verdict, setVerdict] = useState<FeedbackVerdict | null>(null);
  const [errors, setErrors] = useState<{ summary?: string; verdict?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!verdict) {
      setErrors({ verdict: CHOOSE_A_VERDICT });
      return;
    }
    setBusy(true);
    const result = await sendAnswer(detail.id, { summary: summary.trim(), verdict });
    setBusy(false);
    if (!result.ok) {
      const v = result.validationErrors;
      setErrors(v?.summary || v?.verdict ? { summary: v.summary?.[0], verdict: v.verdict?.[0] } : { form: result.message });
    }
  }

  return (
    <form className="card fb-answer" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your answer</h2>
      <p className="text-sm muted">
        {countLabel(detail.notes.length, 'note')} on the take. {detail.learner.name} is told when you send the answer, and sees the notes at their moments.
      </p>
      {errors.form && (
        <p className="alert alert-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-summary`}>Summary</label>
        <textarea
          id={`${id}-summary`}
          className="input"
          rows={4}
          maxLength={SUMMARY_MAX}
          value={summary}
          aria-invalid={errors.summary ? true : undefined}
          aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
          onChange={(e) => {
            setErrors({ ...errors, summary: undefined });
            setSummary(e.currentTarget.value);
          }}
        />
        {errors.summary && (
          <p id={`${id}-summary-error`} className="field-error" role="alert">
            {errors.summary}
          </p>
        )}
      </div>
      <fieldset className="fb-choice" aria-describedby={errors.verdict ? `${id}-verdict-error` : undefined} aria-invalid={errors.verdict ? true : undefined}>
        <legend>Verdict</legend>
        {(['approved', 'try_again'] as const).map((v) => (
          <label key={v} className="fb-chip">
            <input
              type="radio"
              name={`${id}-verdict`}
              checked={verdict === v}
              onChange={() => {
                setErrors({ ...errors, verdict: undefined });
                setVerdict(v);
              }}
            />
            {verdictLabel(v)}
          </label>
        ))}
      </fieldset>
      {errors.verdict && (
        <p id={`${id}-verdict-error`} className="field-error" role="alert">
          {errors.verdict}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send answer'}
        </button>
      </div>
    </form>
  );
}

/** The answer as sent: the verdict, the summary, who answered and when. */
export function AnswerSummary({ detail }: { detail: FeedbackDetail }) {
  return (
    <section className={detail.verdict === 'approved' ? 'card fb-verdict fb-verdict-approved' : 'card fb-verdict'} aria-labelledby="fb-answer-title">
      <h2 id="fb-answer-title" className="cluster">
        Answer <span className={detail.verdict === 'approved' ? 'badge badge-success' : 'badge badge-warning'}>{verdictLabel(detail.verdict)}</span>
      </h2>
      {detail.summary && <p className="fb-note-body">{detail.summary}</p>}
      <p className="text-sm muted">
        {detail.answered_by ? `${detail.answered_by.name}, ` : ''}
        {formatDateTime(detail.answered_at)}
      </p>
    </section>
  );
}
