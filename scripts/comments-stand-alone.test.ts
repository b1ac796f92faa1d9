import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The project stands alone: a person who clones it has neither the issue tracker nor the product
// specification, so no source file, test or record points to an issue by its number or to a
// numbered section of the specification. A comment says the rule itself, or names a decision
// record. Sections of public standards (an RFC's numbered section) are references a reader can
// follow.

const root = resolve(import.meta.dirname, '..');
const CITATION = /\b[Ii]ssues? #?\d+|§\s?\d/;
const STANDARD = /\bRFC ?\d+\b[^\n]*§\s?\d|§\s?\d[^\n]*\bRFC ?\d+/;

function trackedSources(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'worker', 'site', 'db', 'shared', 'tests', 'scripts', 'docs', 'README.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => /\.(ts|tsx|astro|mjs|js|css|md)$/.test(f) && !f.startsWith('db/migrations/'));
}

describe('comments stand alone', () => {
  it('no file cites an issue number or a specification section', () => {
    const found: string[] = [];
    for (const file of trackedSources()) {
      if (file === 'scripts/comments-stand-alone.test.ts') continue;
      let text: string;
      try {
        text = readFileSync(resolve(root, file), 'utf8');
      } catch {
        continue;
      }
      text.split('\n').forEach((line, i) => {
        if (CITATION.test(line) && !STANDARD.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
