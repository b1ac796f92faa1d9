import { createRoot, type Root } from 'react-dom/client';
import CartDropdown from './CartDropdown.tsx';

const roots = new WeakMap<HTMLElement, Root>();

/**
 * Replaces the header's static cart button with the React dropdown (its own button, the same
 * look) and opens it. Mounted once per slot; a later click is the React button's own.
 */
export function mountCartDropdown(slot: HTMLElement): void {
  if (roots.has(slot)) return;
  const root = createRoot(slot);
  roots.set(slot, root);
  root.render(<CartDropdown initialOpen />);
}
