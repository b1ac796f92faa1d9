import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import '../../styles/feature-gate.css';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  /** While a save runs the dialog stays open (no escape, no outside click). */
  busy?: boolean;
  children: ReactNode;
}

/** A dialog of the course screens: Radix's focus handling, title and description. */
export default function DialogFrame({ open, onOpenChange, title, description, wide, busy, children }: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="drx-dialog-overlay" />
        <Dialog.Content className={wide ? 'drx-dialog drx-dialog-wide' : 'drx-dialog'}>
          <Dialog.Title className="drx-dialog-title">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="drx-dialog-description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
