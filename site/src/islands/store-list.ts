import { parseStoreQuery, storeHref } from '../../../shared/store-query.ts';
import { mountWhenIdle } from './dom.ts';
import { mountFilterSheet } from './filter-sheet.ts';
import { repairStoreImages } from './store-images.ts';
import { mountViewSwap } from './view-swap.ts';

const SEARCH_DELAY_MS = 400;

/**
 * /curriculum (components/store/ResourceListPage.astro): every change shows the view the server
 * renders for it, swapped in place (./view-swap.ts), and the facets take that view's counts (each
 * narrowed by the other filters). On a phone the filters open in a sheet, where a choice waits for
 * Apply (./filter-sheet.ts).
 */
function mountStoreList(root: HTMLElement): void {
  let sheetOpen = () => false;
  const swap = mountViewSwap(root, {
    name: 'store',
    path: '/curriculum',
    formHref: (form) => storeHref(parseStoreQuery(new URLSearchParams(new FormData(form) as unknown as Record<string, string>))),
    searchDelayMs: SEARCH_DELAY_MS,
    appliesAtOnce: () => !sheetOpen(),
    afterSwap: (fresh) => {
      repairStoreImages(root);
      takeCounts(root, fresh);
    },
  });
  sheetOpen = mountFilterSheet(root, swap, { button: '[data-store-open-filters]', sheet: '#store-filter-sheet', fields: '[data-store-filter-fields]' });
  root.dataset.ready = '';
}

/** The options' labels (with their counts), which are open, and the active-filter badge, from the view shown. */
function takeCounts(root: HTMLElement, fresh: Document): void {
  type Option = HTMLElement & { disabled: boolean };
  for (const select of root.querySelectorAll('select[data-facet]')) {
    const mine = [...select.querySelectorAll('option')] as unknown as Option[];
    const theirs = [...(fresh.querySelector(`select[name="${select.getAttribute('name')}"]`)?.querySelectorAll('option') ?? [])] as unknown as Option[];
    if (theirs.length !== mine.length) continue;
    theirs.forEach((o, i) => {
      mine[i]!.textContent = o.textContent;
      mine[i]!.disabled = o.disabled;
    });
  }
  const badge = root.querySelector<HTMLElement>('[data-store-open-filters] .badge');
  const freshBadge = fresh.querySelector<HTMLElement>('[data-store-open-filters] .badge');
  if (badge && freshBadge) {
    badge.hidden = freshBadge.hidden;
    badge.innerHTML = freshBadge.innerHTML;
  }
}

mountWhenIdle('[data-island="store-list"]', mountStoreList);
