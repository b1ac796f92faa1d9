import { createHash } from 'node:crypto';

/** A bearer token: 256 random bits, base64url. Only its SHA-256 is stored. */
export function generateToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Synchronous (node:crypto, also in workerd under nodejs_compat): it runs on every signed-in request. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
