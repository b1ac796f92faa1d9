import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CSP_MANIFEST_PATH, cspManifestOf } from '../worker/src/domain/content-security.ts';

/**
 * After `astro build`: hashes the inline scripts and styles of every built page (Astro's island
 * loader, the admin sidebar's first-paint script, small inlined stylesheets) into
 * dist/csp-manifest.json, which the server reads to send the pages' Content-Security-Policy.
 */
export async function writeCspManifest(distDir: string): Promise<{ scripts: number; styles: number }> {
  const pages: string[] = [];
  for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  const manifest = await cspManifestOf(pages);
  await writeFile(join(distDir, CSP_MANIFEST_PATH), JSON.stringify(manifest, null, 2) + '\n');
  return { scripts: manifest.scripts.length, styles: manifest.styles.length };
}
