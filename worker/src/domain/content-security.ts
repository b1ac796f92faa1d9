/**
 * The Content-Security-Policy of pages and API answers (decision 0015). Scripts
 * run only from this origin or when their exact text was hashed at build time; nothing may
 * frame the site; plugins never load. Pure: the build hashes, the server assembles the header.
 */

import { PRIVACY_EMBED_BASE } from '../../../site/src/lib/video.ts';

/** Where the build writes the hashes of the inline scripts and styles of every built page. */
export const CSP_MANIFEST_PATH = '/csp-manifest.json';

export interface CspManifest {
  /** 'sha256-…' sources of inline <script> elements. */
  scripts: string[];
  /** 'sha256-…' sources of inline <style> elements. */
  styles: string[];
}

/** The players a lesson or a preview may embed: privacy-enhanced YouTube (youtube-nocookie.com) and Vimeo. */
export const EMBED_ORIGINS = [new URL(PRIVACY_EMBED_BASE).origin, 'https://player.vimeo.com'];

const quoted = (hashes: readonly string[]) => hashes.map((h) => `'${h}'`);

/**
 * The policy of every page. Style attributes (React `style` props, markdown table alignment) need
 * 'unsafe-inline' for style-src-attr; <style> elements are held to 'self' and the build's hashes
 * through style-src-elem. style-src keeps 'unsafe-inline' only for browsers without the -elem/-attr
 * split, which would otherwise block every style attribute.
 */
export function pagePolicy(manifest: CspManifest | null, options: { viewerStyles?: boolean } = {}): string {
  const scripts = quoted(manifest?.scripts ?? []);
  // The API reference viewer (decision 0052) adds its stylesheets as <style> elements at run time,
  // whose text no build hashes: on its pages alone, style elements may be inline. Scripts stay
  // held to this origin and the build's hashes.
  const styles = options.viewerStyles ? ["'unsafe-inline'"] : quoted(manifest?.styles ?? []);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scripts].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    ['style-src-elem', "'self'", ...styles].join(' '),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    // blob: a take the learner just recorded plays back on the device before it is kept (decision 0070).
    "media-src 'self' https: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // 'self': a resource's preview PDF (decision 0064), the only page of ours a page frames.
    ['frame-src', "'self'", ...EMBED_ORIGINS].join(' '),
    "worker-src 'none'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of everything else: JSON answers and uploaded files. An uploaded file opened on its
 * own (an image, a video, a PDF) shows itself and nothing more; it never runs a script.
 */
export const API_POLICY = [
  "default-src 'none'",
  "img-src 'self'",
  "media-src 'self'",
  "style-src 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A resource's preview PDF (decision 0064): the strict policy, except that the site's own pages
 * may frame it (the resource page shows it in an <iframe>); no other site may.
 */
export const PREVIEW_FRAME_POLICY = API_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** Script types a browser runs; anything else (application/json, ld+json) is data, not checked by CSP. */
const EXECUTABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/** The text of the inline <script> and <style> elements of a page, as the browser hashes them. */
export function inlineBlocks(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1]!;
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (EXECUTABLE_TYPE.test(type)) scripts.push(m[2]!);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(m[1]!);
  return { scripts, styles };
}

/** The CSP source of a text: 'sha256-' and the base64 SHA-256 of its UTF-8 bytes. */
export async function cspHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return `sha256-${btoa(binary)}`;
}

/** Hashes of inline texts already seen: the same few blocks recur on every page. */
const knownHashes = new Map<string, Promise<string>>();
const MAX_KNOWN_HASHES = 256;

function hashOnce(text: string): Promise<string> {
  let hash = knownHashes.get(text);
  if (!hash) {
    if (knownHashes.size >= MAX_KNOWN_HASHES) knownHashes.clear();
    hash = cspHash(text);
    knownHashes.set(text, hash);
  }
  return hash;
}

/**
 * The policy of one page: the build's hashes of the inline scripts and styles this page itself
 * holds — not every page's (decision 0021: the header of every page was ~1.1 KB, most of it other
 * pages' hashes). Only hashes the build made are listed: an inline block the build never saw
 * (injected markup) stays blocked, as with the whole manifest. Needs no client-side navigation:
 * the site has none (a document keeps the policy it was loaded with).
 */
export async function pagePolicyFor(manifest: CspManifest | null, html: string): Promise<string> {
  const viewerStyles = hasApiViewer(html);
  if (!manifest) return pagePolicy(null, { viewerStyles });
  const blocks = inlineBlocks(html);
  const own = async (texts: string[], allowed: readonly string[]) => {
    const hashes = new Set(await Promise.all(texts.map(hashOnce)));
    return allowed.filter((h) => hashes.has(h));
  };
  return pagePolicy({ scripts: await own(blocks.scripts, manifest.scripts), styles: await own(blocks.styles, manifest.styles) }, { viewerStyles });
}

/** Whether a page holds the API reference viewer (site/src/lib/api-reference.ts marks its place with this attribute). */
export function hasApiViewer(html: string): boolean {
  return /<[a-z]+\b[^>]*\sdata-api-viewer[\s=>]/i.test(html);
}

/** The manifest of a set of pages: every distinct inline script and style, hashed, sorted. */
export async function cspManifestOf(pages: Iterable<string>, extraStyles: Iterable<string> = []): Promise<CspManifest> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const css of extraStyles) styles.add(await cspHash(css));
  for (const html of pages) {
    const blocks = inlineBlocks(html);
    for (const s of blocks.scripts) scripts.add(await cspHash(s));
    for (const s of blocks.styles) styles.add(await cspHash(s));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

const HASH = /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

export function parseCspManifest(value: unknown): CspManifest | null {
  if (!value || typeof value !== 'object') return null;
  const { scripts, styles } = value as Record<string, unknown>;
  const hashes = (list: unknown) => (Array.isArray(list) && list.every((h) => typeof h === 'string' && HASH.test(h)) ? (list as string[]) : null);
  const s = hashes(scripts);
  const t = hashes(styles);
  return s && t ? { scripts: s, styles: t } : null;
}
