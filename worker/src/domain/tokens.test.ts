import { describe, expect, it } from 'vitest';
import { generateToken, hashToken } from './tokens.ts';

describe('bearer tokens', () => {
  it('carry 256 random bits as base64url (43 characters, no padding)', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
  });

  it('are stored as their SHA-256, hex encoded', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = generateToken();
    const hash = hashToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashToken(token)).toBe(hash);
    expect(hashToken(generateToken())).not.toBe(hash);
  });
});
