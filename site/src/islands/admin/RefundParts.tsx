import type { ReactNode } from 'react';
import FormField from '../../components/FormField.tsx';

/**
 * The pieces the admin refund forms share (an order's at /admin/orders/{id}, a subscription
 * invoice's at /admin/subscriptions/{id}): the titled panel, the form that checks before it asks
 * for confirmation, the amount field and the error line.
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

/** "Amount to refund (USD)": dollars typed; each change clears the form's error. */
export function RefundAmountField({
  value,
  hint,
  required,
  placeholder,
  onChange,
}: {
  value: string;
  hint: string;
  required?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label="Amount to refund (USD)" hint={hint} required={required}>
      <input
        className="input commerce-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormField>
  );
}

export function RefundError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  );
}
