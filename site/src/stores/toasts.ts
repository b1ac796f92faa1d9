import { atom } from 'nanostores';

/** At most 5 toasts at once, 5000 ms by default, dismissed by a swipe of 50 px. */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration?: number;
}

export interface Toast {
  id: number;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

/** The toasts on screen, oldest first. The Toaster island renders them and runs their timers. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

/** Shows a toast; the oldest ones go when more than TOAST_LIMIT are on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION,
  };
  $toasts.set([...$toasts.get(), item].slice(-TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function clearToasts(): void {
  $toasts.set([]);
}
