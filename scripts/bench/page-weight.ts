import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Every HTML page of a build, with the gzipped bytes of all JavaScript it loads. */
export interface PageWeight {
  page: string;
  scripts: number;
  gzipBytes: number;
  /** Island directives found on the page (client:load would hydrate before idle). */
  directives: string[];
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.html')) out.push(path);
  }
  return out;
}

/** Static imports only: dynamic imports load later, on demand. */
const STATIC_IMPORT_RE = /(?:import|export)\s*(?:[^'"`();]*?from\s*)?["'](\.{0,2}\/[^"']+\.js)["']/g;

function resolveAsset(dist: string, from: string, spec: string): string {
  if (spec.startsWith('/')) return join(dist, spec);
  return resolve(from, '..', spec);
}

export function measurePages(dist: string): PageWeight[] {
  const gzCache = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(file), { level: 9 }).length;
      gzCache.set(file, size);
    }
    return size;
  };
  const results: PageWeight[] = [];
  for (const htmlFile of walk(dist)) {
    const html = readFileSync(htmlFile, 'utf8');
    const entries = new Set<string>();
    for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) entries.add(join(dist, m[1]!));
    for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) entries.add(join(dist, m[1]!));
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      let code: string;
      try {
        code = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const m of code.matchAll(STATIC_IMPORT_RE)) queue.push(resolveAsset(dist, file, m[1]!));
    }
    let inline = 0;
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (m[1]!.trim()) inline += gzipSync(m[1]!, { level: 9 }).length;
    }
    const directives = [...new Set([...html.matchAll(/client="([a-z]+)"/g)].map((m) => m[1]!))];
    const gzipBytes = [...seen].reduce((sum, f) => {
      try {
        return sum + gz(f);
      } catch {
        return sum;
      }
    }, inline);
    const page = '/' + relative(dist, htmlFile).replace(/index\.html$/, '').replace(/\\/g, '/');
    results.push({ page, scripts: seen.size, gzipBytes, directives });
  }
  return results.sort((a, b) => a.page.localeCompare(b.page));
}
