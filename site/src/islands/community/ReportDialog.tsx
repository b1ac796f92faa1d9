import { useId, useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, COMMUNITY_REPORT_REASON_LABELS, COMMUNITY_REPORT_REASONS, type CommunityReportReason } from '../../../../shared/community.ts';
import ModalDialog from '../../components/ModalDialog.tsx';
import { reportPost } from '../../stores/community.ts';

/** A member's report of a post: a reason (required) and a few words (optional), for the moderators. */
export default function ReportDialog({ postId, what, onClose }: { postId: number; what: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<CommunityReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<{ reason?: string; detail?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason) {
      setError({ reason: COMMUNITY_MESSAGES.CHOOSE_A_REASON });
      return;
    }
    setBusy(true);
    const result = await reportPost(postId, reason, detail);
    setBusy(false);
    if (result.ok) onClose();
    else {
      const v = result.validationErrors;
      setError(v?.reason || v?.detail ? { reason: v.reason?.[0], detail: v.detail?.[0] } : { form: result.message });
    }
  }

  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} title={`Report ${what}?`} description="A moderator reads your report and may hide the post. Its author is not told who reported it." busy={busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        {error.form && (
          <p className="alert alert-error" role="alert">
            {error.form}
          </p>
        )}
        <fieldset className="cq-reasons" aria-describedby={error.reason ? `${id}-reason-error` : undefined}>
          <legend>Reason</legend>
          {COMMUNITY_REPORT_REASONS.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name={`${id}-reason`}
                checked={reason === r}
                onChange={() => {
                  setError({});
                  setReason(r);
                }}
              />{' '}
              {COMMUNITY_REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        {error.reason && (
          <p id={`${id}-reason-error`} className="field-error" role="alert">
            {error.reason}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-detail`}>Anything to add (optional)</label>
          <textarea
            id={`${id}-detail`}
            className="input"
            rows={3}
            maxLength={COMMUNITY_LIMITS.reportDetailMax}
            value={detail}
            aria-invalid={error.detail ? true : undefined}
            aria-describedby={error.detail ? `${id}-detail-error` : undefined}
            onChange={(e) => setDetail(e.currentTarget.value)}
          />
          {error.detail && (
            <p id={`${id}-detail-error`} className="field-error" role="alert">
              {error.detail}
            </p>
          )}
        </div>
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? 'Reporting...' : 'Report'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
