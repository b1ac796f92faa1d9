import type { ReactNode } from 'react';
import type { ResourceStatus } from '../../../../worker/src/services/store/views.ts';
import { SELLER_RESOURCE_STATUS, statusBadgeClass } from '../../lib/seller-format.ts';

/** Building blocks of the seller islands (not an island itself). */

const numbers = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return numbers.format(n);
}

export function StatusBadge({ status }: { status: ResourceStatus }) {
  return <span className={statusBadgeClass(status)}>{SELLER_RESOURCE_STATUS[status]}</span>;
}

/** A figure of the seller's summary: its value big, its label and an optional line under it. */
export function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="sl-figure">
      <dt className="sl-figure-label">{label}</dt>
      <dd className="sl-figure-value">{value}</dd>
      {detail !== undefined && <dd className="sl-figure-detail">{detail}</dd>}
    </div>
  );
}

/** A panel with its heading (h2) and an optional link or button beside it. */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="ca-panel sl-panel" aria-labelledby={id}>
      <div className="sl-panel-head">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Previous / Page n of m / Next, shown only when there is more than one page. */
export function Pager({ page, pageCount, onPage, label = 'Pagination' }: { page: number; pageCount: number; onPage: (page: number) => void; label?: string }) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="sl-pager" aria-label={label}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {Math.max(page, pageCount)}
      </span>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
