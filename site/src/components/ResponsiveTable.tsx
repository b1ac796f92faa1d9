import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * The shared table of the signed-in areas. A table keeps its columns while it has room; when its
 * box is narrower than 40rem (a phone, or a page beside a sidebar) the `stack` layout turns each
 * row into a card of "label: value" lines (labels from the column headings, the row header as the
 * card's title), and the `scroll` layout keeps the columns and scrolls sideways inside its own
 * box, which then becomes a focusable, labelled region so keyboard users can scroll it too.
 * Styles: `.rtable*` in styles/global.css (container queries on the box, not the viewport).
 */

export interface TableColumn<Row> {
  /** The column heading, and the label of its value in a stacked card. */
  header: string;
  /** The heading is read by screen readers only (an Actions column); no label in a stacked card. */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row: a row header, and the title of its stacked card. */
  rowHeader?: boolean;
  /** Numbers align to the end. */
  align?: 'start' | 'end';
}

export type TableLayout = 'stack' | 'scroll';

export interface ResponsiveTableProps<Row> {
  /** Names the table (a visually hidden caption unless `showCaption`) and its scroll region. */
  caption: string;
  showCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  layout?: TableLayout;
  /** The rows are being refreshed. */
  busy?: boolean;
}

/** True while the element's content is wider than its box (it can be scrolled sideways). */
export function useOverflowsX<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}

/**
 * The scroll box alone, for tables written out by hand (children): it scrolls sideways inside
 * itself and becomes a focusable, labelled region only while it actually overflows.
 */
export function TableScrollBox({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  const [box, overflows] = useOverflowsX<HTMLDivElement>();
  return (
    <div
      ref={box}
      className="table-wrap"
      aria-busy={busy || undefined}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
    >
      {children}
    </div>
  );
}

export default function ResponsiveTable<Row>({ caption, showCaption, columns, rows, rowKey, layout = 'stack', busy }: ResponsiveTableProps<Row>) {
  const [box, overflows] = useOverflowsX<HTMLDivElement>();
  // Cells shown as blocks lose their table semantics in some browsers: say them explicitly.
  const stack = layout === 'stack';
  const role = (name: string) => (stack ? name : undefined);
  return (
    <div
      ref={box}
      className="rtable-wrap"
      data-layout={layout}
      aria-busy={busy || undefined}
      {...(overflows
        ? {
            tabIndex: 0,
            role: 'region',
            'aria-label': `${caption} (scrolls sideways)`,
          }
        : {})}
    >
      <table className="table rtable" role={role('table')}>
        <caption className={showCaption ? 'rtable-caption' : 'visually-hidden'}>{caption}</caption>
        <thead role={role('rowgroup')}>
          <tr role={role('row')}>
            {columns.map((column) => (
              <th key={column.header} scope="col" role={role('columnheader')} className={column.align === 'end' ? 'rtable-end' : undefined}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>
          {rows.map((row) => (
            <tr key={rowKey(row)} role={role('row')}>
              {columns.map((column) => {
                const className = [column.align === 'end' && 'rtable-end', column.hideHeader && 'rtable-actions'].filter(Boolean).join(' ') || undefined;
                return column.rowHeader ? (
                  <th key={column.header} scope="row" role={role('rowheader')} className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} role={role('cell')} className={className} data-label={column.hideHeader ? undefined : column.header}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
