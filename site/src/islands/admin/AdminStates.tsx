import { cloneElement, isValidElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import ModalDialog from '../../components/ModalDialog.tsx';
import ResponsiveTable, { type ResponsiveTableProps } from '../../components/ResponsiveTable.tsx';

/** Building blocks shared by the admin islands (not an island itself). */

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-error admin-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** One figure of an admin dashboard (in an admin-stat-grid list): its label, value, a line under it and a link into its area. */
export function StatCard({ label, value, detail, href, linkText }: { label: string; value: string; detail?: string; href?: string; linkText?: string }) {
  return (
    <li className="admin-stat card">
      <p className="admin-stat-label">{label}</p>
      <p className="admin-stat-value">{value}</p>
      {detail && <p className="admin-stat-detail">{detail}</p>}
      {href && (
        <a className="admin-stat-link" href={href}>
          {linkText}
        </a>
      )}
    </li>
  );
}

/**
 * A list's table and its states: the error (with Try again), loading until the first answer, the
 * empty message, else the table (busy while another page or filter loads).
 */
export function ListTable<Row>({ error, onRetry, loadingLabel, empty, rows, ...table }: Omit<ResponsiveTableProps<Row>, 'rows'> & {
  /** The failure's message, when the list failed to load. */
  error?: string;
  onRetry: () => void;
  loadingLabel: string;
  empty: ReactNode;
  /** The loaded rows; undefined until the first answer. */
  rows: Row[] | undefined;
}) {
  return (
    <>
      {error !== undefined && <ErrorState message={error} onRetry={onRetry} />}
      {!rows && error === undefined && <LoadingState label={loadingLabel} />}
      {rows && (rows.length === 0 ? <p className="admin-empty table-wrap">{empty}</p> : <ResponsiveTable rows={rows} {...table} />)}
    </>
  );
}

export interface ConfirmDialogProps {
  /** The element that opens the dialog (a button). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Resolves true when the change succeeded; the dialog then closes. */
  onConfirm: () => Promise<boolean> | boolean;
}

/** A confirmation: the site's modal (ModalDialog) as an alert dialog; `trigger` opens it. */
export function ConfirmDialog({ trigger, open, onOpenChange, title, description, confirmLabel, destructive, onConfirm }: ConfirmDialogProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (busy) return;
    setInnerOpen(next);
    onOpenChange?.(next);
  };

  async function confirm() {
    setBusy(true);
    try {
      const ok = await onConfirm();
      if (ok) {
        setInnerOpen(false);
        onOpenChange?.(false);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {isValidElement(trigger) && cloneElement(trigger as ReactElement<{ onClick?: (e: MouseEvent) => void }>, { onClick: () => setOpen(true) })}
      <ModalDialog open={isOpen} onOpenChange={setOpen} role="alertdialog" busy={busy} title={title} description={description}>
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button" className={destructive ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Working...' : confirmLabel}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Dates arrive as UTC strings (ISO or SQLite's 'YYYY-MM-DD HH:MM:SS'); shown in the viewer's zone. */
export function parseUtc(value: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? value.replace(' ', 'T') + 'Z' : value;
  return new Date(iso);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseUtc(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseUtc(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
