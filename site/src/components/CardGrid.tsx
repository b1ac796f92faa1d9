import type { CSSProperties, ReactNode } from 'react';

/**
 * The shared card grid of the dashboards (learner, multi-area, and later seller and instructor):
 * as many columns as fit at `minWidth` each (CSS grid auto-fill), one full-width column on a
 * phone, so a card never shrinks below its readable width. A list by default (its children are
 * `<li>`s); `as="div"` for a plain grid. Styles: `.card-grid` in styles/global.css.
 */
export interface CardGridProps {
  children: ReactNode;
  /** The narrowest a card may get before the grid drops a column (any CSS length). */
  minWidth?: string;
  as?: 'ul' | 'ol' | 'div';
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

export default function CardGrid({ children, minWidth = '15rem', as: Tag = 'ul', className, ...aria }: CardGridProps) {
  const style = { '--card-grid-min': minWidth } as CSSProperties;
  return (
    <Tag className={className ? `card-grid ${className}` : 'card-grid'} style={style} {...aria}>
      {children}
    </Tag>
  );
}

/**
 * Two panes side by side on a wide screen (a narrow aside, then the main pane), stacked on a
 * narrow one. Styles: `.split-panes` in styles/global.css.
 */
export function SplitPanes({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="split-panes">
      {aside}
      <div className="split-panes-main">{children}</div>
    </div>
  );
}
