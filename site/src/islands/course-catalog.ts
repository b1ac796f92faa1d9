import { catalogHref, parseCatalogQuery } from '../lib/catalog.ts';
import { repairImages } from './course-media.ts';
import { mountWhenIdle } from './dom.ts';
import { mountFilterSheet } from './filter-sheet.ts';
import { mountViewSwap } from './view-swap.ts';

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
  // On a phone the filters open in the sheet (./filter-sheet.ts), where a choice waits for Apply.
  sheetOpen = mountFilterSheet(root, swap, { button: '[data-catalog-open-filters]', sheet: '#catalog-filter-sheet', fields: '[data-catalog-filter-fields]' });
  const shown = results();
  if (shown) repairImages(shown);
  root.dataset.ready = '';
}

mountWhenIdle('[data-island="course-catalog"]', mountCourseCatalog);
