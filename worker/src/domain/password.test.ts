import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, MIN_PASSWORD_LENGTH, SCRYPT_PARAMS, setHashCostForTests, verifyPassword } from './password.ts';

describe('password hashing', () => {
  // The test runner hashes at a low cost (tests/support/hash-cost.ts); these tests prove the app's.
  beforeAll(() => setHashCostForTests(null));

  it('uses scrypt at an OWASP setting and stores the parameters with the hash', async () => {
    expect(SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * 128).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    const hash = await hashPassword('correct horse battery');
    const [scheme, N, r, p, salt, key] = hash.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(N), Number(r), Number(p)]).toEqual([SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(SCRYPT_PARAMS.keyLength);
    expect(hash).not.toContain('correct horse battery');
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('normalises Unicode so the same password typed differently still matches', async () => {
    const composed = 'caf\u00e9-dance';
    const decomposed = 'cafe\u0301-dance';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('verifies hashes made with other parameters (they are read from the hash)', async () => {
    const hash = await hashPassword('parameters');
    const weaker = hash.replace(`$${SCRYPT_PARAMS.N}$`, '$1024$');
    // Same salt and key but other parameters: the key no longer matches.
    expect(await verifyPassword('parameters', weaker)).toBe(false);
  });

  it("keeps verifying a test runner's cheaper hashes, and hashes at the app's cost again once told", async () => {
    setHashCostForTests({ N: 1024, r: 8, p: 1 });
    const cheap = await hashPassword('cheap in tests');
    setHashCostForTests(null);
    expect(cheap.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
    expect(await verifyPassword('cheap in tests', cheap)).toBe(true);
    expect((await hashPassword('cheap in tests')).split('$').slice(1, 4).map(Number)).toEqual([SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
  });

  it('refuses malformed stored values instead of throwing', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$5$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$5$AAAA$')).toBe(false);
  });

  it('requires at least 8 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });
});
