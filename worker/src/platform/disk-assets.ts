import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AssetFetcher } from './context.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

interface CachedFile {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  immutable: boolean;
}

/**
 * Serves the built site from a folder (the Node runtime). The build does not change while the
 * server runs, so files are kept in memory after their first read.
 */
export function createDiskAssets(root: string): AssetFetcher {
  const base = resolve(root);
  const cache = new Map<string, CachedFile | null>();

  async function load(path: string): Promise<CachedFile | null> {
    if (cache.has(path)) return cache.get(path)!;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    const candidates = decoded.endsWith('/') || extname(relative) === ''
      ? [join(base, relative, 'index.html'), join(base, relative)]
      : [join(base, relative)];
    let found: CachedFile | null = null;
    for (const file of candidates) {
      if (file !== base && !file.startsWith(base + sep)) continue;
      try {
        const info = await stat(file);
        if (!info.isFile()) continue;
        found = {
          body: new Uint8Array(await readFile(file)),
          type: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
          immutable: relative.startsWith('_astro/'),
        };
        break;
      } catch {
        // not there: try the next candidate
      }
    }
    if (cache.size < 5000) cache.set(path, found);
    return found;
  }

  return async (path, request) => {
    const file = await load(path);
    if (!file) return null;
    const headers = new Headers({
      'content-type': file.type,
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
    });
    return new Response(request.method === 'HEAD' ? null : file.body, { status: 200, headers });
  };
}
