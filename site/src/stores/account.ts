import { atom } from 'nanostores';
import type { SessionView } from '../../../worker/src/services/sessions.ts';
import type { OutboxMessageView } from '../../../worker/src/services/outbox.ts';
import { apiFetch, setToken } from '../lib/api.ts';
import { setSignedInUser } from './auth.ts';
import { bind, invalidate, keys, toLoadable } from './query.ts';

/**
 * Account recovery and session control (decision 0016): the session list of /profile/manage,
 * password change, forgot and reset password, and the admin's outbox at /admin/messages.
 */

export type { SessionView, OutboxMessageView };

export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; data?: T };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

// ---------- sessions ----------

export const $sessions = atom<Loadable<SessionView[]>>({ status: 'idle' });
/** Session ids being signed out right now (their buttons are disabled). */
export const $sessionsPending = atom<ReadonlySet<number | 'others'>>(new Set());

function markPending(key: number | 'others', on: boolean) {
  const next = new Set($sessionsPending.get());
  if (on) next.add(key);
  else next.delete(key);
  $sessionsPending.set(next);
}

export async function loadSessions(): Promise<void> {
  await bind<{ data: SessionView[] }, Loadable<SessionView[]>>($sessions, keys.sessions, (v) => toLoadable(v, (raw) => raw.data, messageOf));
}

/** After a change of sessions: the list is read again. */
function reloadSessions(): Promise<void> {
  invalidate(keys.sessions);
  return loadSessions();
}

/** The local part of signing out: forget the token and the user (the server ended the session). */
function forgetLocalSession() {
  setToken(null);
  setSignedInUser(null);
}

/** Signs out one session. Ending the current one signs this browser out and returns true. */
export async function signOutSession(id: number): Promise<boolean> {
  markPending(id, true);
  try {
    const res = await apiFetch<{ current: boolean }>(`/api/me/sessions/${id}`, { method: 'DELETE' });
    if (res.current) {
      forgetLocalSession();
      return true;
    }
    await reloadSessions();
    return false;
  } finally {
    markPending(id, false);
  }
}

/** "Sign out everywhere": every other session ends here; this one ends with the usual Sign Out. */
export async function signOutOtherSessions(): Promise<number> {
  markPending('others', true);
  try {
    const res = await apiFetch<{ revoked: number }>('/api/me/sessions/revoke-others', { method: 'POST' });
    await reloadSessions();
    return res.revoked;
  } finally {
    markPending('others', false);
  }
}

// ---------- passwords ----------

export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<string> {
  const res = await apiFetch<{ message: string }>('/api/me/password', { method: 'POST', json: input });
  await reloadSessions();
  return res.message;
}

// Forgot and reset password live in ./password-reset.ts: their public pages load nothing else.
export { requestPasswordReset, resetPassword } from './password-reset.ts';

// ---------- outbox (admin) ----------

export interface OutboxPage {
  data: OutboxMessageView[];
  total: number;
  page: number;
  pageSize: number;
}

export const OUTBOX_PAGE_SIZE = 20;
export const $outbox = atom<Loadable<OutboxPage>>({ status: 'idle' });

export async function loadOutbox(page = 1): Promise<void> {
  await bind<OutboxPage, Loadable<OutboxPage>>($outbox, `/api/admin/outbox?page=${page}&pageSize=${OUTBOX_PAGE_SIZE}`, (v) => toLoadable(v, (raw) => raw, messageOf));
}
