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
  /** Classes beside the dialog's own (a wide dialog: 'drx-dialog-wide'). */
  className?: string;
  /** A control beside the title (a Close button), in one bar with it. */
  titleAction?: ReactNode;
  /** The description is for assistive technology only. */
  hideDescription?: boolean;
  /** While the content loads. */
  loading?: boolean;
  children?: ReactNode;
}

/**
 * A small modal built on the native <dialog> (the page behind is inert and focus stays inside):
 * Radix's modal locks the page's scroll with an injected <style>, which the pages' CSP refuses
 * (decision 0015; PendingPaymentsDialog and the upgrade dialog do the same), so every modal of the
 * site is this one. Title and description name it; the children hold its content and buttons.
 */
export default function ModalDialog({ open, onOpenChange, title, description, role = 'dialog', busy = false, className, titleAction, hideDescription, loading, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useNativeDialog(ref, open, 'modal-dialog-open');

  return (
    <dialog
      ref={ref}
      className={className ? `drx-dialog modal-dialog ${className}` : 'drx-dialog modal-dialog'}
      aria-busy={loading || undefined}
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
          {titleAction ? (
            <div className="modal-dialog-bar">
              <h2 id={titleId} className="drx-dialog-title">
                {title}
              </h2>
              {titleAction}
            </div>
          ) : (
            <h2 id={titleId} className="drx-dialog-title">
              {title}
            </h2>
          )}
          <p id={descriptionId} className={hideDescription ? 'visually-hidden' : 'drx-dialog-description'}>
            {description}
          </p>
          {children}
        </>
      )}
    </dialog>
  );
}
