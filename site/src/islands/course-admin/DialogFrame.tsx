import type { ReactNode } from 'react';
import ModalDialog from '../../components/ModalDialog.tsx';
import '../../styles/feature-gate.css';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  /** While a save runs the dialog stays open (no escape). */
  busy?: boolean;
  children: ReactNode;
}

/** A dialog of the course screens: the site's modal (ModalDialog), with its title and description. */
export default function DialogFrame({ open, onOpenChange, title, description, wide, busy, children }: DialogFrameProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}
      busy={busy}
      className={wide ? 'drx-dialog-wide' : undefined}
      title={title}
      description={description ?? title}
      hideDescription={!description}
    >
      {children}
    </ModalDialog>
  );
}
