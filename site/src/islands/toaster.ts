import { $toasts, dismissToast, TOAST_SWIPE_THRESHOLD, type Toast } from '../stores/toasts.ts';
import { h } from './dom.ts';
import { chooseToastEdge, PHONE_QUERY, PREFERRED_EDGE, PRIMARY_ACTION_SELECTOR, type Box } from './toast-placement.ts';

/**
 * Renders the toasts of the store into a list: each stays its duration (paused while
 * hovered or focused), closes with its button or Escape, and a horizontal swipe of
 * TOAST_SWIPE_THRESHOLD px dismisses it. F8 moves focus to the list, as Radix's viewport does.
 * The list sits at the bottom (right of a desktop, full width of a phone), and moves to the top,
 * below the sticky header, while it would cover a primary action (./toast-placement.ts). Used by BaseLayout directly
 * and by Toaster.tsx.
 */
export function mountToaster(list: HTMLElement): () => void {
  const shown = new Map<number, { el: HTMLElement; stop: () => void }>();
  const placement = placeToasts(list);

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
    placement.update(toasts.length > 0);
  });

  const onKeydown = (e: KeyboardEvent) => {
    if (e.key === 'F8' && list.childElementCount > 0) {
      e.preventDefault();
      list.focus();
    }
  };
  document.addEventListener('keydown', onKeydown);

  return () => {
    unsubscribe();
    placement.stop();
    document.removeEventListener('keydown', onKeydown);
    for (const item of shown.values()) item.stop();
  };
}

/** Keeps `data-edge` on the list: the usual edge, or the other one while a primary action is under it. */
function placeToasts(list: HTMLElement): { update: (active: boolean) => void; stop: () => void } {
  const phone = window.matchMedia(PHONE_QUERY);
  let listening = false;
  let frame = 0;

  const place = () => {
    frame = 0;
    const preferred = PREFERRED_EDGE;
    const toasts = Array.from(list.children, (el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
    if (toasts.length === 0) {
      list.dataset.edge = preferred;
      return;
    }
    const stack: Box = {
      top: Math.min(...toasts.map((r) => r.top)),
      bottom: Math.max(...toasts.map((r) => r.bottom)),
      left: Math.min(...toasts.map((r) => r.left)),
      right: Math.max(...toasts.map((r) => r.right)),
    };
    const height = window.innerHeight;
    const obstacles = Array.from(document.querySelectorAll<HTMLElement>(PRIMARY_ACTION_SELECTOR))
      .filter((el) => !list.contains(el))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < height);
    // The stack's own padding, and at the top the header above it (the list's top offset in CSS).
    const style = getComputedStyle(list);
    const pad = (side: 'Top' | 'Bottom') => parseFloat(style[`padding${side}`]) || 0;
    const header = Math.max(0, document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0);
    list.style.setProperty('--toaster-top', `${header}px`);
    const inset = { top: header + pad('Top'), bottom: pad('Bottom') };
    list.dataset.edge = chooseToastEdge(preferred, stack, obstacles, height, inset);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };
  const listen = (on: boolean) => {
    if (on === listening) return;
    listening = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('scroll', schedule, { passive: true, capture: true } as AddEventListenerOptions);
    window[method]('resize', schedule);
    document[method]('focusin', schedule);
  };

  list.dataset.edge = PREFERRED_EDGE;
  phone.addEventListener('change', schedule);
  return {
    update: (active) => {
      listen(active);
      schedule();
    },
    stop: () => {
      listen(false);
      phone.removeEventListener('change', schedule);
      if (frame) cancelAnimationFrame(frame);
    },
  };
}

function toastElement(t: Toast): { el: HTMLElement; stop: () => void } {
  const destructive = t.variant === 'destructive';
  const close = h('button', { type: 'button', className: 'toast-close', 'aria-label': 'Dismiss notification' }, h('span', { 'aria-hidden': 'true' }, '×'));
  // Each toast is its own status region (not a list item: a role on an <li> breaks its list).
  const el = h(
    'div',
    {
      className: destructive ? 'toast toast-destructive' : 'toast',
      role: 'status',
      'aria-live': destructive ? 'assertive' : 'polite',
      'aria-atomic': 'true',
      tabindex: '-1',
      'data-swiping': 'false',
    },
    h(
      'div',
      { className: 'toast-content' },
      t.title && h('p', { className: 'toast-title' }, t.title),
      t.description && h('p', { className: 'toast-description' }, t.description),
    ),
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
