/**
 * Image URLs (§4, §9): what the server stores becomes what the browser can load, and a failed
 * image has a fixed chain of places to try before its fallback.
 */

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

/** The default images of §3, in site/public/images. */
export const DEFAULT_IMAGES = {
  placeholder: PLACEHOLDER_IMAGE,
  resource: '/images/default-resource.jpg',
  user: '/images/default-user.png',
  seller: '/images/default-seller.png',
  profile: '/images/default-profile.png',
} as const;

export type DefaultImage = keyof typeof DEFAULT_IMAGES;

/** Hosts whose images are used as they are: avatar services, stock photos, video thumbnails. */
export const EXTERNAL_IMAGE_HOSTS = [
  'ui-avatars.com',
  'gravatar.com',
  'www.gravatar.com',
  'secure.gravatar.com',
  'images.unsplash.com',
  'plus.unsplash.com',
  'res.cloudinary.com',
  'i.ytimg.com',
  'img.youtube.com',
  'i.vimeocdn.com',
  'picsum.photos',
  'placehold.co',
  'via.placeholder.com',
  'lh3.googleusercontent.com',
  'avatars.githubusercontent.com',
];

/** Hosts that are DRX itself (besides the page's own): their URLs become local paths. */
export const OWN_HOSTS = ['localhost', '127.0.0.1'];

export interface ImageUrlOptions {
  /** Used when there is no URL at all; the placeholder by default. */
  fallback?: string;
  /** Clock for the thumbnail timestamp (tests). */
  now?: number;
  /** The page's host; `location.hostname` in a browser. */
  currentHost?: string;
  ownHosts?: readonly string[];
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;
const PUBLIC_PREFIX = /^\/?public\//i;

function browserHost(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.hostname;
}

function isExternalImageHost(host: string): boolean {
  const h = host.toLowerCase();
  return EXTERNAL_IMAGE_HOSTS.some((known) => h === known || h.endsWith(`.${known}`)) || h.includes('avatar');
}

function withThumbnailTimestamp(path: string, now: number): string {
  return /\/thumbnails\//i.test(path) && !path.includes('?') ? `${path}?t=${now}` : path;
}

/**
 * The URL to put in an `<img>`:
 * - none → the fallback (the placeholder by default);
 * - data:, blob:, avatar services and known third-party image hosts → unchanged;
 * - absolute URLs of our own hosts, or of any host when the path is under /uploads/ → the local path;
 * - a leading `public/` (the folder, not part of the URL) is stripped; relative paths get a leading '/';
 * - thumbnail paths without a query string get `?t={timestamp}` so a regenerated thumbnail shows.
 */
export function imageUrl(url: string | null | undefined, options: ImageUrlOptions = {}): string {
  const fallback = options.fallback ?? PLACEHOLDER_IMAGE;
  const now = options.now ?? Date.now();
  const raw = (url ?? '').trim();
  if (!raw) return fallback;
  if (/^(data|blob):/i.test(raw)) return raw;

  if (ABSOLUTE.test(raw) || raw.startsWith('//')) {
    let parsed: URL;
    try {
      parsed = new URL(raw.startsWith('//') ? `https:${raw}` : raw);
    } catch {
      return fallback;
    }
    if (!/^https?:$/.test(parsed.protocol)) return fallback;
    if (isExternalImageHost(parsed.hostname)) return raw;
    const own = [...(options.ownHosts ?? OWN_HOSTS), options.currentHost ?? browserHost()].filter(Boolean);
    const isOwn = own.includes(parsed.hostname.toLowerCase());
    const local = parsed.pathname.replace(PUBLIC_PREFIX, '/');
    if (isOwn || local.startsWith('/uploads/')) return withThumbnailTimestamp(local + parsed.search + parsed.hash, now);
    return raw;
  }

  const path = raw.replace(PUBLIC_PREFIX, '/');
  return withThumbnailTimestamp(path.startsWith('/') ? path : `/${path}`, now);
}

/** The default image of a kind of thing (§3): resource, user, seller, profile, or the placeholder. */
export function defaultImage(kind: DefaultImage = 'placeholder'): string {
  return DEFAULT_IMAGES[kind];
}

/**
 * The other place a resource image may be (§4): the uploads and uploads/resources folders swap;
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
 * Every URL an image display tries, in order (§4): the image itself, then an alternate path,
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
