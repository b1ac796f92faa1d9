/**
 * Signed links to course media (decision 0015): `/uploads/{key}?exp={epoch seconds}&sig={mac}`,
 * where mac is HMAC-SHA256 over the key and the expiry, base64url without padding. WebCrypto
 * only, so the same code signs and verifies in workerd, Node and the browser's test runner.
 */

/** The upload keys the app makes: an optional folder, a UUID and an extension. */
export const UPLOAD_KEY_PATTERN = /^(?:[a-z0-9-]{1,40}\/)?[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
export const UPLOADS_PREFIX = '/uploads/';

/** A link is good for two hours… */
export const MEDIA_LINK_TTL_SECONDS = 2 * 60 * 60;
/** …counted from the next quarter hour, so one learner's links stay the same (and cacheable) for a while. */
export const MEDIA_LINK_STEP_SECONDS = 15 * 60;

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
}

/**
 * The upload key of a link to a file of this site (`/uploads/{key}`, query and fragment ignored),
 * or null for anything else: other paths, other hosts, encoded characters, traversal.
 */
export function uploadKeyOf(link: string | null | undefined): string | null {
  if (!link) return null;
  const path = link.trim().split(/[?#]/, 1)[0]!;
  if (!path.startsWith(UPLOADS_PREFIX)) return null;
  const key = path.slice(UPLOADS_PREFIX.length);
  return isUploadKey(key) ? key : null;
}

/** Every `/uploads/{key}` a text (lesson markdown, a video link, embed code) refers to, once each. */
export function uploadKeysIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const keys = new Set<string>();
  for (const match of text.matchAll(UPLOAD_REF)) {
    const key = match[1]!;
    if (isUploadKey(key)) keys.add(key);
  }
  return [...keys];
}

/** `/uploads/` followed by the longest run of key characters, not inside a longer path. */
const UPLOAD_REF = /(?<![\w.-])\/uploads\/((?:[a-z0-9-]{1,40}\/)?[0-9a-f-]{36}\.[a-z0-9]{1,8})(?![\w/-])/g;

/**
 * Replaces every link to one of the given keys in a text with what `link` makes of it; a query
 * already on the link (an old signature) is dropped with it.
 */
export function replaceUploadLinks(text: string, link: (key: string) => string | null): string {
  return text.replace(new RegExp(`${UPLOAD_REF.source}(?:\\?[A-Za-z0-9=&%._-]*)?`, 'g'), (whole, key: string) => link(key) ?? whole);
}

/** When a link made now expires: two hours after the start of the current quarter hour, or later. */
export function mediaLinkExpiry(nowSeconds: number, ttl = MEDIA_LINK_TTL_SECONDS, step = MEDIA_LINK_STEP_SECONDS): number {
  return Math.ceil((nowSeconds + ttl) / step) * step;
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    // Only the canonical spelling: the last character's unused bits must be zero, so a link has one
    // signature (a changed padding bit would otherwise decode to the same bytes).
    return base64url(out) === text ? out : null;
  } catch {
    return null;
  }
}

/** A new random secret for signing: 32 bytes, base64url. */
export function newSigningSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The HMAC key of a secret (its UTF-8 bytes: an env value or a stored base64url string). */
export function importSigningKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** What is signed: the key and the expiry, on separate lines (neither can contain a newline). */
const message = (key: string, exp: number) => encoder.encode(`${key}\n${exp}`);

export async function signMediaKey(signingKey: CryptoKey, key: string, exp: number): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', signingKey, message(key, exp))));
}

/** `/uploads/{key}?exp=…&sig=…`. */
export async function signedUploadUrl(signingKey: CryptoKey, key: string, exp: number): Promise<string> {
  return `${UPLOADS_PREFIX}${key}?exp=${exp}&sig=${await signMediaKey(signingKey, key, exp)}`;
}

export type MediaLinkCheck = 'valid' | 'missing' | 'expired' | 'invalid';

/**
 * Checks the `exp` and `sig` of a request for a key. The comparison is WebCrypto's verify, which
 * does not leak how much of a guess was right.
 */
export async function checkMediaLink(
  signingKey: CryptoKey,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowSeconds: number,
): Promise<MediaLinkCheck> {
  if (!exp && !sig) return 'missing';
  if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp)) return 'invalid';
  const mac = fromBase64url(sig);
  if (!mac || mac.length !== 32) return 'invalid';
  const expiry = Number(exp);
  const genuine = await crypto.subtle.verify('HMAC', signingKey, mac, message(key, expiry));
  if (!genuine) return 'invalid';
  return expiry <= nowSeconds ? 'expired' : 'valid';
}
