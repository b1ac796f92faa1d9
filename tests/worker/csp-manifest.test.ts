import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderedInlineStyles, writeCspManifest } from '../../scripts/csp-manifest.ts';
import { cspHash } from '../../worker/src/domain/content-security.ts';

// A server-rendered page inlines the small stylesheets of its own components; Astro groups them by
// that page, so their text need not match any built page's and the CSP must hash them from the
// server build (the enrol page's feature gate + dialog + cart styles did not exist in any built page).
describe('the CSP manifest of the server-rendered pages', () => {
  it('hashes the inline styles the server build lists, with quotes, escapes and newlines kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-'));
    const server = join(dir, 'server');
    const dist = join(dir, 'dist');
    mkdirSync(join(server, 'chunks'), { recursive: true });
    mkdirSync(dist, { recursive: true });
    const css = '.gate{content:"\\201c"}\n.cart-line{margin:0}';
    const manifestCode = `const m = {"styles":[{"type":"external","src":"_astro/a.css"},{"type":"inline","content":${JSON.stringify(css)}}]};`;
    writeFileSync(join(server, 'chunks', 'manifest.mjs'), manifestCode);
    writeFileSync(join(server, 'notes.txt'), `{"type":"inline","content":"ignored"}`);
    writeFileSync(join(dist, 'index.html'), '<html><head><style>.built{color:red}</style></head></html>');
    expect(await renderedInlineStyles(server)).toEqual([css]);
    await writeCspManifest(dist, server);
    const written = JSON.parse(readFileSync(join(dist, 'csp-manifest.json'), 'utf8')) as { styles: string[] };
    expect(written.styles).toContain(await cspHash(css));
    expect(written.styles).toContain(await cspHash('.built{color:red}'));
    expect(await renderedInlineStyles(join(dir, 'missing'))).toEqual([]);
  });
});
