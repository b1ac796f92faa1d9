import { useId, useRef, type ReactNode } from 'react';
import '../styles/feature-gate.css';
import '../styles/modal-dialog.css';
import { useNativeDialog } from './use-native-dialog.ts';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** 'alertdialog' for a confirmation that interrupts (a cancellation). */
  role?: 'dialog' | 'alertdialog';
  /** While true, Escape does not close it (an action is under way). */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A small modal built on the native <dialog> (the page behind is inert and focus stays inside):
 * Radix's modal locks the page's scroll with an injected <style>, which the pages' CSP refuses
 * (decision 0015; PendingPaymentsDialog and the upgrade dialog do the same). Title and description
 * name it; the children hold its content and buttons.
 */
export default function ModalDialog({ open, onOpenChange, title, description, role = 'dialog', busy = false, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useNativeDialog(ref, open, 'modal-dialog-open');

  return (
    <dialog
      ref={ref}
      className="drx-dialog modal-dialog"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onOpenChange(false);
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="drx-dialog-title">
            {title}
          </h2>
          <p id={descriptionId} className="drx-dialog-description">
            {description}
          </p>
          {children}
        </>
      )}
    </dialog>
  );
}
