import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at one of OWASP's equivalent settings (N=2^14, r=8, p=5: 16 MiB per hash), which fits
 * a Worker's memory and runs in workerd under nodejs_compat. The parameters are stored with each
 * hash so they can be raised later without breaking old ones.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5, keyLength: 32 } as const;

type HashCost = { N: number; r: number; p: number };

/** The cost new hashes are made at: always SCRYPT_PARAMS in the app. */
let cost: HashCost = SCRYPT_PARAMS;

/**
 * For the test runner only (tests/support/hash-cost.ts): hash new passwords at a low cost, or at
 * SCRYPT_PARAMS again with null. Nothing in the app calls it; verification reads each hash's own
 * parameters either way, so hashes of both costs keep verifying.
 */
export function setHashCostForTests(testCost: HashCost | null): void {
  cost = testCost ?? SCRYPT_PARAMS;
}

export { MIN_PASSWORD_LENGTH } from './password-rules.ts';

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = cost;
  const { keyLength } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await derive(password, salt, keyLength, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (!N || !r || !p || expected.length === 0) return false;
  const key = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(key, expected);
}
