import { catalogHref, parseCatalogQuery } from '../lib/catalog.ts';
import { repairImages } from './course-media.ts';
import { mountWhenIdle } from './dom.ts';
import { mountViewSwap, type ViewSwap } from './view-swap.ts';

const SEARCH_DELAY_MS = 250;

/**
 * /courses (components/CourseCatalog.astro): every change of the search, a filter or the sort, a
 * chip, Clear filters or a page link shows the view the server renders for it, swapped in place
 * (./view-swap.ts). On a phone the filters open in a sheet, where a choice waits for Apply.
 */
function mountCourseCatalog(root: HTMLElement): void {
  const results = () => root.querySelector<HTMLElement>('[data-catalog-swap="results"]');
  let sheetOpen = () => false;
  const swap = mountViewSwap(root, {
    name: 'catalog',
    path: '/courses',
    formHref: (form) => catalogHref({ ...parseCatalogQuery(new URLSearchParams(new FormData(form) as unknown as Record<string, string>)), page: 1 }),
    searchDelayMs: SEARCH_DELAY_MS,
    appliesAtOnce: () => !sheetOpen(),
    afterSwap: (fresh) => {
      const mine = results();
      if (mine) repairImages(mine);
      const badge = root.querySelector<HTMLElement>('[data-filter-count]');
      const freshBadge = fresh.querySelector<HTMLElement>('[data-filter-count]');
      if (badge && freshBadge) {
        badge.hidden = freshBadge.hidden;
        badge.innerHTML = freshBadge.innerHTML;
      }
    },
  });
  sheetOpen = mountFilterSheet(root, swap);
  const shown = results();
  if (shown) repairImages(shown);
  root.dataset.ready = '';
}

/**
 * Narrow screens: the Filters button opens a modal sheet (a native <dialog>: focus stays inside,
 * Escape closes, focus returns to the button) holding the style, level, price and sort fields,
 * moved there from the filter bar and back. Apply shows the view they describe; Close or Escape
 * drops the choices. Returns whether the sheet is open.
 */
function mountFilterSheet(root: HTMLElement, swap: ViewSwap): () => boolean {
  const button = root.querySelector<HTMLButtonElement>('[data-catalog-open-filters]')!;
  const sheet = root.querySelector('#catalog-filter-sheet') as HTMLDialogElement;
  const body = sheet.querySelector<HTMLElement>('[data-sheet-body]')!;
  const fields = root.querySelector<HTMLElement>('[data-catalog-filter-fields]')!;
  const home = fields.parentElement!;
  const selects = () => [...fields.querySelectorAll('select')] as unknown as { value: string; name: string }[];
  let applying = false;
  let before: string[] = [];

  button.addEventListener('click', () => {
    before = selects().map((s) => s.value);
    body.appendChild(fields);
    sheet.showModal();
    (fields.querySelector('select') as unknown as HTMLElement | null)?.focus();
  });
  sheet.querySelector('[data-sheet-close]')!.addEventListener('click', () => sheet.close());
  sheet.querySelector('[data-sheet-apply]')!.addEventListener('click', () => {
    applying = true;
    sheet.close();
  });
  // A click on the backdrop (outside the sheet's box) closes it like Close.
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
      // The choices made in the sheet are dropped.
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

mountWhenIdle('[data-island="course-catalog"]', mountCourseCatalog);
