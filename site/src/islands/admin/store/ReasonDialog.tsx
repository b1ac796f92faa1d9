import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { decisionReasonSchema, REASON_MAX } from '../../../../../worker/src/schemas/sellers.ts';
import type { rejectResourceSchema } from '../../../../../worker/src/schemas/store.ts';
import FormField from '../../../components/FormField.tsx';
import ModalDialog from '../../../components/ModalDialog.tsx';
import type { ChangeResult } from '../../../stores/admin-store.ts';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens and who reads the reason. */
  description: string;
  label?: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The API's schema of the reason (a seller decision's by default). */
  schema?: typeof decisionReasonSchema | typeof rejectResourceSchema;
  /** Sends the decision; the dialog closes when it succeeded and shows the API's field error otherwise. */
  onSubmit: (reason: string) => Promise<ChangeResult>;
}

type ReasonForm = { reason: string };

/**
 * A decision that needs a reason the other side reads (rejecting a resource or an application,
 * suspending a seller): the site's modal (ModalDialog), the API's own schema for the field.
 */
export default function ReasonDialog({ open, onOpenChange, title, description, label = 'Reason', confirmLabel, destructive, schema = decisionReasonSchema, onSubmit }: ReasonDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReasonForm>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });

  const submit = handleSubmit(async ({ reason }) => {
    const result = await onSubmit(reason);
    if (result.ok) {
      reset({ reason: '' });
      onOpenChange(false);
    } else {
      setError('reason', { message: result.validationErrors?.reason?.[0] ?? result.message });
    }
  });

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset({ reason: '' });
        onOpenChange(next);
      }}
      busy={isSubmitting}
      className="store-reason-dialog"
      title={title}
      description={description}
    >
      <form className="stack-sm" noValidate onSubmit={(e) => void submit(e)}>
        <FormField label={label} error={errors.reason?.message} required hint={`Up to ${REASON_MAX} characters.`}>
          <textarea className="input" rows={4} maxLength={REASON_MAX} {...register('reason')} />
        </FormField>
        <div className="drx-dialog-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={isSubmitting}
            onClick={() => {
              reset({ reason: '' });
              onOpenChange(false);
            }}
          >
            Cancel
          </button>
          <button type="submit" className={destructive ? 'btn btn-danger' : 'btn btn-primary'} disabled={isSubmitting}>
            {isSubmitting ? 'Working...' : confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
