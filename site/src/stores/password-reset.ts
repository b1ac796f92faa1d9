import { setToken } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import { setSignedInUser } from './auth.ts';

/**
 * Account recovery of the public pages /forgot-password and /reset-password (decision 0016),
 * apart from the rest of ./account.ts so those pages load no query layer.
 */

/** One field that takes an email address or a username. */
export async function requestPasswordReset(identifier: string): Promise<string> {
  const value = identifier.trim();
  const body = value.includes('@') ? { email: value } : { username: value };
  const res = await call(api.password.forgot.$post({ json: body }));
  return res.message;
}

export async function resetPassword(token: string, newPassword: string): Promise<string> {
  const res = await call(api.password.reset.$post({ json: { token, newPassword } }));
  // Every session of the account ended with the reset, this browser's too.
  setToken(null);
  setSignedInUser(null);
  return res.message;
}
