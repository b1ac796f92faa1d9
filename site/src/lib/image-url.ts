/**
 * Image URLs: what the server stores becomes what the browser can load, and a failed
 * image has a fixed chain of places to try before its fallback.
 */

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

/** The default image of each kind of thing, in site/public/images. */
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

/** A URL with a scheme (`https://…`). */
export const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;
const PUBLIC_PREFIX = /^\/?public\//i;

function browserHost(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.hostname;
}

function isExternalImageHost(host: string): boolean {
  const h = host.toLowerCase();
  return EXTERNAL_IMAGE_HOSTS.some((known) => h === known || h.endsWith(`.${known}`)) || h.includes('avatar');
}

/** What the steps know besides the URL: the fallback, the clock and our own hosts. */
interface StepContext {
  fallback: string;
  now: number;
  ownHosts: string[];
}

/** The URL between two steps; `parsed` while it is still an absolute web URL; `done` ends the walk. */
interface Working {
  url: string;
  parsed: URL | null;
  done: boolean;
}

/**
 * One rule of the helper. `apply` answers the URL after the rule and whether the rule applied
 * (settling a URL unchanged counts: "stays unchanged" is the rule); null: not applied, unchanged.
 */
interface StepRule {
  id: ImageUrlStepId;
  apply: (w: Working, ctx: StepContext) => { next: Working; applied: boolean } | null;
}

const applied = (next: Working) => ({ next, applied: true });

export type ImageUrlStepId =
  | 'empty'
  | 'inline'
  | 'scheme'
  | 'third-party'
  | 'own-host'
  | 'public-prefix'
  | 'leading-slash'
  | 'thumbnail-timestamp';

/** The rules in the order the helper applies them. */
const STEP_RULES: readonly StepRule[] = [
  {
    id: 'empty',
    apply: (w, ctx) => (w.url ? null : applied({ url: ctx.fallback, parsed: null, done: true })),
  },
  {
    id: 'inline',
    apply: (w) => (/^(data|blob):/i.test(w.url) ? applied({ ...w, done: true }) : null),
  },
  {
    id: 'scheme',
    apply: (w, ctx) => {
      if (!(ABSOLUTE.test(w.url) || w.url.startsWith('//'))) return null;
      let parsed: URL;
      try {
        parsed = new URL(w.url.startsWith('//') ? `https:${w.url}` : w.url);
      } catch {
        return applied({ url: ctx.fallback, parsed: null, done: true });
      }
      if (!/^https?:$/.test(parsed.protocol)) return applied({ url: ctx.fallback, parsed: null, done: true });
      // A web address passes unchanged to the next rules, which read it parsed.
      return { next: { ...w, parsed }, applied: false };
    },
  },
  {
    id: 'third-party',
    apply: (w) => (w.parsed && isExternalImageHost(w.parsed.hostname) ? applied({ ...w, done: true }) : null),
  },
  {
    id: 'own-host',
    apply: (w, ctx) => {
      const parsed = w.parsed;
      if (!parsed) return null;
      const isOwn = ctx.ownHosts.includes(parsed.hostname.toLowerCase());
      if (isOwn || parsed.pathname.replace(PUBLIC_PREFIX, '/').startsWith('/uploads/')) {
        return applied({ url: parsed.pathname + parsed.search + parsed.hash, parsed: null, done: false });
      }
      // Another site's address: used as it is; the path rules below are not for it.
      return { next: { ...w, done: true }, applied: false };
    },
  },
  {
    id: 'public-prefix',
    apply: (w) => (PUBLIC_PREFIX.test(w.url) ? applied({ ...w, url: w.url.replace(PUBLIC_PREFIX, '/') }) : null),
  },
  {
    id: 'leading-slash',
    apply: (w) => (w.url.startsWith('/') ? null : applied({ ...w, url: `/${w.url}` })),
  },
  {
    id: 'thumbnail-timestamp',
    apply: (w, ctx) => (/\/thumbnails\//i.test(w.url) && !w.url.includes('?') ? applied({ ...w, url: `${w.url}?t=${ctx.now}` }) : null),
  },
];

/** One step of the helper applied to a URL: `reached` is false once an earlier step settled the URL. */
export interface ImageUrlStepWalked {
  id: ImageUrlStepId;
  before: string;
  after: string;
  reached: boolean;
  applied: boolean;
}

export interface ImageUrlWalk {
  /** The URL as given, trimmed. */
  input: string;
  steps: ImageUrlStepWalked[];
  /** What `imageUrl` answers. */
  result: string;
}

/**
 * `imageUrl`, step by step: every rule with the URL before and after it. The rules' names and
 * wording for people are in image-url-steps.ts (only /profile-image-debug loads them).
 */
export function walkImageUrl(url: string | null | undefined, options: ImageUrlOptions = {}): ImageUrlWalk {
  const ctx: StepContext = {
    fallback: options.fallback ?? PLACEHOLDER_IMAGE,
    now: options.now ?? Date.now(),
    ownHosts: [...(options.ownHosts ?? OWN_HOSTS), options.currentHost ?? browserHost()].filter((h): h is string => !!h),
  };
  const input = (url ?? '').trim();
  let w: Working = { url: input, parsed: null, done: false };
  const steps: ImageUrlStepWalked[] = [];
  for (const step of STEP_RULES) {
    const base = { id: step.id, before: w.url };
    if (w.done) {
      steps.push({ ...base, after: w.url, reached: false, applied: false });
      continue;
    }
    const outcome = step.apply(w, ctx);
    if (outcome) w = outcome.next;
    steps.push({ ...base, after: w.url, reached: true, applied: !!outcome?.applied });
  }
  return { input, steps, result: w.url };
}

/**
 * The URL to put in an `<img>`:
 * - none → the fallback (the placeholder by default);
 * - data:, blob:, avatar services and known third-party image hosts → unchanged;
 * - absolute URLs of our own hosts, or of any host when the path is under /uploads/ → the local path;
 * - a leading `public/` (the folder, not part of the URL) is stripped; relative paths get a leading '/';
 * - thumbnail paths without a query string get `?t={timestamp}` so a regenerated thumbnail shows.
 * Each rule is one step of `walkImageUrl`.
 */
export function imageUrl(url: string | null | undefined, options: ImageUrlOptions = {}): string {
  return walkImageUrl(url, options).result;
}

/** The default image of a kind of thing: resource, user, seller, profile, or the placeholder. */
export function defaultImage(kind: DefaultImage = 'placeholder'): string {
  return DEFAULT_IMAGES[kind];
}
