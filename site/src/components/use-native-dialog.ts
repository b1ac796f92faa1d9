import { useEffect, type RefObject } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with `open` (the page behind is inert, focus stays
 * inside; decision 0015's reason for not using Radix's modal), and marks the page's root with
 * `openClass` while it is open so the page's own styles can follow.
 */
export function useNativeDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, openClass: string): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    const root = document.documentElement;
    root.classList.toggle(openClass, open);
    return () => root.classList.remove(openClass);
  }, [ref, open, openClass]);
}
