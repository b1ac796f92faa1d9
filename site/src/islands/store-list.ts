import { parseStoreQuery, storeHref } from '../../../shared/store-query.ts';
import { mountWhenIdle } from './dom.ts';
import { repairStoreImages } from './store-images.ts';
import { mountViewSwap } from './view-swap.ts';

const SEARCH_DELAY_MS = 400;

/**
 * /curriculum (components/store/ResourceListPage.astro): every change shows the view the server
 * renders for it, swapped in place (./view-swap.ts).
 */
function mountStoreList(root: HTMLElement): void {
  mountViewSwap(root, {
    name: 'store',
    path: '/curriculum',
    formHref: (form) => storeHref(parseStoreQuery(new URLSearchParams(new FormData(form) as unknown as Record<string, string>))),
    searchDelayMs: SEARCH_DELAY_MS,
    afterSwap: () => repairStoreImages(root),
  });
  root.dataset.ready = '';
}

mountWhenIdle('[data-island="store-list"]', mountStoreList);
