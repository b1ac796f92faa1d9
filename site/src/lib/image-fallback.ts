import { ABSOLUTE, imageUrl, type ImageUrlOptions } from './image-url.ts';

/**
 * Where a failed image tries next (ImageDisplay, the store's images, the debug page). Apart from
 * image-url.ts so pages that only place an image (the cart, avatars) do not load the chain.
 */

/**
 * The other place a resource image may be: the uploads and uploads/resources folders swap;
 * anything else under /uploads/ tries its thumbnail. Null when there is none.
 */
export function alternateImagePath(src: string): string | null {
  const cut = src.search(/[?#]/);
  const path = cut < 0 ? src : src.slice(0, cut);
  const suffix = cut < 0 ? '' : src.slice(cut);
  if (!path.startsWith('/')) return null;
  if (/^\/uploads\/resources\//i.test(path)) return path.replace(/^\/uploads\/resources\//i, '/uploads/') + suffix;
  if (/^\/uploads\/thumbnails\//i.test(path)) return null;
  if (/^\/uploads\/[^/]+$/i.test(path)) return path.replace(/^\/uploads\//i, '/uploads/resources/') + suffix;
  if (/^\/uploads\//i.test(path)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return `/uploads/thumbnails/${name}`;
  }
  return null;
}

export interface FallbackChainOptions extends ImageUrlOptions {
  /** Where the site's files are served from, for the absolute-URL attempt; the page's origin by default. */
  origin?: string;
  /** The last image to try; without one the chain ends and the caller shows nothing. */
  fallbackSrc?: string;
}

/**
 * Every URL an image display tries, in order: the image itself, then an alternate path,
 * then an absolute-URL attempt (the original absolute URL when it was rewritten to a local path,
 * else the path on the site's origin), then the supplied fallback. Duplicates are dropped.
 */
export function imageFallbackChain(src: string | null | undefined, options: FallbackChainOptions = {}): string[] {
  const raw = (src ?? '').trim();
  const chain: string[] = [];
  const add = (candidate: string | null | undefined) => {
    if (candidate && !chain.includes(candidate)) chain.push(candidate);
  };
  if (raw) {
    const primary = imageUrl(raw, { ...options, fallback: '' });
    add(primary);
    if (primary.startsWith('/')) {
      add(alternateImagePath(primary));
      if (ABSOLUTE.test(raw)) add(raw);
      else {
        const origin = options.origin ?? (typeof location === 'undefined' ? undefined : location.origin);
        if (origin) add(new URL(primary, origin).href);
      }
    }
  }
  add(options.fallbackSrc);
  return chain;
}
