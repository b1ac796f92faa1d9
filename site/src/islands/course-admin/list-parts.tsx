import type { ReactNode } from 'react';
import { TableScrollBox } from '../../components/ResponsiveTable.tsx';
import type { Loadable } from '../../stores/query.ts';
import { LoadingState } from '../admin/AdminStates.tsx';

/** Building blocks of the course administration and instructor list pages. */

interface ListStatesProps {
  state: Loadable<unknown>;
  /** The rows to show; undefined until they have loaded. */
  items: readonly unknown[] | undefined;
  loadingLabel: string;
  /** The text of the empty list. */
  empty: ReactNode;
  /** Offers 'Try again' under the error. */
  onRetry?: () => void;
}

/** The error, loading and empty states of a list; the caller shows the rows when there are some. */
export function ListStates({ state, items, loadingLabel, empty, onRetry }: ListStatesProps) {
  return (
    <>
      {state.status === 'error' &&
        (onRetry ? (
          <div className="alert alert-error" role="alert">
            <p>{state.message}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
              Try again
            </button>
          </div>
        ) : (
          <p className="alert alert-error" role="alert">
            {state.message}
          </p>
        ))}
      {!items && state.status !== 'error' && <LoadingState label={loadingLabel} />}
      {items && items.length === 0 && <p className="ca-empty">{empty}</p>}
    </>
  );
}

interface DataTableProps {
  /** Read by screen readers only. */
  caption?: string;
  columns: readonly string[];
  /** A last column of actions, its heading read by screen readers only. */
  actions?: boolean;
  busy?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A table of rows with its column headings. */
export function DataTable({ caption, columns, actions, busy, children }: DataTableProps) {
  return (
    <TableScrollBox label={caption ?? columns.join(', ')} busy={busy}>
      <table className="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScrollBox>
  );
}
