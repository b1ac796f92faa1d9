import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder shared by the site and the API (decision 0054): the site reads the API's shapes from
 * shared/, never from the services, and shared/ stays pure.
 */

const root = resolve(import.meta.dirname, '..');

function filesUnder(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, ext));
    else if (ext.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every module a file names in an import or a re-export, as a path from the project root when relative. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specs.map((s) => (s.startsWith('.') ? relative(root, resolve(root, file, '..', s)) : s));
}

describe('the shared folder', () => {
  it('is where the site reads the API from: the site imports no service', () => {
    const found: Record<string, string[]> = {};
    for (const file of filesUnder('site/src', /\.(ts|tsx|astro)$/)) {
      const services = [...new Set(importsOf(file).filter((s) => s.startsWith('worker/src/services/')))].sort();
      if (services.length) found[file] = services;
    }
    expect(found).toEqual({});
  });

  it('stays pure: no service, platform, database driver or node: module', () => {
    for (const file of filesUnder('shared', /(?<!\.test)\.ts$/)) {
      const impure = importsOf(file).filter((s) => /^worker\/src\/(services|platform|http|routes)\//.test(s) || s.startsWith('node:') || /^(drizzle-orm|@libsql)/.test(s));
      expect(impure, file).toEqual([]);
    }
  });
});
