import { describe, expect, it } from 'vitest';
import {
  checkMediaLink,
  importSigningKey,
  isUploadKey,
  mediaLinkExpiry,
  newSigningSecret,
  replaceUploadLinks,
  signedUploadUrl,
  signMediaKey,
  uploadKeyOf,
  uploadKeysIn,
} from './media-links.ts';

const KEY = 'lessons/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.mp4';
const BARE = '7f1e0a52-5d1b-4e2a-9c6f-2b8e4f1a9c02.png';
const NOW = 1_800_000_000;

describe('upload keys', () => {
  it('accepts only keys the upload route makes', () => {
    expect(isUploadKey(KEY)).toBe(true);
    expect(isUploadKey(BARE)).toBe(true);
    for (const bad of ['../x', `${KEY}/..`, '%2e%2e/x', 'a/b/c.png', 'x.png', `Lessons/${BARE}`, `${BARE}\\`, '']) {
      expect(isUploadKey(bad), bad).toBe(false);
    }
  });

  it('reads the key of a link to this site only', () => {
    expect(uploadKeyOf(`/uploads/${KEY}`)).toBe(KEY);
    expect(uploadKeyOf(`/uploads/${KEY}?exp=1&sig=x#t=3`)).toBe(KEY);
    expect(uploadKeyOf(`https://cdn.example.com/uploads/${KEY}`)).toBeNull();
    expect(uploadKeyOf('/uploads/%2e%2e/x')).toBeNull();
    expect(uploadKeyOf('/uploads/../secret')).toBeNull();
    expect(uploadKeyOf('https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(uploadKeyOf(null)).toBeNull();
  });

  it('finds every upload a lesson text links to, once, and none of other hosts', () => {
    const text = `Watch ![clip](/uploads/${KEY}) then [notes](/uploads/${BARE}) and again /uploads/${KEY}.
      Not ours: https://other.example/uploads/${BARE} nor /uploads/${BARE}x/more`;
    expect(uploadKeysIn(text)).toEqual([KEY, BARE]);
    expect(uploadKeysIn('<iframe src="/uploads/' + KEY + '"></iframe>')).toEqual([KEY]);
    expect(uploadKeysIn('')).toEqual([]);
  });

  it('replaces links, dropping a stale signature', () => {
    const text = `a /uploads/${KEY}?exp=1&sig=old b (/uploads/${BARE})`;
    expect(replaceUploadLinks(text, (k) => (k === KEY ? 'NEW' : null))).toBe(`a NEW b (/uploads/${BARE})`);
  });
});

describe('signed links', () => {
  it('expire two hours ahead, on a quarter-hour step', () => {
    const now = NOW + 1;
    const exp = mediaLinkExpiry(now);
    expect(exp % (15 * 60)).toBe(0);
    expect(exp - now).toBeGreaterThanOrEqual(2 * 3600);
    expect(exp - now).toBeLessThan(2 * 3600 + 15 * 60);
    expect(mediaLinkExpiry(now + 60)).toBe(exp);
  });

  it('verifies what it signed, and nothing else', async () => {
    const key = await importSigningKey(newSigningSecret());
    const exp = NOW + 3600;
    const sig = await signMediaKey(key, KEY, exp);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await checkMediaLink(key, KEY, String(exp), sig, NOW)).toBe('valid');
    expect(await checkMediaLink(key, BARE, String(exp), sig, NOW)).toBe('invalid');
    expect(await checkMediaLink(key, KEY, String(exp + 1), sig, NOW)).toBe('invalid');
    expect(await checkMediaLink(key, KEY, String(exp), sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A'), NOW)).toBe('invalid');
    expect(await checkMediaLink(key, KEY, String(exp), sig, exp)).toBe('expired');
    expect(await checkMediaLink(key, KEY, undefined, undefined, NOW)).toBe('missing');
    expect(await checkMediaLink(key, KEY, String(exp), undefined, NOW)).toBe('invalid');
    expect(await checkMediaLink(key, KEY, '1e9', sig, NOW)).toBe('invalid');
    // The last character carries 4 bits of the MAC and 2 unused ones: each spelling but the canonical one is refused.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const c of last) {
      if (c === sig.at(-1)) continue;
      expect(await checkMediaLink(key, KEY, String(exp), sig.slice(0, -1) + c, NOW)).toBe('invalid');
    }
    expect(await checkMediaLink(key, KEY, String(exp), 'not base64!', NOW)).toBe('invalid');
    const other = await importSigningKey(newSigningSecret());
    expect(await checkMediaLink(other, KEY, String(exp), sig, NOW)).toBe('invalid');
  });

  it('makes /uploads/{key}?exp=&sig= links', async () => {
    const key = await importSigningKey('x'.repeat(32));
    const url = await signedUploadUrl(key, KEY, NOW);
    expect(url).toMatch(new RegExp(`^/uploads/${KEY.replace('.', '\\.')}\\?exp=${NOW}&sig=[A-Za-z0-9_-]{43}$`));
    expect(uploadKeyOf(url)).toBe(KEY);
  });

  it('new secrets are 32 random bytes', () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSigningSecret()).not.toBe(a);
  });
});
