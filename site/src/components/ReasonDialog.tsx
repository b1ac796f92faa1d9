import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ValidationErrors } from '../lib/api.ts';
import ModalDialog from './ModalDialog.tsx';

export type ReasonResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

export interface ReasonDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** The field's label, e.g. 'Reason (sent to both)'. */
  label: string;
  /** Shown when the reason is left empty (nothing is sent). */
  requiredMessage: string;
  /** The textarea's classes beside 'input'. */
  inputClass: string;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  /** The action, given the reason as typed; a refusal shows the reason field's error or the message. */
  onConfirm: (reason: string) => Promise<ReasonResult>;
  onClose: () => void;
}

/**
 * A destructive confirmation that asks for a reason (an admin's cancellation or suspension, an
 * instructor's decline): an alert dialog with one required textarea, the error under it, and
 * Keep / confirm buttons. Closes when the action succeeds.
 */
export default function ReasonDialog({ title, description, label, requiredMessage, inputClass, keepLabel, confirmLabel, busyLabel, onConfirm, onClose }: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    const result = await onConfirm(reason);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.validationErrors?.reason?.[0] ?? result.message);
  }
  return (
    <ModalDialog open role="alertdialog" onOpenChange={(open) => !open && onClose()} title={title} description={description} busy={busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-stack">
        <div className="field">
          <label htmlFor={`${id}-reason`}>{label}</label>
          <textarea
            id={`${id}-reason`}
            className={`input ${inputClass}`}
            value={reason}
            maxLength={500}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {keepLabel}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
