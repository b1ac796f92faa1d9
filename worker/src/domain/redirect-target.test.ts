import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './navigation.ts';
import { redirectPath, sameOriginPath, sameOriginUrl } from './redirect-target.ts';

const ORIGIN = 'https://drx.example';

/** Targets that lead a browser to another host (as decoded from ?redirect=). */
const OFF_SITE = [
  '/\n/other.host/x',
  '/\t/other.host/x',
  '/\r/other.host/x',
  '/\t\\other.host/x',
  '/\r\n/other.host',
  '//other.host/x',
  '/\\other.host/x',
  '\\\\other.host/x',
  'https://other.host/x',
  'HTTPS://other.host',
  ' //other.host',
  'javascript:alert(1)',
  'data:text/html,hi',
  '/ok\u0000',
  '/ok\u0085',
];

describe('sameOriginPath: a redirect target followed only on this origin', () => {
  it('keeps paths of this site, with query and hash', () => {
    expect(sameOriginPath('/courses/1?x=2#top', ORIGIN)).toBe('/courses/1?x=2#top');
    expect(sameOriginPath('/', ORIGIN)).toBe('/');
    expect(sameOriginPath(`${ORIGIN}/checkout`, ORIGIN)).toBe('/checkout');
  });

  it.each(OFF_SITE)('refuses %j', (target) => {
    expect(sameOriginPath(target, ORIGIN)).toBeNull();
    expect(sameOriginPath(target)).toBeNull();
    expect(safeRedirectTarget(target)).toBeNull();
    expect(redirectPath(target, '/dashboard', ORIGIN)).toBe('/dashboard');
  });

  it('refuses nothing at all', () => {
    for (const empty of ['', null, undefined]) expect(sameOriginPath(empty, ORIGIN)).toBeNull();
  });
});

describe('sameOriginUrl: the return addresses the server builds', () => {
  it('puts a path of this site on the origin', () => {
    expect(sameOriginUrl('/seller/payments?connect=return', ORIGIN)).toBe('https://drx.example/seller/payments?connect=return');
  });

  it.each(OFF_SITE)('falls back to the origin for %j', (target) => {
    expect(sameOriginUrl(target, ORIGIN)).toBe('https://drx.example/');
    expect(sameOriginUrl(target, ORIGIN, '/profile/manage')).toBe('https://drx.example/profile/manage');
  });
});
