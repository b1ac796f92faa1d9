/**
 * Resource and seller pictures on the store's pages: the image-load failure chain and the default images.
 * The server renders the first URL; when it fails, the page script (islands/store-images.ts)
 * walks the rest of the chain: the alternate path (a resource image swaps between /uploads/ and
 * /uploads/resources/), then the absolute-URL attempt, then the default image. Pure.
 */
import { imageFallbackChain } from './image-fallback.ts';
import { DEFAULT_IMAGES, imageUrl } from './image-url.ts';

export const DEFAULT_RESOURCE_IMAGE = DEFAULT_IMAGES.resource;
export const DEFAULT_SELLER_IMAGE = DEFAULT_IMAGES.seller;

/** What an `<img>` of the store carries: its first source and what the script needs to go on. */
export interface StoreImage {
  src: string;
  /** The default image: the last step of the chain (`data-fallback`). */
  fallback: string;
  /** The stored URL when it differs from `src` (`data-image-src`), for the absolute-URL attempt. */
  original: string | undefined;
}

/** The first URL to show for a stored image URL (or the default when there is none). */
export function storeImage(stored: string | null | undefined, fallback: string = DEFAULT_RESOURCE_IMAGE, now?: number): StoreImage {
  const raw = (stored ?? '').trim();
  const src = imageUrl(raw, { fallback, now });
  return { src, fallback, original: raw && raw !== src ? raw : undefined };
}

/**
 * Every URL to try for an image, in order. `current` is the `src` the server rendered, `stored`
 * the URL as stored (when it differs), `fallback` the default image, `origin` the page's.
 */
export function storeImageChain(current: string, stored: string | undefined, fallback: string, origin: string): string[] {
  const chain = imageFallbackChain(stored ?? current, { origin, fallbackSrc: fallback });
  // The server's own first URL leads (a thumbnail's may carry another timestamp than ours).
  const rest = chain[0] !== undefined && sameImage(chain[0], current) ? chain.slice(1) : chain;
  return [current, ...rest.filter((url) => url !== current)];
}

/** The same path, whatever the query (a thumbnail's timestamp). */
function sameImage(a: string, b: string): boolean {
  return a.split('?')[0] === b.split('?')[0];
}

/** The URL to try after `failed` attempts (0: the first URL failed), or null when the chain is spent. */
export function nextImageAttempt(chain: readonly string[], failed: number): string | null {
  return chain[failed + 1] ?? null;
}
