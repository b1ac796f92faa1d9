import type { ReactNode } from 'react';

/** Building blocks shared by the store's admin islands (not an island itself). */

const numbers = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return numbers.format(n);
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
  /** How many the option holds, when known. */
  count?: number;
}

/** A row of toggle buttons choosing one status (the list's tabs); wraps on a phone. */
export function StatusFilter<V extends string>({ label, options, value, onChange }: { label: string; options: readonly FilterOption<V>[]; value: V; onChange: (value: V) => void }) {
  return (
    <div className="store-filter" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={value === option.value ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined && <span className="store-filter-count">{formatCount(option.count)}</span>}
        </button>
      ))}
    </div>
  );
}

export { Pager } from '../../../components/Pager.tsx';

export interface Figure {
  label: string;
  value: string;
  detail?: string;
  href?: string;
  linkText?: string;
}

/** A grid of figures (the admin dashboard's stat cards). */
export function Figures({ label, figures }: { label: string; figures: readonly Figure[] }) {
  return (
    <ul className="admin-stat-grid" aria-label={label}>
      {figures.map((f) => (
        <li key={f.label} className="admin-stat card">
          <p className="admin-stat-label">{f.label}</p>
          <p className="admin-stat-value">{f.value}</p>
          {f.detail && <p className="admin-stat-detail">{f.detail}</p>}
          {f.href && (
            <a className="admin-stat-link" href={f.href}>
              {f.linkText}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A titled panel of a page. */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card admin-panel store-panel" aria-labelledby={id}>
      <div className="admin-panel-head">
        <h2 id={id} className="admin-section-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
