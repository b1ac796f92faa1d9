import type { ReactNode } from 'react';
import { Pager as SharedPager } from '../../components/Pager.tsx';
import type { ResourceStatus } from '../../../../shared/store/views.ts';
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

/** The shared pager in the seller area's own style. */
export function Pager(props: { page: number; pageCount: number; onPage: (page: number) => void; label?: string }) {
  return <SharedPager {...props} className="sl-pager" small />;
}
