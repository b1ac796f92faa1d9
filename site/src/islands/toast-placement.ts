/**
 * Where the toasts go: at the bottom (the right of a desktop, the full width of a phone, above the
 * phone's safe area), and the one exception: a stack of toasts never covers a primary action.
 * When the stack at the bottom would overlap a visible submit or primary button, it moves to the
 * top, below the sticky header (never over it), unless the top is covered too.
 */

export type ToastEdge = 'top' | 'bottom';

export interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

/** Phones (up to 40rem at the default 16px): the stack takes the full width. */
export const PHONE_QUERY = '(max-width: 40rem)';

/** Where the stack usually goes, on every screen. */
export const PREFERRED_EDGE: ToastEdge = 'bottom';

/** The stack's distance from each edge of the viewport: one number, or the top (below the header) and the bottom apart. */
export type Insets = number | { top: number; bottom: number };

const insetAt = (edge: ToastEdge, inset: Insets) => (typeof inset === 'number' ? inset : inset[edge]);

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box the stack would take at an edge of a viewport `viewportHeight` tall, `inset` px from it. */
export function stackBoxAt(edge: ToastEdge, stack: Box, viewportHeight: number, inset: Insets): Box {
  const height = stack.bottom - stack.top;
  const from = insetAt(edge, inset);
  return edge === 'top'
    ? { left: stack.left, right: stack.right, top: from, bottom: from + height }
    : { left: stack.left, right: stack.right, top: viewportHeight - from - height, bottom: viewportHeight - from };
}

/** The edge for the stack: the preferred one unless only the other keeps every obstacle clear. */
export function chooseToastEdge(preferred: ToastEdge, stack: Box, obstacles: readonly Box[], viewportHeight: number, inset: Insets): ToastEdge {
  const clear = (edge: ToastEdge) => {
    const box = stackBoxAt(edge, stack, viewportHeight, inset);
    return !obstacles.some((o) => intersects(box, o));
  };
  if (clear(preferred)) return preferred;
  const other: ToastEdge = preferred === 'top' ? 'bottom' : 'top';
  return clear(other) ? other : preferred;
}

/** What counts as a primary action a toast must not cover. */
export const PRIMARY_ACTION_SELECTOR = 'button[type="submit"], input[type="submit"], .btn-primary, [data-primary-action]';
