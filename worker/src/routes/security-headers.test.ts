import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { API_POLICY, PREVIEW_FRAME_POLICY } from '../domain/content-security.ts';

/** The Content-Security-Policy of every answer (decision 0015); the browser side is tests/e2e/csp.spec.ts. */
describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const policyOf = (res: Response) => res.headers.get('content-security-policy') ?? '';
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.split(/\s+/)[0] === name) ?? null;

  it('a page carries the page policy with the build\'s script hashes', async () => {
    const res = await t.request('/about');
    expect(res.status).toBe(200);
    const policy = policyOf(res);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'img-src')).toContain('https:');
    expect(directive(policy, 'frame-src')).toContain('https://www.youtube-nocookie.com');
  });

  it("each page lists only its own inline blocks' hashes, and only those the build made", async () => {
    // The fixture's home page has no inline script; its profile shell has one the build never hashed.
    for (const path of ['/', '/profile/42']) {
      const policy = policyOf(await t.request(path));
      expect(directive(policy, 'script-src'), path).toBe("script-src 'self'");
      expect(directive(policy, 'style-src-elem'), path).toBe("style-src-elem 'self'");
      expect(directive(policy, 'frame-ancestors'), path).toBe("frame-ancestors 'none'");
    }
  });

  it("pages may frame only our own resource previews besides the video players; nothing frames a page", async () => {
    const policy = policyOf(await t.request('/about'));
    expect(directive(policy, 'frame-src')?.split(/\s+/)).toEqual(['frame-src', "'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(PREVIEW_FRAME_POLICY, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(PREVIEW_FRAME_POLICY, 'default-src')).toBe("default-src 'none'");
  });

  it('the not-found page and shells carry it too', async () => {
    for (const path of ['/no/such/page', '/profile/42', '/']) {
      const res = await t.request(path);
      expect(directive(policyOf(res), 'script-src'), path).toContain("'self'");
    }
  });

  it('an API answer carries the strict policy, errors included', async () => {
    for (const path of ['/api/health', '/api/courses', '/api/no-such-thing', '/api/me']) {
      const res = await t.request(path);
      expect(policyOf(res), path).toBe(API_POLICY);
    }
  });

  it('uploaded files and redirects carry the strict policy', async () => {
    expect(policyOf(await t.request('/uploads/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.png'))).toBe(API_POLICY);
    expect(policyOf(await t.request('/admin'))).toBe(API_POLICY);
  });

  it('keeps the other security headers', async () => {
    const res = await t.request('/about');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
