import { nextImageAttempt, storeImageChain } from '../lib/store-images.ts';

/**
 * The image-load failure rule on the store's pages: an `<img data-fallback>` that fails tries the
 * next URL of its chain (the alternate uploads path, the absolute URL, then the default image of
 * `data-fallback`). No inline handlers (the page's Content-Security-Policy forbids them): the
 * listener is added here, and an image that failed before this ran is caught by its state.
 */
export function repairStoreImages(root: Document | HTMLElement): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-fallback]')) watch(img);
}

function watch(img: HTMLImageElement): void {
  if (img.dataset.fallbackWatched) return;
  img.dataset.fallbackWatched = '';
  let failed = 0;
  let chain: string[] | null = null;
  const onError = () => {
    chain ??= storeImageChain(img.getAttribute('src') ?? '', img.dataset.imageSrc, img.dataset.fallback ?? '', location.origin);
    const next = nextImageAttempt(chain, failed);
    failed += 1;
    if (next) img.src = next;
    else img.removeEventListener('error', onError);
  };
  img.addEventListener('error', onError);
  if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) onError();
}

repairStoreImages(document);
