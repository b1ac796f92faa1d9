import { describe, expect, it } from 'vitest';
import { API_POLICY, cspHash, cspManifestOf, inlineBlocks, pagePolicy, pagePolicyFor, parseCspManifest } from './content-security.ts';

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('content security policy', () => {
  it('pages: scripts from self and the hashed inline scripts only, no plugins, no framing', () => {
    const policy = directives(pagePolicy({ scripts: ['sha256-AAAA'], styles: ['sha256-BBBB'] }));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-AAAA'"]);
    expect(policy.get('style-src-elem')).toEqual(["'self'", "'sha256-BBBB'"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'data:']));
    expect(policy.get('frame-src')).toContain('https://www.youtube-nocookie.com');
    // A take recorded in the practice room is reviewed from an object URL before it is kept.
    expect(policy.get('media-src')).toEqual(["'self'", 'https:', 'blob:']);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('without a manifest pages allow no inline script at all', () => {
    expect(directives(pagePolicy(null)).get('script-src')).toEqual(["'self'"]);
  });

  it('answers that are not pages run nothing', () => {
    const policy = directives(API_POLICY);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('script-src')).toBe(false);
  });

  it('finds inline scripts and styles, not external or data scripts', () => {
    const html = `<head><script>a()</script><script type="module">b()</script><script src="/x.js"></script>
      <script type="application/json">{"x":1}</script><style>p{}</style></head><body><script is="x">c()</script></body>`;
    expect(inlineBlocks(html)).toEqual({ scripts: ['a()', 'b()', 'c()'], styles: ['p{}'] });
  });

  it('hashes as browsers do (base64 SHA-256 of the UTF-8 text)', async () => {
    // echo -n "alert('Hello, world.');" | openssl sha256 -binary | base64
    expect(await cspHash("alert('Hello, world.');")).toBe('sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
  });

  it('builds one sorted manifest for all pages and reads it back', async () => {
    const manifest = await cspManifestOf(['<script>a()</script>', '<script>a()</script><style>p{}</style>']);
    expect(manifest.scripts).toHaveLength(1);
    expect(manifest.styles).toHaveLength(1);
    expect(parseCspManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
    expect(parseCspManifest({ scripts: ["'unsafe-inline'"], styles: [] })).toBeNull();
    expect(parseCspManifest(null)).toBeNull();
  });

  it("a page's policy lists the build's hashes of its own inline blocks only", async () => {
    const built = ['<script>a()</script><style>p{}</style>', '<script>b()</script><style>q{}</style>'];
    const manifest = await cspManifestOf(built);
    const [a, b, p, q] = await Promise.all(['a()', 'b()', 'p{}', 'q{}'].map(cspHash));
    const first = directives(await pagePolicyFor(manifest, built[0]!));
    expect(first.get('script-src')).toEqual(["'self'", `'${a}'`]);
    expect(first.get('style-src-elem')).toEqual(["'self'", `'${p}'`]);
    const second = directives(await pagePolicyFor(manifest, built[1]!));
    expect(second.get('script-src')).toEqual(["'self'", `'${b}'`]);
    expect(second.get('style-src-elem')).toEqual(["'self'", `'${q}'`]);
    // A page without inline code allows none; the rest of the policy is the page policy's.
    const none = await pagePolicyFor(manifest, '<h1>Hi</h1><script src="/x.js"></script>');
    expect(none).toBe(pagePolicy({ scripts: [], styles: [] }));
  });

  it('an inline block the build never hashed stays blocked on the page that has it', async () => {
    const manifest = await cspManifestOf(['<script>a()</script>']);
    const policy = directives(await pagePolicyFor(manifest, '<script>a()</script><script>injected()</script><style>x{}</style>'));
    expect(policy.get('script-src')).toEqual(["'self'", `'${await cspHash('a()')}'`]);
    expect(policy.get('style-src-elem')).toEqual(["'self'"]);
    expect(directives(await pagePolicyFor(null, '<script>a()</script>')).get('script-src')).toEqual(["'self'"]);
  });

  it("the API reference viewer's pages: its run-time style elements may be inline, scripts stay strict (decision 0052)", async () => {
    const manifest = { scripts: [await cspHash('a()')], styles: [await cspHash('p{}')] };
    const viewer = directives(await pagePolicyFor(manifest, '<script>a()</script><style>p{}</style><div data-api-viewer data-url="/api/openapi.json"></div>'));
    expect(viewer.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(viewer.get('script-src')).toEqual(["'self'", `'${await cspHash('a()')}'`]);
    expect(viewer.get('script-src')).not.toContain("'unsafe-inline'");
    expect(viewer.get('connect-src')).toEqual(["'self'"]);
    expect(viewer.get('font-src')).toEqual(["'self'"]);
    // Any other page keeps its hashes only; the attribute's name as text is not the viewer.
    const other = directives(await pagePolicyFor(manifest, '<style>p{}</style><p>data-api-viewer</p>'));
    expect(other.get('style-src-elem')).toEqual(["'self'", `'${await cspHash('p{}')}'`]);
  });
});
