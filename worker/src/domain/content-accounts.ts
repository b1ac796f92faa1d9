/**
 * Accounts that own demo content on a real deployment but must never sign in (decision 0016).
 * Their password hash is this marker, which `verifyPassword` rejects for every password (it is not
 * a scrypt hash), and which password reset refuses to replace.
 */
export const NO_SIGN_IN_PASSWORD_HASH = 'locked$no-sign-in';

export function canSignIn(passwordHash: string): boolean {
  return passwordHash !== NO_SIGN_IN_PASSWORD_HASH;
}
