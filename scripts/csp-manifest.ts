import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CSP_MANIFEST_PATH, cspManifestOf } from '../worker/src/domain/content-security.ts';

/**
 * The small stylesheets Astro inlines into the pages the server renders (decision 0020): the
 * server build's manifest lists them per page as `{"type":"inline","content":"…"}`. Their CSS
 * chunks need not match any built page's (Astro groups a rendered page's styles by its own
 * components), so they are hashed from the server build itself.
 */
export async function renderedInlineStyles(serverDir: string): Promise<string[]> {
  const out = new Set<string>();
  let entries;
  try {
    entries = await readdir(serverDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.mjs')) continue;
    const code = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const match of code.matchAll(/\{"type":"inline","content":("(?:[^"\\]|\\.)*")\}/g)) out.add(JSON.parse(match[1]!) as string);
  }
  return [...out];
}

/**
 * After `astro build`: hashes the inline scripts and styles of every built page (Astro's island
 * loader, the admin sidebar's first-paint script, small inlined stylesheets), and the inline
 * styles of the server-rendered pages, into dist/csp-manifest.json, which the server reads to send
 * the pages' Content-Security-Policy.
 */
export async function writeCspManifest(distDir: string, serverDir?: string): Promise<{ scripts: number; styles: number }> {
  const pages: string[] = [];
  for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  const manifest = await cspManifestOf(pages, serverDir ? await renderedInlineStyles(serverDir) : []);
  await writeFile(join(distDir, CSP_MANIFEST_PATH), JSON.stringify(manifest, null, 2) + '\n');
  return { scripts: manifest.scripts.length, styles: manifest.styles.length };
}
