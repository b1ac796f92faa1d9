import { AFTER_REGISTER_REDIRECT, afterLoginRedirect, safeRedirectTarget, type NavUser } from '../../../worker/src/domain/navigation.ts';
import { hasAdminRole, roleList } from '../../../worker/src/domain/roles.ts';
import type { Guard } from '../routes.ts';
import { ApiError } from './api.ts';

/** What the API says (decision 0008) to a deactivated account whose password was right. */
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';

/**
 * The message under the 'Login failed' title. A throttled sign-in (429) says when to retry;
 * a deactivated account (403, only after the right password) is told so.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid username or password.';
    if (error.status === 403) return error.message || ACCOUNT_DEACTIVATED;
    if (error.status === 429) return error.message;
    if (error.status >= 500) return 'A server error occurred. Please try again later.';
  }
  return 'Login failed. Please try again.';
}

/** The message under the 'Registration failed' title. */
export function registrationErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('Username already exists')) return 'Username already taken. Please choose another.';
  return message || 'Registration failed.';
}

/** Where a user goes after signing in (or on visiting /auth signed in): ?redirect=, else the after-login rule (afterLoginRedirect). */
export function afterSignInTarget(user: NavUser, search: string): string {
  const requested = safeRedirectTarget(new URLSearchParams(search).get('redirect'));
  if (requested && !/^\/(auth|register)(\/|\?|$)/.test(requested)) return requested;
  return afterLoginRedirect(user);
}

/**
 * Where a new account goes (/dashboard), unless it was made on the way somewhere: a checkout
 * (or any page) that sent the visitor here with ?redirect= gets them back.
 */
export function afterRegisterTarget(search: string): string {
  const requested = safeRedirectTarget(new URLSearchParams(search).get('redirect'));
  if (requested && !/^\/(auth|register)(\/|\?|$)/.test(requested)) return requested;
  return AFTER_REGISTER_REDIRECT;
}

/**
 * Where a guard sends a visitor, or null when the page may be shown. Signed-in pages send
 * anonymous visitors to /auth?redirect={path}; admin pages send them to /auth and users without
 * a role containing ADMIN to /.
 */
export function guardRedirect(guard: Guard, user: NavUser | null, here: string): string | null {
  if (guard === 'public') return null;
  if (guard === 'signed-in') return user ? null : `/auth?redirect=${encodeURIComponent(here)}`;
  if (!user) return '/auth';
  return hasAdminRole(roleList(user.role)) ? null : '/';
}
