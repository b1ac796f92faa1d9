/**
 * Where the toasts go (Radix toast conventions: the viewport sits at the bottom right of a
 * desktop and at the top of a phone), and the one exception: a stack of toasts never covers a
 * primary action. When the stack at its usual edge would overlap a visible submit or primary
 * button, it moves to the opposite edge (unless that edge is covered too).
 */

export type ToastEdge = 'top' | 'bottom';

export interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

/** Phones (up to 40rem at the default 16px) take toasts at the top, wider screens at the bottom. */
export const PHONE_QUERY = '(max-width: 40rem)';

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box the stack would take at an edge of a viewport `viewportHeight` tall, `inset` px from it. */
export function stackBoxAt(edge: ToastEdge, stack: Box, viewportHeight: number, inset: number): Box {
  const height = stack.bottom - stack.top;
  return edge === 'top'
    ? { left: stack.left, right: stack.right, top: inset, bottom: inset + height }
    : { left: stack.left, right: stack.right, top: viewportHeight - inset - height, bottom: viewportHeight - inset };
}

/** The edge for the stack: the preferred one unless only the other keeps every obstacle clear. */
export function chooseToastEdge(preferred: ToastEdge, stack: Box, obstacles: readonly Box[], viewportHeight: number, inset: number): ToastEdge {
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
