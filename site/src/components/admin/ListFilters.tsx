import type { ReactNode } from 'react';

/**
 * The fields of an admin list's filter form (role="search"): a labelled search box and a labelled
 * select whose first option shows every row, and the row with the count and Clear filters
 * (FilterSummary). The lists (orders, subscriptions, sellers, resources, Connect) keep their own form.
 */

type SearchFilterProps = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The wrapper's classes; "field" plus the list's layout class. */
  className?: string;
  maxLength?: number;
};

export function SearchFilter({ id, label, placeholder, value, onChange, className = 'field', maxLength }: SearchFilterProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder={placeholder}
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}

type SelectFilterProps<T extends string> = {
  id: string;
  label: string;
  /** The first option's text (its value is ''), e.g. "All statuses". */
  allLabel: string;
  options: readonly T[];
  optionLabel: (value: T) => string;
  value: T | '';
  onChange: (value: T | '') => void;
};

export function SelectFilter<T extends string>({ id, label, allLabel, options, optionLabel, value, onChange }: SelectFilterProps<T>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.currentTarget.value as T | '')}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filter form's last row: how many rows match (read out when it changes), once filtered Clear
 * filters, and the list's further actions (`children`, e.g. its Export CSV).
 */
export function FilterSummary({ count, filtered, onClear, children }: { count: string; filtered: boolean; onClear: () => void; children?: ReactNode }) {
  return (
    <div className="commerce-filter-actions commerce-filter-wide">
      <p className="muted" aria-live="polite">
        {count}
      </p>
      {filtered && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClear}>
          Clear filters
        </button>
      )}
      {children}
    </div>
  );
}
