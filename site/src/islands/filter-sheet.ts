import type { ViewSwap } from './view-swap.ts';

/**
 * The filter sheet of a list page on narrow screens (/curriculum; the same sheet and behaviour as
 * /courses' filters, styles/catalog-filters.css): the Filters button opens a modal sheet (a native
 * <dialog>: focus stays inside, Escape closes, focus returns to the button) holding the page's
 * filter fields, moved there from the filter bar and back. Apply shows the view they describe;
 * Close, Escape or the backdrop drops the choices. Returns whether the sheet is open.
 */
export function mountFilterSheet(root: HTMLElement, swap: ViewSwap, parts: { button: string; sheet: string; fields: string }): () => boolean {
  const button = root.querySelector<HTMLButtonElement>(parts.button);
  const sheet = root.querySelector<HTMLDialogElement>(parts.sheet);
  const fields = root.querySelector<HTMLElement>(parts.fields);
  if (!button || !sheet || !fields) return () => false;
  const body = sheet.querySelector<HTMLElement>('[data-sheet-body]')!;
  const home = fields.parentElement!;
  const selects = () => [...fields.querySelectorAll('select')];
  let applying = false;
  let before: string[] = [];

  button.addEventListener('click', () => {
    before = selects().map((s) => s.value);
    body.appendChild(fields);
    sheet.showModal();
    fields.querySelector('select')?.focus();
  });
  sheet.querySelector('[data-sheet-close]')!.addEventListener('click', () => sheet.close());
  sheet.querySelector('[data-sheet-apply]')!.addEventListener('click', () => {
    applying = true;
    sheet.close();
  });
  sheet.addEventListener('click', (e) => {
    if (e.target !== sheet) return;
    const box = sheet.getBoundingClientRect();
    if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) sheet.close();
  });
  sheet.addEventListener('close', () => {
    home.appendChild(fields);
    if (applying) {
      applying = false;
      swap.go(swap.formView());
    } else {
      selects().forEach((s, i) => (s.value = before[i] ?? s.value));
    }
    button.focus();
  });
  // Grown past the phone layout while open: the fields belong in the bar again.
  matchMedia('(min-width: 40rem)').addEventListener('change', (e) => {
    if (e.matches && sheet.open) sheet.close();
  });
  button.disabled = false;
  return () => sheet.open;
}
