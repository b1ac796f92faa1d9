import type { ReactNode } from 'react';
import { DollarsField } from '../../components/admin/DollarsField.tsx';
import { formatCents } from '../../lib/currency.ts';
import { ConfirmDialog } from './AdminStates.tsx';

/**
 * The pieces the admin refund forms share (an order's at /admin/orders/{id}, a subscription
 * invoice's at /admin/subscriptions/{id}): the titled panel, the form that checks before it asks
 * for confirmation, the amount field, the error line, the submit button and the confirmation.
 */

/** The card titled "Refund" that holds the form or says why there is nothing to refund. */
export function RefundPanel({ headingId, children }: { headingId: string; children: ReactNode }) {
  return (
    <section className="card admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        Refund
      </h2>
      {children}
    </section>
  );
}

/** The form: on submit it shows the first problem `check` finds, or opens the confirmation. */
export function RefundCheckForm({
  check,
  onProblem,
  onConfirm,
  children,
}: {
  check: () => string | null;
  onProblem: (problem: string | null) => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = check();
        onProblem(problem);
        if (!problem) onConfirm();
      }}
    >
      {children}
    </form>
  );
}

/** "Amount to refund (USD)", in dollars. */
export function RefundAmountField(props: { value: string; hint: string; required?: boolean; placeholder?: string; onChange: (value: string) => void }) {
  return <DollarsField label="Amount to refund (USD)" {...props} />;
}

export function RefundError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  );
}

/** The form's last row: Refund, or what is under way while the refund is sent. */
export function RefundSubmit({ pending, pendingLabel }: { pending: boolean; pendingLabel: string }) {
  return (
    <div>
      <button type="submit" className="btn btn-danger" disabled={pending}>
        {pending ? pendingLabel : 'Refund'}
      </button>
    </div>
  );
}

/** "Refund $X to <name>?": says what will happen before anything is sent; `onConfirm` sends it. */
export function RefundConfirmDialog({
  open,
  onOpenChange,
  amountCents,
  to,
  description,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amountCents: number;
  to: string;
  description: string;
  onConfirm: () => Promise<boolean>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Refund ${formatCents(amountCents)} to ${to}?`}
      description={description}
      confirmLabel="Confirm refund"
      destructive
      onConfirm={onConfirm}
    />
  );
}
