import { $toasts, dismissToast, TOAST_SWIPE_THRESHOLD, type Toast } from '../stores/toasts.ts';
import { h } from './dom.ts';

/**
 * Renders the toasts of the store into a list (§9): each stays its duration (paused while
 * hovered or focused), closes with its button or Escape, and a horizontal swipe of
 * TOAST_SWIPE_THRESHOLD px dismisses it. Used by BaseLayout directly and by Toaster.tsx.
 */
export function mountToaster(list: HTMLElement): () => void {
  const shown = new Map<number, { el: HTMLElement; stop: () => void }>();

  const unsubscribe = $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((t) => t.id));
    for (const [id, item] of shown) {
      if (!ids.has(id)) {
        item.stop();
        item.el.remove();
        shown.delete(id);
      }
    }
    for (const t of toasts) {
      if (shown.has(t.id)) continue;
      const item = toastElement(t);
      shown.set(t.id, item);
      list.appendChild(item.el);
    }
  });

  return () => {
    unsubscribe();
    for (const item of shown.values()) item.stop();
  };
}

function toastElement(t: Toast): { el: HTMLElement; stop: () => void } {
  const destructive = t.variant === 'destructive';
  const close = h('button', { type: 'button', className: 'toast-close', 'aria-label': 'Dismiss notification' }, h('span', { 'aria-hidden': 'true' }, '×'));
  const el = h(
    'li',
    {
      className: destructive ? 'toast toast-destructive' : 'toast',
      role: 'status',
      'aria-live': destructive ? 'assertive' : 'polite',
      'aria-atomic': 'true',
      tabindex: '-1',
      'data-swiping': 'false',
    },
    h('div', { className: 'toast-content' }, t.title && h('p', { className: 'toast-title' }, t.title), t.description && h('p', { className: 'toast-description' }, t.description)),
    close,
  );
  const dismiss = () => dismissToast(t.id);
  close.addEventListener('click', dismiss);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') dismiss();
  });

  // The countdown runs only while the toast is neither hovered, focused nor being swiped.
  let remaining = t.duration;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let startedAt = 0;
  const holds = new Set<string>();
  const run = () => {
    if (timer !== undefined || holds.size > 0 || !Number.isFinite(remaining)) return;
    startedAt = Date.now();
    timer = setTimeout(dismiss, Math.max(0, remaining));
  };
  const hold = (reason: string) => {
    holds.add(reason);
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    remaining -= Date.now() - startedAt;
  };
  const release = (reason: string) => {
    holds.delete(reason);
    run();
  };
  el.addEventListener('mouseenter', () => hold('hover'));
  el.addEventListener('mouseleave', () => release('hover'));
  el.addEventListener('focusin', () => hold('focus'));
  el.addEventListener('focusout', () => release('focus'));

  let start: { x: number; pointer: number } | null = null;
  const offset = (dx: number) => {
    el.style.transform = dx ? `translateX(${dx}px)` : '';
    el.style.opacity = dx ? String(Math.max(0.2, 1 - Math.abs(dx) / 200)) : '';
  };
  el.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    start = { x: e.clientX, pointer: e.pointerId };
    el.setPointerCapture?.(e.pointerId);
    el.dataset.swiping = 'true';
    hold('swipe');
  });
  el.addEventListener('pointermove', (e) => {
    if (start?.pointer === e.pointerId) offset(e.clientX - start.x);
  });
  const end = (e: PointerEvent, cancelled: boolean) => {
    if (start?.pointer !== e.pointerId) return;
    const dx = e.clientX - start.x;
    start = null;
    el.dataset.swiping = 'false';
    if (!cancelled && Math.abs(dx) >= TOAST_SWIPE_THRESHOLD) {
      dismiss();
      return;
    }
    offset(0);
    release('swipe');
  };
  el.addEventListener('pointerup', (e) => end(e, false));
  el.addEventListener('pointercancel', (e) => end(e, true));

  run();
  return {
    el,
    stop: () => {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
