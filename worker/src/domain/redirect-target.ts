import { hasControlCharacter } from './control-characters.ts';

/**
 * Every redirect the site or the API makes to a target it was given or built from a request goes
 * through here (decision 0058): the target is resolved the way a browser resolves it,
 * `new URL(target, origin)`, and followed only when it stays on that origin. A control character
 * anywhere refuses it outright: browsers drop tabs and line breaks from URLs, so `/\n/other.host`
 * would become `//other.host`, another host. Pure; safe to import from the site.
 */

/** The origin a path is checked against when the caller has none (any fixed origin serves). */
const SOME_ORIGIN = 'https://drx.invalid';

/** The target resolved against the origin when it stays there, else null. */
function resolveSameOrigin(target: string | null | undefined, origin: string): URL | null {
  if (!target || hasControlCharacter(target)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base);
  } catch {
    return null;
  }
  return url.origin === base.origin && url.origin !== 'null' ? url : null;
}

/**
 * A redirect target as a path of this site (`/path?query#hash`), or null when it leads to another
 * origin, holds a control character, or is empty. `origin` is the site's origin when known.
 */
export function sameOriginPath(target: string | null | undefined, origin: string = SOME_ORIGIN): string | null {
  const url = resolveSameOrigin(target, origin);
  return url ? url.pathname + url.search + url.hash : null;
}

/** A redirect target as a path of this site, else `fallback` (the default page). */
export function redirectPath(target: string | null | undefined, fallback: string, origin: string = SOME_ORIGIN): string {
  return sameOriginPath(target, origin) ?? fallback;
}

/**
 * An absolute URL on `origin` for a target (a path the server names, or a link it was given),
 * for the return addresses handed to a payment provider; `fallback` (a path) when the target
 * would leave the origin.
 */
export function sameOriginUrl(target: string, origin: string, fallback = '/'): string {
  const url = resolveSameOrigin(target, origin) ?? resolveSameOrigin(fallback, origin);
  if (!url) throw new Error(`Not an origin: ${origin}`);
  return url.href;
}
